import { paginationOf, type ListResponse } from '@admin/shared/contract';

/**
 * One page of a list: the rows at the page's offset and the exact total, in the shape every list
 * answers. On PostgreSQL the two queries run side by side on separate connections.
 */
export async function pageOf<T>(
  query: { page: number; limit: number },
  count: () => Promise<number>,
  rows: (offset: number, limit: number) => Promise<T[]>,
): Promise<ListResponse<T>> {
  const { page, limit } = query;
  const [total, data] = await Promise.all([count(), rows((page - 1) * limit, limit)]);
  return { data, pagination: paginationOf(page, limit, total) };
}

/** A search term as an ILIKE pattern matching it anywhere, with the user's % _ \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

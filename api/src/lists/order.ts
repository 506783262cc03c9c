import type { SortDirection } from '@admin/shared/contract';
import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OrderBlocks } from './blocks';

/**
 * How a list sorts: the SQL of each whitelisted `sort` name, its default order and the row's id.
 * A list order belongs to one list query: pages of that query in its default order are prepared
 * once for it (pageRows).
 */
export interface ListOrder<K extends string> {
  columns: Record<K, SQLWrapper>;
  /** The order without `sort`: these columns, in this direction. */
  byDefault: { sort: readonly K[]; order: SortDirection };
  /** Unique, the last key, so rows with equal values keep one order from page to page. */
  id: SQLWrapper;
  /** The blocks the default order is counted in, where the list has them (blocks.ts). */
  blocks?: OrderBlocks;
}

/** A list in its default order, and which way that runs. */
export interface DefaultOrder {
  list: ListOrder<string>;
  descending: boolean;
}

/** A list's order as asked for: its ORDER BY, and whether that is the list's default order. */
export interface ListSort {
  by: SQL[];
  inDefaultOrder?: DefaultOrder;
}

/**
 * A list's order as asked for. `sort` (already checked against the whitelist by the contract) in
 * `order` (asc unless given), then the id the same way; without `sort`, the default columns, in
 * `order` if given, so ?order=asc alone reverses the default. Sorting by the default's first
 * column keeps its next ones (date, then number), so that header turns the default order around.
 */
export function sortOf<K extends string>(spec: ListOrder<K>, query: { sort?: K; order?: SortDirection }): ListSort {
  const descending = (query.order ?? (query.sort ? 'asc' : spec.byDefault.order)) === 'desc';
  const direction = descending ? desc : asc;
  const { sort: defaults } = spec.byDefault;
  const keys = !query.sort || query.sort === defaults[0] ? defaults : [query.sort];
  return {
    by: [...keys.map((key) => direction(spec.columns[key])), direction(spec.id)],
    inDefaultOrder: keys === defaults ? { list: spec, descending } : undefined,
  };
}

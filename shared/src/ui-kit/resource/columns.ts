import { formatDay } from '@admin/shared/dates';
import type { Column } from './data-table';

/** The 'Created Date' column every master list shows; `header` is its title in the active language. */
export function createdDateColumn<T extends { createdAt?: string | null }>(header: string): Column<T> {
  return { header, cell: (row) => formatDay(row.createdAt), sort: 'createdAt' };
}

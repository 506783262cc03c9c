import * as v from 'valibot';
import { isDay } from '../dates';

/** The page sizes staff can pick under every list. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_ORDERS)[number];

/**
 * `sort` and `order` of a list's query: `sort` names one of the list's sortable columns (the
 * field names of its rows), anything else is refused with the columns it may be; `order` is
 * asc or desc (asc when only `sort` is given). Without `sort` the list keeps its default order.
 */
export function sortEntries<const C extends string>(columns: readonly C[]) {
  return {
    sort: v.optional(
      v.picklist(
        columns,
        (issue) => `Cannot sort by ${JSON.stringify(issue.input)}: sort by one of ${columns.join(', ')}`,
      ),
    ),
    order: v.optional(v.picklist(SORT_ORDERS, 'Order must be asc or desc')),
  };
}

const day = (name: string) => v.pipe(v.string(), v.check(isDay, `${name} must be a date such as 2026-01-31`));

/** `from` and `to`: days (YYYY-MM-DD, both included) bounding a list's main date. */
export const dateRangeEntries = {
  from: v.optional(day('from')),
  to: v.optional(day('to')),
};

/** The sortable columns of each list, shared by the API's whitelist and the screens' headers. */
export const LIST_SORTS = {
  lookups: ['name', 'createdAt'],
  products: ['productName', 'productType', 'productPrice', 'createdAt'],
  customers: [
    'customerName',
    'customerKind',
    'customerNationality',
    'customerCity',
    'status',
    'dateOfCreation',
    'createdAt',
  ],
  invoices: [
    'invoiceNumber',
    'manualInvoiceNumber',
    'referenceNumber',
    'customer',
    'credit',
    'totalAmount',
    'status',
    'dateOfCreation',
    'dueDate',
    'paidAmount',
    'remainingAmount',
  ],
  schedules: [
    'scheduleName',
    'referenceNumber',
    'customer',
    'totalAmount',
    'recurringPeriod',
    'status',
    'nextInvoiceDate',
    'createdAt',
  ],
  payments: ['paymentNumber', 'customer', 'paymentType', 'paymentMode', 'amount', 'referenceNumber', 'paymentDate'],
  creditNotes: ['creditNoteNumber', 'invoice', 'customer', 'reason', 'amount', 'date'],
  cheques: ['chequeNumber', 'customer', 'bank', 'amount', 'chequeDate', 'receivedDate', 'status'],
  balances: ['customerName', 'status', 'createdAt'],
  users: ['username', 'name', 'role', 'createdAt'],
} as const;

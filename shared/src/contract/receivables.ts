import * as v from 'valibot';
import type { Day } from '../dates';
import { DayField, FilsField, ListQueryEntries, optionalDay, queryFilter } from './common';
import { CUSTOMER_STATUSES } from './customer-statuses';
import { CreditPositionSchema } from './customers';
import { RESOURCES } from './resources';

/**
 * Receivables: what customers owe and since when. Money in fils. A balance is what the customer
 * owes (invoices billed minus what they paid in money); negative when they have paid ahead.
 */

/** Aging buckets by days past the due date at the report's date. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** The bucket of an amount `daysPastDue` days past its due date (0 or less: not yet late). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

/** What remains due on invoices, by bucket, and the total of the buckets. */
const AGING_FIGURE_ENTRIES = {
  current: FilsField,
  days1to30: FilsField,
  days31to60: FilsField,
  days61to90: FilsField,
  over90: FilsField,
  total: FilsField,
} satisfies Record<AgingBucket | 'total', typeof FilsField>;
export const AgingFiguresSchema = v.strictObject(AGING_FIGURE_ENTRIES);
export type AgingFigures = v.InferOutput<typeof AgingFiguresSchema>;

const ORDERS = ['asc', 'desc'] as const;

export const AGING_SORTS = ['customerName', ...AGING_BUCKETS, 'total'] as const;
export type AgingSort = (typeof AGING_SORTS)[number];

/** GET /receivables/aging: as of a day (default the business day), customer filters, sort by any bucket. */
export const AgingQuerySchema = v.strictObject({
  ...ListQueryEntries,
  asOf: optionalDay('As-of date must be a date such as 2026-12-31'),
  status: queryFilter(v.picklist(CUSTOMER_STATUSES, 'Invalid status')),
  kind: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer kind'))),
  city: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer city'))),
  // The same `sort` and `order` as every list: a bucket's name (or customerName, total), asc or desc.
  sort: queryFilter(
    v.picklist(
      AGING_SORTS,
      (issue) => `Cannot sort by ${JSON.stringify(issue.input)}: sort by ${AGING_SORTS.join(', ')}`,
    ),
  ),
  order: queryFilter(v.picklist(ORDERS, 'order must be asc or desc')),
});
export type AgingQuery = v.InferOutput<typeof AgingQuerySchema>;

/**
 * Post-dated cheques against what is due: a PDC is a promise, not money, so it never lowers what
 * the buckets say is due; staff read what is left uncovered beside them.
 */
const AGING_EXPOSURE_ENTRIES = {
  /** Post-dated cheques received by the report's day that had not yet cleared, bounced or been returned then. */
  pdcsInHand: FilsField,
  /** total − pdcsInHand: what is due and not covered by a cheque in hand (negative when the cheques exceed it). */
  netExposure: FilsField,
};
export const AgingExposureSchema = v.strictObject(AGING_EXPOSURE_ENTRIES);
export type AgingExposure = v.InferOutput<typeof AgingExposureSchema>;

/** One customer with something due at the report's date. */
export const AgingRowSchema = v.strictObject({
  customer: v.strictObject({
    _id: v.string(),
    customerName: v.string(),
    customerAlternateName: v.nullable(v.string()),
  }),
  status: v.picklist(CUSTOMER_STATUSES),
  kindName: v.string(),
  cityName: v.string(),
  ...AGING_FIGURE_ENTRIES,
  ...AGING_EXPOSURE_ENTRIES,
  /** The customer's credit limit, exposure and headroom now, whatever the report's day. */
  credit: CreditPositionSchema,
});
export type AgingRow = v.InferOutput<typeof AgingRowSchema>;

/** The buckets of every matching customer; the PDCs of those who owe something. */
export const AgingTotalsSchema = v.strictObject({ ...AGING_FIGURE_ENTRIES, ...AGING_EXPOSURE_ENTRIES });

/** GET /receivables/aging: a page of customers and the totals of every customer the filters match. */
export interface AgingReport {
  /** The report's day. */
  asOf: Day;
  data: AgingRow[];
  totals: v.InferOutput<typeof AgingTotalsSchema>;
  pagination: { page: number; limit: number; total: number; pages: number; totalPages: number };
}

/** The words of a period's days in a query: the statement's and the collections report's. */
export const PERIOD_MESSAGES = {
  from: 'From must be a date such as 2026-09-01',
  to: 'To must be a date such as 2026-11-30',
  order: 'From cannot be after To',
} as const;

/** `from` and `to` of a query naming a period of days, both included, each optional. */
export const PERIOD_ENTRIES = { from: optionalDay(PERIOD_MESSAGES.from), to: optionalDay(PERIOD_MESSAGES.to) };

/** A period's `from` is not after its `to` when both are given ('From cannot be after To', on `from`). */
export const periodInOrder = (query: { from?: Day; to?: Day }) => !query.from || !query.to || query.from <= query.to;

/** GET /customers/{id}/statement: the period, both days included; default the last 3 months to the business day. */
export const StatementQuerySchema = v.pipe(
  v.strictObject(PERIOD_ENTRIES),
  v.forward(v.partialCheck([['from'], ['to']], periodInOrder, PERIOD_MESSAGES.order), ['from']),
);
export type StatementQuery = v.InferOutput<typeof StatementQuerySchema>;

export const STATEMENT_LINE_KINDS = ['invoice', 'advance', 'invoice_payment', 'refund', 'credit_note'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
export const STATEMENT_LINE_LABELS: Record<StatementLineKind, string> = {
  invoice: 'Invoice',
  advance: 'Advance payment',
  invoice_payment: 'Invoice payment',
  refund: 'Refund',
  credit_note: 'Credit note',
};

/**
 * One movement: debit raises what the customer owes (an invoice, a refund paid out), credit
 * lowers it (money received). An invoice payment credits only the money paid in; the part taken
 * from the advance balance was credited when the advance came in. balance = the previous line's
 * balance (or the opening balance) + debit − credit.
 */
export const StatementLineSchema = v.strictObject({
  date: DayField,
  kind: v.picklist(STATEMENT_LINE_KINDS),
  number: v.string(),
  description: v.string(),
  debit: FilsField,
  credit: FilsField,
  balance: FilsField,
});
export type StatementLine = v.InferOutput<typeof StatementLineSchema>;

export const CustomerStatementSchema = v.strictObject({
  customer: v.strictObject({
    _id: v.string(),
    customerName: v.string(),
    customerAlternateName: v.nullable(v.string()),
    paymentTermsDays: v.number(),
  }),
  from: DayField,
  to: DayField,
  /** What the customer owed at the end of the day before `from`. */
  openingBalance: FilsField,
  lines: v.array(StatementLineSchema),
  /** What the customer owed at the end of `to`: the last line's balance, or the opening one. */
  closingBalance: FilsField,
  /** What remained due on invoices at `to`, by days past due. closingBalance = aging.total − advance balance at `to`. */
  aging: AgingFiguresSchema,
});
export type CustomerStatement = v.InferOutput<typeof CustomerStatementSchema>;

/**
 * The address of a customer's printable statement (the receivables area's page), for a period
 * ('YYYY-MM-DD' days) or the default one; the customers list and the balances link to it too.
 */
export function statementPagePath(customerId: string, period: { from?: string; to?: string } = {}): string {
  const query = new URLSearchParams(Object.entries(period).filter(([, day]) => day) as [string, string][]).toString();
  return `${RESOURCES.receivables.page}/statement/${customerId}${query ? `?${query}` : ''}`;
}

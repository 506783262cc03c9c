import * as v from 'valibot';
import { DayField, FilsField, queryFilter } from './common';
import { PAYMENT_MODES, type PaymentMode } from './payments';
import { PERIOD_ENTRIES, PERIOD_MESSAGES, periodInOrder } from './receivables';

/**
 * Collections: the daily cash-up. For a period of days (default the business day) and optionally
 * one staff user, the money received by how it came in, what was paid back out or taken back, and
 * what came without being money (the advance used, post-dated cheques received), every figure
 * traced to the entries it sums. Money in fils.
 */

/**
 * How money in came: a payment mode (not Advance, which is no money in), or a post-dated cheque
 * that cleared, counted apart from a cheque that was money on the day it was received ('Check').
 */
export const COLLECTION_LINES = [
  'Cash',
  'Knet',
  'Bank Transfer',
  'Credit Card',
  'Check',
  'Cheque cleared',
] as const satisfies readonly (Exclude<PaymentMode, 'Advance'> | 'Cheque cleared')[];
export type CollectionLine = (typeof COLLECTION_LINES)[number];

export const COLLECTION_MESSAGES = {
  user: 'Invalid user',
  userNotFound: 'User not found',
} as const;

/** GET /collections: `from` and `to` (both included; default the business day, `from` alone runs to it), `user`. */
export const CollectionsQuerySchema = v.pipe(
  v.strictObject({
    ...PERIOD_ENTRIES,
    user: queryFilter(v.pipe(v.string(), v.uuid(COLLECTION_MESSAGES.user), v.toLowerCase())),
  }),
  v.forward(v.partialCheck([['from'], ['to']], periodInOrder, PERIOD_MESSAGES.order), ['from']),
);
export type CollectionsQuery = v.InferOutput<typeof CollectionsQuerySchema>;

/** One line of money in: what came in that way, what was refunded that way, and what is left of it. */
export const CollectionLineFiguresSchema = v.strictObject({
  line: v.picklist(COLLECTION_LINES),
  /** Payments of the line with money in, and the sum of their money-in parts. */
  count: v.number(),
  amount: FilsField,
  /** Refunds paid out in the line's mode, and their sum (positive). */
  refundCount: v.number(),
  refunded: FilsField,
  /** amount − refunded. */
  net: FilsField,
});
export type CollectionLineFigures = v.InferOutput<typeof CollectionLineFiguresSchema>;

/** A count and its sum. */
export const CountedAmountSchema = v.strictObject({ count: v.number(), amount: FilsField });
export type CountedAmount = v.InferOutput<typeof CountedAmountSchema>;

/**
 * What an entry is: a payment by its type, a reversal (a bounced or returned cheque's payment taken
 * back), or a post-dated cheque received (a promise, not money: it posts when it clears).
 */
export const COLLECTION_ENTRY_KINDS = ['advance', 'invoice_payment', 'refund', 'reversal', 'pdc'] as const;
export type CollectionEntryKind = (typeof COLLECTION_ENTRY_KINDS)[number];

/** One entry of the period: a payment, or a post-dated cheque received. */
export const CollectionEntrySchema = v.strictObject({
  /** The payment's id, or the cheque's. */
  _id: v.string(),
  kind: v.picklist(COLLECTION_ENTRY_KINDS),
  /** PAY-000042, or the cheque's number. */
  number: v.string(),
  /** The payment's date, or the day the cheque was received. */
  date: DayField,
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  paymentMode: v.picklist(PAYMENT_MODES),
  /** The line of money in it counts on (its money in, or its refund); null when none. */
  line: v.nullable(v.picklist(COLLECTION_LINES)),
  /** As recorded: negative for a refund or a reversal; a cheque's amount. */
  amount: FilsField,
  /** What of it was money in (negative: paid out or taken back): amount − advance used; 0 for a cheque not yet money. */
  moneyIn: FilsField,
  advanceUsed: FilsField,
  referenceNumber: v.nullable(v.string()),
  /** A post-dated cheque's own date, when it is due; null for payments. */
  chequeDate: v.nullable(DayField),
  recordedBy: v.nullable(v.strictObject({ _id: v.string(), name: v.string() })),
});
export type CollectionEntry = v.InferOutput<typeof CollectionEntrySchema>;

/**
 * The cash-up of a period. They add up to the fils:
 *   Σ lines.amount − refunds.amount − bounces.amount = netCollected = Σ entries.moneyIn
 * The advance used and the PDCs received are not money in and are in none of those sums.
 */
export const CollectionsReportSchema = v.strictObject({
  from: DayField,
  to: DayField,
  /** The staff user the report is limited to, or null for everyone. */
  user: v.nullable(v.strictObject({ _id: v.string(), name: v.string() })),
  /** Every line, in COLLECTION_LINES order, zeros included. */
  lines: v.array(CollectionLineFiguresSchema),
  /** Σ lines.amount. */
  moneyIn: FilsField,
  /** Refunds of advance balances paid out (positive). */
  refunds: CountedAmountSchema,
  /** Cheques bounced or returned in the period (count) and the money their reversals took back (positive). */
  bounces: CountedAmountSchema,
  netCollected: FilsField,
  /** Invoice payments that took part or all from the advance balance: not money in. */
  advanceUsed: CountedAmountSchema,
  /** Post-dated cheques received: not money until they clear. */
  pdcsReceived: CountedAmountSchema,
  /** The period's entries in date order, at most COLLECTION_ENTRY_LIMIT; the CSV holds them all. */
  entries: v.array(CollectionEntrySchema),
  entryCount: v.number(),
});
export type CollectionsReport = v.InferOutput<typeof CollectionsReportSchema>;

/** Entries a report carries; a longer period's are all in its CSV. */
export const COLLECTION_ENTRY_LIMIT = 1000;

/** GET /collections/staff: whom a report can be limited to (every user, deactivated ones too). */
export const CollectionStaffSchema = v.strictObject({
  _id: v.string(),
  name: v.string(),
  username: v.string(),
  active: v.boolean(),
});
export type CollectionStaff = v.InferOutput<typeof CollectionStaffSchema>;

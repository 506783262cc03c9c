import * as v from 'valibot';
import {
  DayField,
  daySchema,
  FilsField,
  ListQueryEntries,
  moneySchema,
  optionalText,
  queryFilter,
  refSchema,
} from './common';
import { LineInputSchema, LineSchema, type Line } from './invoices';
import { dateRangeEntries, sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';

/**
 * A credit note takes part of an invoice back (docs/decisions.md, "Credit notes"): what it credits
 * first lowers what the invoice still owes, the rest (already paid) goes to the customer's advance
 * balance. Issued once, never edited or deleted; a debit note (an invoice) corrects a wrong one.
 */
export const CREDIT_NOTE_REASONS = ['return', 'price_adjustment', 'cancellation', 'write_off', 'other'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

export const CREDIT_NOTE_REASON_LABELS: Record<CreditNoteReason, string> = {
  return: 'Return',
  price_adjustment: 'Price adjustment',
  cancellation: 'Cancellation',
  write_off: 'Write-off',
  other: 'Other',
};

/** Automatic numbers look like CN-000123. */
export const CREDIT_NOTE_PREFIX = 'CN-';

export const CREDIT_NOTE_MESSAGES = {
  invoice: 'Invoice is required',
  date: 'Date is required',
  reason: 'Reason must be return, price adjustment, cancellation, write-off or other',
  amount: 'Amount is required',
  amountMin: 'Amount must be greater than 0',
  linesOrAmount: 'Give either lines or an amount',
  lineTwice: 'Each product can be credited once per credit note',
  notesMax: 'Notes cannot exceed 2000 characters',
  why: 'Reason is required',
  whyMax: 'Reason cannot exceed 500 characters',
} as const;

/** One credited line: a product of the invoice and how many of it; valued at the invoice's price. */
export const CreditNoteLineSchema = v.strictObject({
  product: LineInputSchema.entries.product,
  quantity: LineInputSchema.entries.quantity,
});
export type CreditNoteLineInput = v.InferOutput<typeof CreditNoteLineSchema>;

/** POST /credit-notes: for some lines of the invoice or for an amount, never both. */
export const CreditNoteInputSchema = v.pipe(
  v.strictObject({
    invoice: refSchema(CREDIT_NOTE_MESSAGES.invoice),
    date: daySchema(CREDIT_NOTE_MESSAGES.date),
    reason: v.picklist(CREDIT_NOTE_REASONS, CREDIT_NOTE_MESSAGES.reason),
    lines: v.optional(
      v.pipe(
        v.array(CreditNoteLineSchema, CREDIT_NOTE_MESSAGES.linesOrAmount),
        v.minLength(1, CREDIT_NOTE_MESSAGES.linesOrAmount),
        v.maxLength(200, 'At most 200 lines'),
        v.check(
          (lines) => new Set(lines.map((line) => line.product)).size === lines.length,
          CREDIT_NOTE_MESSAGES.lineTwice,
        ),
      ),
    ),
    amount: v.optional(moneySchema(CREDIT_NOTE_MESSAGES.amount, 1, CREDIT_NOTE_MESSAGES.amountMin)),
    notes: optionalText(2000, CREDIT_NOTE_MESSAGES.notesMax),
  }),
  v.forward(
    v.partialCheck(
      [['lines'], ['amount']],
      (input) => (input.lines === undefined) !== (input.amount === undefined),
      CREDIT_NOTE_MESSAGES.linesOrAmount,
    ),
    ['amount'],
  ),
);
export type CreditNoteInput = v.InferOutput<typeof CreditNoteInputSchema>;

/** Why an invoice is cancelled or written off, in staff's words. */
const why = v.pipe(
  v.string(CREDIT_NOTE_MESSAGES.why),
  v.trim(),
  v.nonEmpty(CREDIT_NOTE_MESSAGES.why),
  v.maxLength(500, CREDIT_NOTE_MESSAGES.whyMax),
);

/** POST /invoices/{id}/cancel and POST /invoices/{id}/write-off: the day and why. */
export const InvoiceCorrectionSchema = v.strictObject({ date: daySchema(CREDIT_NOTE_MESSAGES.date), reason: why });
export type InvoiceCorrection = v.InferOutput<typeof InvoiceCorrectionSchema>;

/** GET /credit-notes: page, limit, search (numbers, customer name), filters, date from/to, sort. */
export const CreditNoteListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  customer: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer'))),
  invoice: queryFilter(v.pipe(v.string(), v.uuid('Invalid invoice'))),
  reason: queryFilter(v.picklist(CREDIT_NOTE_REASONS, CREDIT_NOTE_MESSAGES.reason)),
  ...dateRangeEntries,
  ...sortEntries(LIST_SORTS.creditNotes),
});
export type CreditNoteListQuery = v.InferOutput<typeof CreditNoteListQuerySchema>;

/**
 * A credited line: the invoice line's product and price, the credited units, what the invoice's
 * discounts took off those units (as `{ amount }`, only when they took any), and what they were
 * worth on the invoice.
 */
export type CreditNoteLine = Line;

/** A credit note as the API answers it: exactly these fields (it is never edited, so no updatedAt). */
export const CreditNoteSchema = v.strictObject({
  _id: v.string(),
  creditNoteNumber: v.string(),
  invoice: v.strictObject({ _id: v.string(), invoiceNumber: v.string() }),
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  date: DayField,
  reason: v.picklist(CREDIT_NOTE_REASONS),
  /** Empty when issued for an amount. */
  lines: v.array(LineSchema),
  amount: FilsField,
  /** The part that lowered what the invoice still owed. */
  owedAmount: FilsField,
  /** The part the invoice had already been paid: it went to the customer's advance balance. */
  toAdvance: FilsField,
  notes: v.nullable(v.string()),
  /** The debit notes (invoices) that correct it. */
  debitNotes: v.array(v.strictObject({ _id: v.string(), invoiceNumber: v.string() })),
  recordedBy: v.nullable(v.strictObject({ _id: v.string(), username: v.string() })),
  createdAt: v.string(),
});
export type CreditNote = v.InferOutput<typeof CreditNoteSchema>;

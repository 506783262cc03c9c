import * as v from 'valibot';
import type { Day } from '../dates';
import { fils, filsToKdString, type Fils } from '../money';
import {
  DayField,
  daySchema,
  FilsField,
  ListQueryEntries,
  moneySchema,
  optionalLine,
  optionalText,
  queryFilter,
  refSchema,
  StampEntries,
} from './common';
import { dateRangeEntries, sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { PaymentChequeSchema } from './cheque-details';

export const PAYMENT_TYPES = ['advance', 'invoice_payment', 'refund'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_MODES = ['Cash', 'Knet', 'Advance', 'Bank Transfer', 'Credit Card', 'Check'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'Cash';
/** The mode of money taken from the customer's advance balance rather than paid now. */
export const ADVANCE_MODE: PaymentMode = 'Advance';
/** The mode of a customer's cheque: with its details, the cheque enters the register. */
export const CHEQUE_MODE: PaymentMode = 'Check';

export const PAYMENT_MESSAGES = {
  customer: 'Customer is required',
  paymentDate: 'Payment date is required',
  paymentMode: 'Payment mode is required',
  amount: 'Amount is required',
  amountMin: 'Amount must be greater than 0',
  noInvoice: 'Please select at least one invoice to pay',
  duplicateInvoice: 'Each invoice can appear only once in a payment',
  amountMismatch: 'Amount does not match the invoices',
  advanceMode: 'Advance is only for payments made from the advance balance',
  moneyFixed: 'Amounts cannot be changed; delete the payment and record it again',
  advanceUsed: 'This advance has already been used',
  chequeMode: 'Cheque details go with the payment mode Check',
  postDatedCheque: 'A post-dated cheque is recorded on the Cheques page',
} as const;

/** Amounts are integer fils: at least 1 (0.001 KD). */
const amountSchema = moneySchema(PAYMENT_MESSAGES.amount, 1, PAYMENT_MESSAGES.amountMin);

const commonEntries = {
  customer: refSchema(PAYMENT_MESSAGES.customer),
  paymentDate: daySchema(PAYMENT_MESSAGES.paymentDate),
  paymentMode: v.picklist(PAYMENT_MODES, PAYMENT_MESSAGES.paymentMode),
  referenceNumber: optionalLine(100, 'Reference number cannot exceed 100 characters'),
  notes: optionalText(1000, 'Notes cannot exceed 1000 characters'),
};

/** Money paid now, as the mode says: an advance or a refund cannot be "paid" from the advance balance. */
const paidNowMode = v.pipe(
  v.picklist(PAYMENT_MODES, PAYMENT_MESSAGES.paymentMode),
  v.check((mode) => mode !== ADVANCE_MODE, PAYMENT_MESSAGES.advanceMode),
);

/** A payment's cheque, when it has one: in mode Check, and dated no later than the payment. */
const chequeEntry = { cheque: v.optional(v.nullable(PaymentChequeSchema)) };
const chequeInItsMode = (input: { paymentMode: PaymentMode; cheque?: unknown }) =>
  !input.cheque || input.paymentMode === CHEQUE_MODE;
const chequeNotPostDated = (input: { paymentDate: Day; cheque?: { chequeDate: Day } | null }) =>
  !input.cheque || input.cheque.chequeDate <= input.paymentDate;

const paidNowEntries = { ...commonEntries, paymentMode: paidNowMode, amount: amountSchema };

/** POST /payments/advance: credit for the customer; a cheque's details when it is paid by one. */
export const AdvancePaymentInputSchema = v.pipe(
  v.strictObject({ ...paidNowEntries, ...chequeEntry }),
  v.forward(v.partialCheck([['paymentMode'], ['cheque']], chequeInItsMode, PAYMENT_MESSAGES.chequeMode), ['cheque']),
  v.forward(
    v.partialCheck([['paymentDate'], ['cheque', 'chequeDate']], chequeNotPostDated, PAYMENT_MESSAGES.postDatedCheque),
    ['cheque', 'chequeDate'],
  ),
);
export type AdvancePaymentInput = v.InferOutput<typeof AdvancePaymentInputSchema>;

/** POST /payments/refund: `amount` is the positive sum paid back; it is stored negative. */
export const RefundInputSchema = v.strictObject(paidNowEntries);
export type RefundInput = v.InferOutput<typeof RefundInputSchema>;

/** One invoice of an invoice payment. Only `invoice` and `paidAmount` count; the rest is the screen's view. */
export const RelatedInvoiceSchema = v.strictObject({
  invoice: refSchema('Invoice is required'),
  paidAmount: amountSchema,
  invoiceNumber: v.optional(v.nullable(v.string())),
  totalAmount: v.optional(v.nullable(v.number())),
  remainingAmount: v.optional(v.nullable(v.number())),
});

/** No invoice twice among the lines (ids compared in either case). */
export const eachInvoiceOnce = (lines: readonly { invoice: string }[]) =>
  new Set(lines.map((line) => line.invoice.toLowerCase())).size === lines.length;

/**
 * POST /payments/invoice. `amount`, when sent, must be the sum of the paid amounts. With
 * useAdvanceBalance (or mode 'Advance'), the advance balance pays min(total, balance) first.
 */
export const InvoicePaymentInputSchema = v.pipe(
  v.strictObject({
    ...commonEntries,
    amount: v.optional(v.nullable(v.number())),
    relatedInvoices: v.pipe(
      v.array(RelatedInvoiceSchema, PAYMENT_MESSAGES.noInvoice),
      v.minLength(1, PAYMENT_MESSAGES.noInvoice),
      v.maxLength(200, 'A payment can settle at most 200 invoices'),
      v.check((lines) => eachInvoiceOnce(lines), PAYMENT_MESSAGES.duplicateInvoice),
    ),
    useAdvanceBalance: v.optional(v.boolean(), false),
    ...chequeEntry,
  }),
  v.forward(v.partialCheck([['paymentMode'], ['cheque']], chequeInItsMode, PAYMENT_MESSAGES.chequeMode), ['cheque']),
  v.forward(
    v.partialCheck([['paymentDate'], ['cheque', 'chequeDate']], chequeNotPostDated, PAYMENT_MESSAGES.postDatedCheque),
    ['cheque', 'chequeDate'],
  ),
);
export type InvoicePaymentInput = v.InferOutput<typeof InvoicePaymentInputSchema>;

/** Fields of a payment that move money; PUT refuses them. */
export const PAYMENT_MONEY_FIELDS = [
  'customer',
  'paymentType',
  'amount',
  'advanceUsed',
  'remainingAmountPaid',
  'relatedInvoices',
  'allocations',
  'useAdvanceBalance',
] as const;

/** PUT /payments/{id}: the fields that do not move money; absent ones stay as they are. */
export const PaymentUpdateSchema = v.strictObject({
  paymentDate: v.optional(daySchema(PAYMENT_MESSAGES.paymentDate)),
  paymentMode: v.optional(v.picklist(PAYMENT_MODES, PAYMENT_MESSAGES.paymentMode)),
  referenceNumber: commonEntries.referenceNumber,
  notes: commonEntries.notes,
});
export type PaymentUpdate = v.InferOutput<typeof PaymentUpdateSchema>;

/** GET /payments: page, limit, search (payment number, reference, customer name) and filters. */
export const PaymentListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  paymentType: queryFilter(v.picklist(PAYMENT_TYPES, 'Invalid payment type')),
  paymentMode: queryFilter(v.picklist(PAYMENT_MODES, 'Invalid payment mode')),
  customer: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer'))),
  ...dateRangeEntries,
  ...sortEntries(LIST_SORTS.payments),
});
export type PaymentListQuery = v.InferOutput<typeof PaymentListQuerySchema>;

/** What an invoice payment settled on one invoice. */
export const PaymentAllocationSchema = v.strictObject({
  invoice: v.string(),
  invoiceNumber: v.string(),
  amount: FilsField,
});
export type PaymentAllocation = v.InferOutput<typeof PaymentAllocationSchema>;

/** A payment as the API answers it: exactly these fields. */
export const PaymentSchema = v.strictObject({
  ...StampEntries,
  paymentNumber: v.string(),
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  paymentType: v.picklist(PAYMENT_TYPES),
  paymentMode: v.picklist(PAYMENT_MODES),
  /** Negative for refunds, and for the reversals of a bounced or returned cheque's payments. */
  amount: FilsField,
  /** The part of an invoice payment taken from the advance balance. */
  advanceUsed: FilsField,
  /** amount − advanceUsed for invoice payments: what was paid in paymentMode. */
  remainingAmountPaid: FilsField,
  /** What an invoice payment settled on each invoice (empty for advances and refunds). */
  allocations: v.array(PaymentAllocationSchema),
  paymentDate: DayField,
  referenceNumber: v.nullable(v.string()),
  notes: v.nullable(v.string()),
});
export type Payment = v.InferOutput<typeof PaymentSchema>;

/** The answer of POST /payments/invoice: `{ data: InvoicePaymentResult }`. */
export const InvoicePaymentResultSchema = v.strictObject({
  payment: PaymentSchema,
  advanceUsed: FilsField,
  remainingAmountPaid: FilsField,
});
export type InvoicePaymentResult = v.InferOutput<typeof InvoicePaymentResultSchema>;

/** GET /payments/customer/{id}/balance: `{ data: CustomerBalance }`. */
export const CustomerBalanceSchema = v.strictObject({
  advanceBalance: FilsField,
  /** Remaining of the customer's due invoices (sent, unpaid, overdue). */
  totalDue: FilsField,
  /** advanceBalance − totalDue. */
  netBalance: FilsField,
  /** Settled on the customer's invoices (from every invoice payment, the advance-funded part included). */
  totalPaid: FilsField,
  /** Day of the latest advance or invoice payment, or null. */
  lastPaymentDate: v.nullable(DayField),
});
export type CustomerBalance = v.InferOutput<typeof CustomerBalanceSchema>;

/** GET /payments/customer/{id}/summary: `{ data: CustomerPaymentSummary }`. */
export const CustomerPaymentSummarySchema = v.strictObject({
  paymentSummary: v.array(
    v.strictObject({ _id: v.picklist(PAYMENT_TYPES), totalAmount: FilsField, count: v.number() }),
  ),
  invoiceSummary: v.array(v.strictObject({ _id: v.string(), totalAmount: FilsField, count: v.number() })),
});
export type CustomerPaymentSummary = v.InferOutput<typeof CustomerPaymentSummarySchema>;

/** One part of what paid a payment: its mode and how much of it. */
export interface PaymentPart {
  mode: PaymentMode;
  amount: Fils;
}

/**
 * What paid a payment: the chosen mode's part first (what came in, or went out for a refund),
 * then the advance balance's. A payment wholly from the advance is stored in mode Advance: its one
 * part is the advance's.
 */
export function paymentParts(payment: { paymentMode: PaymentMode; amount: Fils; advanceUsed: Fils }): PaymentPart[] {
  const paidNow = fils(Math.abs(payment.amount) - payment.advanceUsed);
  const parts: PaymentPart[] = [];
  if (paidNow > 0) parts.push({ mode: payment.paymentMode, amount: paidNow });
  if (payment.advanceUsed > 0) parts.push({ mode: ADVANCE_MODE, amount: payment.advanceUsed });
  return parts;
}

/**
 * How a payment was paid, in English: its mode, or, when it took part from the advance balance,
 * both parts ('Knet 15.000 + Advance 45.000'), so the advance's part is never read as money in.
 */
export function paidBy(payment: { paymentMode: PaymentMode; amount: Fils; advanceUsed: Fils }): string {
  const parts = paymentParts(payment);
  return parts.length > 1
    ? parts.map((part) => `${part.mode} ${filsToKdString(part.amount)}`).join(' + ')
    : payment.paymentMode;
}

/**
 * How an invoice payment of `total` is funded: when the advance balance is to be used (the switch,
 * or mode Advance) it pays the smaller of the total and the balance, the chosen mode the rest. The
 * one rule of the dialog's breakdown and the API's payment.
 */
export function fundingOf(total: Fils, advanceBalance: Fils, fromAdvance: boolean): { advanceUsed: Fils; rest: Fils } {
  const advanceUsed = fils(fromAdvance ? Math.min(total, Math.max(0, advanceBalance)) : 0);
  return { advanceUsed, rest: fils(total - advanceUsed) };
}

import * as v from 'valibot';
import { DayField, FilsField } from './common';
import { PAYMENT_MODES, PAYMENT_TYPES, type PaymentPart, type PaymentType } from './payments';

export const ReceiptInvoiceSchema = v.strictObject({
  invoice: v.string(),
  invoiceNumber: v.string(),
  totalAmount: FilsField,
  /** What this payment settled on it. */
  paidAmount: FilsField,
  /**
   * What it still owed once this payment was recorded: later payments, and the later reversal of an
   * earlier one, leave a receipt as it was issued.
   */
  remainingAfter: FilsField,
});
export type ReceiptInvoice = v.InferOutput<typeof ReceiptInvoiceSchema>;

export const ReceiptChequeSchema = v.strictObject({
  _id: v.string(),
  chequeNumber: v.string(),
  bank: v.strictObject({ _id: v.string(), bankName: v.string(), bankNameAr: v.nullable(v.string()) }),
  chequeDate: DayField,
  drawerName: v.nullable(v.string()),
});
export type ReceiptCheque = v.InferOutput<typeof ReceiptChequeSchema>;

/** A receipt's part: a mode and its amount (contract/payments.ts, paymentParts). */
export type ReceiptPart = PaymentPart;

/**
 * GET /payments/{id}/receipt: `{ data: PaymentReceipt }`. What a payment's printed receipt states:
 * money received (an advance or an invoice payment, a cheque's included), or, for a refund, money
 * paid out. A reversal entry (a bounced or returned cheque's) has none.
 */
export const PaymentReceiptSchema = v.strictObject({
  /** The payment's id. */
  _id: v.string(),
  /** The payment's number with its own prefix: RCT-000123 for PAY-000123, RFD-000123 for a refund. */
  receiptNumber: v.string(),
  paymentNumber: v.string(),
  paymentType: v.picklist(PAYMENT_TYPES),
  paymentDate: DayField,
  customer: v.strictObject({
    _id: v.string(),
    customerName: v.string(),
    customerAlternateName: v.nullable(v.string()),
  }),
  /** What paid it, by mode: 'Knet' 15.000 and 'Advance' 45.000 for an invoice payment partly from the advance. */
  parts: v.array(v.strictObject({ mode: v.picklist(PAYMENT_MODES), amount: FilsField })),
  /** The sum of the parts: received, or paid out for a refund (never negative). */
  total: FilsField,
  /** The total in words, in both languages. */
  amountInWords: v.strictObject({ en: v.string(), ar: v.string() }),
  /** What an invoice payment settled, in invoice-number order; empty for advances and refunds. */
  invoices: v.array(ReceiptInvoiceSchema),
  /** The cheque that posted the payment, or null. */
  cheque: v.nullable(ReceiptChequeSchema),
  /** The entry that took the payment back when its cheque bounced or was returned, or null. */
  takenBackBy: v.nullable(v.strictObject({ paymentNumber: v.string(), paymentDate: DayField })),
  referenceNumber: v.nullable(v.string()),
  notes: v.nullable(v.string()),
});
export type PaymentReceipt = v.InferOutput<typeof PaymentReceiptSchema>;

/** A receipt's number: its payment's digits behind RCT- (RFD- for a refund), so no second sequence is kept. */
export function receiptNumberOf(paymentNumber: string, paymentType: PaymentType): string {
  return paymentNumber.replace(/^PAY-/, paymentType === 'refund' ? 'RFD-' : 'RCT-');
}

/**
 * A search term as the payments list reads it: a receipt's or voucher's number ('RCT-000123',
 * 'rfd-0001') is its payment's ('PAY-000123'), so staff find a payment from the paper in hand.
 */
export function paymentSearchOf(term: string): string {
  return term.replace(/^(\s*)(RCT|RFD)-/i, '$1PAY-');
}

import type { Day } from '../dates';
import type { Fils } from '../money';
import type { Language } from './languages';
import type { Bank } from './lookups';
import type { PaymentPart, PaymentType } from './payments';

/**
 * GET /payments/{id}/receipt: `{ data: PaymentReceipt }`. What a payment's printed receipt states:
 * money received (an advance or an invoice payment, a cheque's included), or, for a refund, money
 * paid out. A reversal entry (a bounced or returned cheque's) has none.
 */
export interface PaymentReceipt {
  /** The payment's id. */
  _id: string;
  /** The payment's number with its own prefix: RCT-000123 for PAY-000123, RFD-000123 for a refund. */
  receiptNumber: string;
  paymentNumber: string;
  paymentType: PaymentType;
  paymentDate: Day;
  customer: { _id: string; customerName: string; customerAlternateName: string | null };
  /** What paid it, by mode: 'Knet' 15.000 and 'Advance' 45.000 for an invoice payment partly from the advance. */
  parts: ReceiptPart[];
  /** The sum of the parts: received, or paid out for a refund (never negative). */
  total: Fils;
  /** The total in words, in both languages. */
  amountInWords: Record<Language, string>;
  /** What an invoice payment settled, in invoice-number order; empty for advances and refunds. */
  invoices: ReceiptInvoice[];
  /** The cheque that posted the payment, or null. */
  cheque: ReceiptCheque | null;
  /** The entry that took the payment back when its cheque bounced or was returned, or null. */
  takenBackBy: { paymentNumber: string; paymentDate: Day } | null;
  referenceNumber: string | null;
  notes: string | null;
}

/** A receipt's part: a mode and its amount (contract/payments.ts, paymentParts). */
export type ReceiptPart = PaymentPart;

export interface ReceiptInvoice {
  invoice: string;
  invoiceNumber: string;
  totalAmount: Fils;
  /** What this payment settled on it. */
  paidAmount: Fils;
  /**
   * What it still owed once this payment was recorded: later payments, and the later reversal of an
   * earlier one, leave a receipt as it was issued.
   */
  remainingAfter: Fils;
}

export interface ReceiptCheque {
  _id: string;
  chequeNumber: string;
  bank: Pick<Bank, '_id' | 'bankName' | 'bankNameAr'>;
  chequeDate: Day;
  drawerName: string | null;
}

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

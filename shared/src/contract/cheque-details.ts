import * as v from 'valibot';
import { daySchema, optionalText, refSchema } from './common';

export const CHEQUE_MESSAGES = {
  customer: 'Customer is required',
  chequeNumber: 'Cheque number is required',
  chequeNumberMax: 'Cheque number cannot exceed 30 characters',
  bank: 'Bank is required',
  chequeDate: 'Cheque date is required',
  receivedDate: 'Received date is required',
  amount: 'Amount is required',
  amountMin: 'Amount must be greater than 0',
  invoicesOverAmount: 'The invoices cannot take more than the cheque amount',
  duplicateInvoice: 'Each invoice can appear only once in a cheque',
  date: 'Date is required',
  reason: 'Reason is required',
  reasonMax: 'Reason cannot exceed 500 characters',
  charge: 'Charge is required',
  chargeMin: 'Charge must be greater than 0',
} as const;

/** What identifies a cheque, the same whether it comes to the register or with a payment. */
export const CHEQUE_DETAIL_ENTRIES = {
  chequeNumber: v.pipe(
    v.string(CHEQUE_MESSAGES.chequeNumber),
    v.trim(),
    v.nonEmpty(CHEQUE_MESSAGES.chequeNumber),
    v.maxLength(30, CHEQUE_MESSAGES.chequeNumberMax),
  ),
  bank: refSchema(CHEQUE_MESSAGES.bank),
  drawerName: optionalText(100, 'Drawer name cannot exceed 100 characters'),
  chequeDate: daySchema(CHEQUE_MESSAGES.chequeDate),
};

/**
 * The cheque a payment in mode Check is made with (`cheque` of the payment requests): it enters
 * the cheque register, posted at once, so a bounce can take it back (docs/decisions.md, "Cheques").
 */
export const PaymentChequeSchema = v.strictObject(CHEQUE_DETAIL_ENTRIES);
export type PaymentCheque = v.InferOutput<typeof PaymentChequeSchema>;

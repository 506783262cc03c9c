import { ChequeInputSchema } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import { emptyToAbsent, formSchema, type MoneyValue } from '@admin/shared/ui-kit';

/** An invoice the cheque is meant for, with what it still owes when it was ticked. */
export interface ChosenInvoice {
  invoice: string;
  invoiceNumber: string;
  remainingAmount: Fils;
}

/** The record dialog's values. Dates are the day typed ('YYYY-MM-DD'); optional texts are '' when empty. */
export interface ChequeValues {
  customer: string;
  chequeNumber: string;
  bank: string;
  drawerName: string;
  chequeDate: string;
  receivedDate: string;
  amount: MoneyValue;
  invoices: ChosenInvoice[];
  notes: string;
}

export const emptyCheque = (): ChequeValues => {
  const today = businessToday();
  return {
    customer: '',
    chequeNumber: '',
    bank: '',
    drawerName: '',
    chequeDate: today,
    receivedDate: today,
    amount: null,
    invoices: [],
    notes: '',
  };
};

/**
 * The cheque's amount spread over the invoices ticked, in the order they were ticked, each taking
 * what it still owes until the amount runs out; what is left is the customer's advance once posted.
 */
export function spreadOver(amount: Fils, invoices: readonly ChosenInvoice[]) {
  let left = amount;
  const lines: { invoice: string; paidAmount: Fils }[] = [];
  for (const { invoice, remainingAmount } of invoices) {
    const part = fils(Math.min(left, remainingAmount));
    if (part <= 0) break;
    lines.push({ invoice, paidAmount: part });
    left = fils(left - part);
  }
  return lines;
}

/** The request: an amount that is not yet a number goes as typed, for the contract to say what is wrong with it. */
const chequeRequest = (values: ChequeValues) => ({
  customer: values.customer,
  chequeNumber: values.chequeNumber,
  bank: values.bank,
  drawerName: emptyToAbsent(values.drawerName),
  chequeDate: values.chequeDate,
  receivedDate: values.receivedDate,
  amount: values.amount ?? '',
  relatedInvoices:
    typeof values.amount === 'number' && values.invoices.length
      ? spreadOver(values.amount, values.invoices)
      : undefined,
  notes: emptyToAbsent(values.notes),
});

export const chequeSchema = formSchema(chequeRequest, ChequeInputSchema);

/** Dated after the day it was received: a post-dated cheque, which posts nothing until it clears. */
export const isPostDated = (values: Pick<ChequeValues, 'chequeDate' | 'receivedDate'>) =>
  Boolean(values.chequeDate && values.receivedDate && values.chequeDate > values.receivedDate);

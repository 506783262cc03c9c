import * as v from 'valibot';
import {
  ADVANCE_MODE,
  AdvancePaymentInputSchema,
  CHEQUE_MODE,
  DEFAULT_PAYMENT_MODE,
  InvoicePaymentInputSchema,
  PAYMENT_MODES,
  PaymentUpdateSchema,
  type Payment,
  type PaymentMode,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import { emptyToAbsent, emptyToNull, formSchema, type MoneyValue } from '@admin/shared/ui-kit';

/** Money that comes in or goes out now (advances, refunds) cannot be "paid from the advance". */
export const PAID_NOW_MODES: readonly PaymentMode[] = PAYMENT_MODES.filter((mode) => mode !== ADVANCE_MODE);

/** The cheque a payment in mode Check is made with. */
export interface ChequeDetailValues {
  chequeNumber: string;
  bank: string;
  chequeDate: string;
}

/** Fields both tabs share. Dates are the day typed ('YYYY-MM-DD'); optional texts are '' when empty. */
interface CommonValues {
  customer: string;
  paymentDate: string;
  paymentMode: PaymentMode;
  referenceNumber: string;
  notes: string;
  /** Asked, and sent, only in mode Check. */
  cheque: ChequeDetailValues;
}

/** The advance tab: the amount as its KD box holds it (fils, the text while it is not an amount, or null). */
export interface AdvanceValues extends CommonValues {
  amount: MoneyValue;
}

/** One invoice chosen for payment, with what the screen shows about it. */
export interface InvoiceLineValues {
  invoice: string;
  invoiceNumber: string;
  totalAmount: Fils;
  remainingAmount: Fils;
  paidAmount: MoneyValue;
}

/** The invoice tab: the chosen invoices, in the request's own shape. */
export interface InvoicePaymentValues extends CommonValues {
  useAdvanceBalance: boolean;
  relatedInvoices: InvoiceLineValues[];
}

export type EditValues = Omit<CommonValues, 'customer' | 'cheque'>;

function common(customer = ''): CommonValues {
  const today = businessToday();
  return {
    customer,
    paymentDate: today,
    paymentMode: DEFAULT_PAYMENT_MODE,
    referenceNumber: '',
    notes: '',
    cheque: { chequeNumber: '', bank: '', chequeDate: today },
  };
}

export const emptyAdvance = (customer = ''): AdvanceValues => ({ ...common(customer), amount: null });
export const emptyInvoicePayment = (customer = ''): InvoicePaymentValues => ({
  ...common(customer),
  useAdvanceBalance: false,
  relatedInvoices: [],
});

/** A new payment's texts, empty ones left out of its request; and its cheque in mode Check. */
const newPaymentTexts = (values: CommonValues) => ({
  referenceNumber: emptyToAbsent(values.referenceNumber),
  notes: emptyToAbsent(values.notes),
});
const chequeOf = (values: CommonValues) => (values.paymentMode === CHEQUE_MODE ? { ...values.cheque } : undefined);

/**
 * Money paid in or out now (an advance, a refund): an empty amount box goes as the empty text,
 * which the contract's money schema calls missing ('Amount is required'); it says what is wrong
 * with text that is not an amount.
 */
export const paidNowRequest = (values: AdvanceValues) => ({
  customer: values.customer,
  paymentDate: values.paymentDate,
  paymentMode: values.paymentMode,
  amount: values.amount ?? '',
  ...newPaymentTexts(values),
});

/** An advance paid by cheque brings the cheque into the register; a refund is never one. */
export const advanceSchema = formSchema(
  (values: AdvanceValues) => ({ ...paidNowRequest(values), cheque: chequeOf(values) }),
  AdvancePaymentInputSchema,
);

/**
 * The contract's rules plus the screen's knowledge of each invoice's remaining amount
 * (`exceedsRemaining` words the refusal for a line above it); the request's amount is the sum of
 * the lines once they are amounts.
 */
export const invoicePaymentSchema = (exceedsRemaining: (remaining: Fils) => string) =>
  v.pipe(
    formSchema(
      (values: InvoicePaymentValues) => ({
        customer: values.customer,
        paymentDate: values.paymentDate,
        paymentMode: values.paymentMode,
        relatedInvoices: values.relatedInvoices.map((line) => ({ ...line, paidAmount: line.paidAmount ?? '' })),
        useAdvanceBalance: values.useAdvanceBalance,
        ...newPaymentTexts(values),
        cheque: chequeOf(values),
      }),
      InvoicePaymentInputSchema,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const lines = dataset.value.relatedInvoices;
      lines.forEach((line, index) => {
        if (line.remainingAmount == null || line.paidAmount <= line.remainingAmount) return;
        addIssue({
          // The request carries the shown amounts as plain numbers; the message prints one as money.
          message: exceedsRemaining(fils(line.remainingAmount)),
          path: [
            { type: 'object', origin: 'value', input: dataset.value, key: 'relatedInvoices', value: lines },
            { type: 'array', origin: 'value', input: lines, key: index, value: line },
            { type: 'object', origin: 'value', input: line, key: 'paidAmount', value: line.paidAmount },
          ],
        });
      });
    }),
    v.transform((input) => ({
      ...input,
      amount: input.relatedInvoices.reduce((sum, line) => sum + line.paidAmount, 0),
    })),
  );

export function editValuesOf(payment: Payment): EditValues {
  return {
    paymentDate: toDay(payment.paymentDate),
    paymentMode: payment.paymentMode,
    referenceNumber: payment.referenceNumber ?? '',
    notes: payment.notes ?? '',
  };
}

/** An edit sends every non-money field; a cleared text is sent as null so it is removed. */
export const editSchema = formSchema(
  (values: EditValues) => ({
    ...values,
    referenceNumber: emptyToNull(values.referenceNumber),
    notes: emptyToNull(values.notes),
  }),
  PaymentUpdateSchema,
);

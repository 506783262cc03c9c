import * as v from 'valibot';
import {
  ADVANCE_MODE,
  AdvancePaymentInputSchema,
  DEFAULT_PAYMENT_MODE,
  InvoicePaymentInputSchema,
  PAYMENT_MODES,
  PaymentUpdateSchema,
  type AdvancePaymentInput,
  type InvoicePaymentInput,
  type Payment,
  type PaymentMode,
  type PaymentUpdate,
} from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight, toDay } from '@admin/shared/dates';
import type { MoneyValue } from '@admin/shared/ui-kit';

/** Money that comes in or goes out now (advances, refunds) cannot be "paid from the advance". */
export const PAID_NOW_MODES: readonly PaymentMode[] = PAYMENT_MODES.filter((mode) => mode !== ADVANCE_MODE);

/** Fields both tabs share. Dates are the day typed ('YYYY-MM-DD'); optional texts are '' when empty. */
interface CommonValues {
  customer: string;
  paymentDate: string;
  paymentMode: PaymentMode;
  referenceNumber: string;
  notes: string;
}

/** The advance tab: the amount as its KD box holds it (fils, the text while it is not an amount, or null). */
export interface AdvanceValues extends CommonValues {
  amount: MoneyValue;
}

/** One invoice chosen for payment, with what the screen shows about it. */
export interface InvoiceLineValues {
  invoice: string;
  invoiceNumber: string;
  totalAmount: number;
  remainingAmount: number;
  paidAmount: MoneyValue;
}

/** The invoice tab: the chosen invoices, in the request's own shape. */
export interface InvoicePaymentValues extends CommonValues {
  useAdvanceBalance: boolean;
  relatedInvoices: InvoiceLineValues[];
}

export type EditValues = Omit<CommonValues, 'customer'>;

function common(customer = ''): CommonValues {
  return { customer, paymentDate: businessToday(), paymentMode: DEFAULT_PAYMENT_MODE, referenceNumber: '', notes: '' };
}

export const emptyAdvance = (customer = ''): AdvanceValues => ({ ...common(customer), amount: null });
export const emptyInvoicePayment = (customer = ''): InvoicePaymentValues => ({
  ...common(customer),
  useAdvanceBalance: false,
  relatedInvoices: [],
});

// The contract schemas read null as a missing amount ('Amount is required') and say what is wrong
// with text that is not an amount, so they validate the dialog's values as they are.
export const advanceSchema = AdvancePaymentInputSchema as unknown as v.GenericSchema<AdvanceValues, AdvancePaymentInput>;

/**
 * The contract's rules plus the screen's knowledge of each invoice's remaining amount;
 * `exceedsRemaining` words the refusal for a line above it.
 */
export const invoicePaymentSchema = (exceedsRemaining: (remaining: number) => string) =>
  v.pipe(
    InvoicePaymentInputSchema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const lines = dataset.value.relatedInvoices;
      lines.forEach((line, index) => {
        if (line.remainingAmount == null || line.paidAmount <= line.remainingAmount) return;
        addIssue({
          message: exceedsRemaining(line.remainingAmount),
          path: [
            { type: 'object', origin: 'value', input: dataset.value, key: 'relatedInvoices', value: lines },
            { type: 'array', origin: 'value', input: lines, key: index, value: line },
            { type: 'object', origin: 'value', input: line, key: 'paidAmount', value: line.paidAmount },
          ],
        });
      });
    }),
  ) as unknown as v.GenericSchema<InvoicePaymentValues, InvoicePaymentInput>;

export const editSchema = PaymentUpdateSchema as unknown as v.GenericSchema<EditValues, PaymentUpdate>;

/** Empty optional texts are left out of a new payment's request. */
function optionals(values: { referenceNumber?: string | null; notes?: string | null }) {
  return {
    ...(values.referenceNumber ? { referenceNumber: values.referenceNumber } : {}),
    ...(values.notes ? { notes: values.notes } : {}),
  };
}

export function advanceRequest(values: AdvancePaymentInput): AdvancePaymentInput {
  return {
    customer: values.customer,
    paymentDate: dayToUtcMidnight(toDay(values.paymentDate)),
    paymentMode: values.paymentMode,
    amount: values.amount,
    ...optionals(values),
  };
}

export function invoicePaymentRequest(values: InvoicePaymentInput): InvoicePaymentInput {
  const relatedInvoices = values.relatedInvoices.map((line) => ({
    invoice: line.invoice,
    invoiceNumber: line.invoiceNumber,
    totalAmount: line.totalAmount,
    remainingAmount: line.remainingAmount,
    paidAmount: line.paidAmount,
  }));
  return {
    customer: values.customer,
    paymentDate: dayToUtcMidnight(toDay(values.paymentDate)),
    paymentMode: values.paymentMode,
    amount: relatedInvoices.reduce((sum, line) => sum + line.paidAmount, 0),
    relatedInvoices,
    useAdvanceBalance: values.useAdvanceBalance,
    ...optionals(values),
  };
}

export function editValuesOf(payment: Payment): EditValues {
  return {
    paymentDate: toDay(payment.paymentDate),
    paymentMode: payment.paymentMode,
    referenceNumber: payment.referenceNumber ?? '',
    notes: payment.notes ?? '',
  };
}

/** An edit sends every non-money field; a cleared text is sent as null so it is removed. */
export function editRequest(values: PaymentUpdate): PaymentUpdate {
  return {
    paymentDate: values.paymentDate ? dayToUtcMidnight(toDay(values.paymentDate)) : undefined,
    paymentMode: values.paymentMode,
    referenceNumber: values.referenceNumber || null,
    notes: values.notes || null,
  };
}

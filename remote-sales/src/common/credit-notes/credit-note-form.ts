import { CreditNoteInputSchema, type CreditNote, type CreditNoteReason, type Invoice } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import { emptyToAbsent, formSchema, type MoneyValue } from '@admin/shared/ui-kit';

/** One invoice line in the dialog: what it sold, what is left of it to credit, and how many to credit now. */
export interface CreditLine {
  product: string;
  productName: string;
  unitPrice: Fils;
  left: number;
  /** '' while nothing is typed: the line is not credited. */
  quantity: number | '';
}

/** The issue dialog's values. `by` says whether the lines or the amount go in the request. */
export interface CreditNoteValues {
  customer: string;
  invoice: string;
  date: string;
  reason: CreditNoteReason;
  by: 'lines' | 'amount';
  lines: CreditLine[];
  amount: MoneyValue;
  notes: string;
}

/** Cancellation and write-off have dialogs of their own on the invoice's row. */
export const ISSUED_REASONS = ['return', 'price_adjustment', 'other'] as const satisfies CreditNoteReason[];

export const emptyCreditNote = (invoice?: Pick<Invoice, '_id' | 'customer'>): CreditNoteValues => ({
  customer: invoice?.customer._id ?? '',
  invoice: invoice?._id ?? '',
  date: businessToday(),
  reason: 'return',
  by: 'lines',
  lines: [],
  amount: null,
  notes: '',
});

/** Each line of the invoice with what earlier credit notes have not yet taken back. */
export function creditLines(invoice: Pick<Invoice, 'products'>, earlier: readonly CreditNote[]): CreditLine[] {
  return invoice.products.map((line) => {
    const credited = earlier
      .flatMap((note) => note.lines)
      .filter((taken) => taken.product._id === line.product._id)
      .reduce((sum, taken) => sum + taken.quantity, 0);
    return {
      product: line.product._id,
      productName: line.product.productName,
      unitPrice: line.unitPrice,
      left: Math.max(0, line.quantity - credited),
      quantity: '',
    };
  });
}

const chosenLines = (lines: readonly CreditLine[]) =>
  lines.filter((line) => line.quantity !== '' && Number(line.quantity) > 0);

/** What the credit note will credit, as the API values it (the invoice line's price). */
export function creditTotal(values: Pick<CreditNoteValues, 'by' | 'lines' | 'amount'>): Fils {
  if (values.by === 'amount') return fils(typeof values.amount === 'number' ? values.amount : 0);
  return fils(
    chosenLines(values.lines).reduce((sum, line) => sum + Math.round(Number(line.quantity) * line.unitPrice), 0),
  );
}

/** The request: the lines given a quantity, or the amount; the contract says what is missing. */
const creditNoteRequest = (values: CreditNoteValues) => ({
  invoice: values.invoice,
  date: values.date,
  reason: values.reason,
  ...(values.by === 'lines'
    ? {
        lines: chosenLines(values.lines).map((line) => ({ product: line.product, quantity: Number(line.quantity) })),
      }
    : { amount: values.amount ?? '' }),
  notes: emptyToAbsent(values.notes),
});

export const creditNoteSchema = formSchema(creditNoteRequest, CreditNoteInputSchema);

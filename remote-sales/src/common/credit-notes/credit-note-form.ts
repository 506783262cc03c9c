import * as v from 'valibot';
import {
  CreditNoteInputSchema,
  leftToCredit,
  onlyLeftMessage,
  priceCreditLines,
  type CreditNote,
  type CreditNoteReason,
  type Discount,
  type Invoice,
  type InvoiceLineToCredit,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { fils, sumFils, type Fils } from '@admin/shared/money';
import { emptyToAbsent, formSchema, type MoneyValue } from '@admin/shared/ui-kit';

/** One product of the invoice in the dialog: what it sold at, what is left of it to credit, and how many to credit now. */
export interface CreditLine {
  product: string;
  productName: string;
  /** Its lines' prices, once each: a product sold on two lines at two prices shows both. */
  unitPrices: Fils[];
  left: number;
  /** '' while nothing is typed: the line is not credited. */
  quantity: number | '';
}

/** What valuing credited units needs of the chosen invoice (shared/src/contract/credit-lines.ts). */
export interface CreditPricing {
  invoiceNumber: string;
  invoiceLines: InvoiceLineToCredit[];
  discount: Discount | null;
  /** Units of each product earlier credit notes took, as [product, quantity]. */
  creditedBefore: [string, number][];
}

/** The issue dialog's values. `by` says whether the lines or the amount go in the request. */
export interface CreditNoteValues {
  customer: string;
  invoice: string;
  date: string;
  reason: CreditNoteReason;
  by: 'lines' | 'amount';
  lines: CreditLine[];
  /** Shown and checked only; null until the invoice is read. */
  pricing: CreditPricing | null;
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
  pricing: null,
  amount: null,
  notes: '',
});

/** How the chosen invoice is valued, with what earlier credit notes took of it. */
export function creditPricing(
  invoice: Pick<Invoice, 'invoiceNumber' | 'products' | 'discount'>,
  earlier: readonly CreditNote[],
): CreditPricing {
  const before = new Map<string, number>();
  for (const line of earlier.flatMap((note) => note.lines)) {
    before.set(line.product._id, (before.get(line.product._id) ?? 0) + line.quantity);
  }
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceLines: invoice.products.map((line) => ({
      productId: line.product._id,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount ?? null,
    })),
    discount: invoice.discount ?? null,
    creditedBefore: [...before],
  };
}

/** One row per product of the invoice (the API credits a product once), with what is left of it. */
export function creditLines(invoice: Pick<Invoice, 'products'>, pricing: CreditPricing): CreditLine[] {
  const left = leftToCredit(pricing.invoiceLines, new Map(pricing.creditedBefore));
  const rows = new Map<string, CreditLine>();
  for (const line of invoice.products) {
    const row = rows.get(line.product._id);
    if (row) {
      if (!row.unitPrices.includes(line.unitPrice)) row.unitPrices.push(line.unitPrice);
      continue;
    }
    rows.set(line.product._id, {
      product: line.product._id,
      productName: line.product.productName,
      unitPrices: [line.unitPrice],
      left: Math.max(0, left.get(line.product._id) ?? 0),
      quantity: '',
    });
  }
  return [...rows.values()];
}

const chosenLines = (lines: readonly CreditLine[]) =>
  lines.filter((line) => line.quantity !== '' && Number(line.quantity) > 0);

/**
 * What the credit note will credit, valued as the API values it (after the invoice's discounts); a
 * quantity above what is left counts what is left, its field saying so.
 */
export function creditTotal(values: Pick<CreditNoteValues, 'by' | 'lines' | 'amount' | 'pricing'>): Fils {
  if (values.by === 'amount') return fils(typeof values.amount === 'number' ? values.amount : 0);
  if (!values.pricing) return fils(0);
  const outcome = priceCreditLines(
    values.pricing.invoiceLines,
    values.pricing.discount,
    new Map(values.pricing.creditedBefore),
    chosenLines(values.lines).map((line) => ({
      product: line.product,
      quantity: Math.min(Math.floor(Number(line.quantity)), line.left),
    })),
  );
  return 'lines' in outcome ? sumFils(outcome.lines.map((line) => line.value)) : fils(0);
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

/** A quantity above what is left is refused on its field, in the API's words, before anything is sent. */
const withinLeft = v.rawCheck<CreditNoteValues>(({ dataset, addIssue }) => {
  if (!dataset.typed || dataset.value.by !== 'lines' || !dataset.value.pricing) return;
  const { lines, pricing } = dataset.value;
  lines.forEach((line, index) => {
    if (line.quantity === '' || !(Number(line.quantity) > line.left)) return;
    addIssue({
      message: onlyLeftMessage(line.left, pricing.invoiceNumber),
      path: [
        { type: 'object', origin: 'value', input: { ...dataset.value }, key: 'lines', value: lines },
        { type: 'array', origin: 'value', input: lines, key: index, value: line },
        { type: 'object', origin: 'value', input: { ...line }, key: 'quantity', value: line.quantity },
      ],
    });
  });
});

export const creditNoteSchema = v.pipe(
  v.custom<CreditNoteValues>(() => true),
  withinLeft,
  formSchema(creditNoteRequest, CreditNoteInputSchema),
);

import {
  DiscountSchema,
  invoiceAmounts,
  MAX_QUANTITY,
  type Discount,
  type InvoiceAmounts,
  type Line,
} from '@admin/shared/contract';
import { filsToKdString, latinDigits } from '@admin/shared/money';
import type { MoneyValue } from '@admin/shared/ui-kit';
import * as v from 'valibot';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
/** A discount as its two boxes hold it: % or KD, and the text typed (empty: no discount). */
export interface DiscountValues {
  kind: (typeof DISCOUNT_KINDS)[number];
  value: string;
}

export const noDiscount = (): DiscountValues => ({ kind: 'percent', value: '' });

function discountFromRecord(discount: Discount | undefined): DiscountValues {
  if (!discount) return noDiscount();
  return 'amount' in discount
    ? { kind: 'amount', value: filsToKdString(discount.amount) }
    : { kind: 'percent', value: String(discount.percent) };
}

/** The discount as the request carries it: the text typed under its kind, which the contract reads. */
function discountInput({ kind, value }: DiscountValues): { percent: string } | { amount: string } | undefined {
  if (!value.trim()) return undefined;
  return kind === 'percent' ? { percent: value } : { amount: value };
}

/** The discount the boxes stand for: none, or null while the contract would refuse it. */
function discountOfValues(values: DiscountValues): Discount | undefined | null {
  const input = discountInput(values);
  if (!input) return undefined;
  const parsed = v.safeParse(DiscountSchema, input);
  return parsed.success ? parsed.output : null;
}

/** One product line as the dialog edits it; the unit price as its KD box holds it (fils only once it is an amount). */
export interface LineValues {
  product: string;
  /** Shown in the product box; not sent. */
  productName: string;
  quantity: number;
  unitPrice: MoneyValue;
  discount: DiscountValues;
}

/** The part of an invoice or schedule form the line editor works on: the lines and the whole's discount. */
export interface LinesFormValues {
  products: LineValues[];
  discount: DiscountValues;
}

export const emptyLine = (): LineValues => ({
  product: '',
  productName: '',
  quantity: 1,
  unitPrice: null,
  discount: noDiscount(),
});

/** The lines and discount of an invoice or schedule, as the form edits them. */
export function linesFromRecord(record: { products: Line[]; discount?: Discount }): LinesFormValues {
  return {
    products: record.products.length
      ? record.products.map((line) => ({
          product: line.product._id,
          productName: line.product.productName,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          discount: discountFromRecord(line.discount),
        }))
      : [emptyLine()],
    discount: discountFromRecord(record.discount),
  };
}

export const emptyLines = (): LinesFormValues => ({ products: [emptyLine()], discount: noDiscount() });

/** A quantity the contract accepts: a whole number from 1 to MAX_QUANTITY. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
}

/**
 * The amounts of the lines and the whole, computed as the API computes them
 * (shared/src/contract/discounts.ts); null while a price, quantity or discount is not accepted (or
 * the sum is out of range), so a line the form refuses never shows a total.
 */
export function linesAmounts(values: {
  products: readonly LineValues[];
  discount: DiscountValues;
}): InvoiceAmounts | null {
  const lines = values.products.map(({ quantity, unitPrice, discount }) => {
    const off = discountOfValues(discount);
    return typeof unitPrice === 'number' && isValidQuantity(quantity) && off !== null
      ? { quantity, unitPrice, discount: off }
      : null;
  });
  const discount = discountOfValues(values.discount);
  if (discount === null || lines.some((line) => line === null)) return null;
  return invoiceAmounts(lines as NonNullable<(typeof lines)[number]>[], discount);
}

/** Whether any line or the whole has a discount typed: the subtotal and discount then show. */
export const hasDiscount = (values: { products: readonly LineValues[]; discount: DiscountValues }) =>
  [values.discount, ...values.products.map((line) => line.discount)].some((discount) => discount.value.trim() !== '');

/**
 * The lines as the request carries them, with the discounts and the total they come to. A price,
 * quantity or discount the contract refuses goes as it is, so its message shows under it; an
 * empty price box goes as the empty text, which the contract calls missing. While a price is
 * empty the total is empty too ('Total amount is required'); while something is refused for
 * another reason the total is left out, so its own message is the only one.
 */
export function linesInput(values: LinesFormValues): {
  products: {
    product: string;
    quantity: number;
    unitPrice: number | string;
    discount?: { percent: string } | { amount: string };
  }[];
  discount?: { percent: string } | { amount: string };
  totalAmount?: number | string;
} {
  const total = linesAmounts(values)?.total ?? null;
  const priceMissing = values.products.some((line) => line.unitPrice === null);
  const discount = discountInput(values.discount);
  return {
    products: values.products.map(({ product, quantity, unitPrice, discount }) => {
      const off = discountInput(discount);
      return { product, quantity, unitPrice: unitPrice ?? '', ...(off && { discount: off }) };
    }),
    ...(discount && { discount }),
    ...(total !== null ? { totalAmount: total } : priceMissing ? { totalAmount: '' } : {}),
  };
}

/**
 * What a quantity box's text stands for: the number typed, or 1 when it is not a number (an
 * empty box too). A number the contract refuses (0, 2.5, more than the limit) stays as typed so
 * its message shows and no line total is computed from it.
 */
export function toQuantity(text: string): number {
  const n = Number(latinDigits(text).trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : 1;
}

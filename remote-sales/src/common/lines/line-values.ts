import { MAX_QUANTITY, totalOfLines, type Line } from '@admin/shared/contract';
import { latinDigits, type Fils } from '@admin/shared/money';
import type { MoneyValue } from '@admin/shared/ui-kit';

/** One product line as the dialog edits it; the unit price as its KD box holds it (fils only once it is an amount). */
export interface LineValues {
  product: string;
  /** Shown in the product box; not sent. */
  productName: string;
  quantity: number;
  unitPrice: MoneyValue;
}

/** The part of an invoice or schedule form the line editor works on. */
export interface LinesFormValues {
  products: LineValues[];
}

export const emptyLine = (): LineValues => ({ product: '', productName: '', quantity: 1, unitPrice: null });

export function linesFromRecord(lines: Line[]): LineValues[] {
  return lines.length
    ? lines.map((line) => ({
        product: line.product._id,
        productName: line.product.productName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      }))
    : [emptyLine()];
}

/** A quantity the contract accepts: a whole number from 1 to MAX_QUANTITY. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
}

/**
 * Sum of quantity × unit price in exact fils; null while a price is not an amount or a quantity
 * is refused (or the sum is out of range), so a line the form refuses never shows a total.
 */
export function linesTotal(lines: readonly LineValues[]): Fils | null {
  const priced = lines.flatMap(({ quantity, unitPrice }) =>
    typeof unitPrice === 'number' && isValidQuantity(quantity) ? [{ quantity, unitPrice }] : [],
  );
  return priced.length === lines.length ? totalOfLines(priced) : null;
}

/**
 * The lines as the request carries them, and the total they add up to. A price or quantity the
 * contract refuses goes as it is, so its message shows under it; an empty price box goes as the
 * empty text, which the contract calls missing. While a price is empty the total is empty too
 * ('Total amount is required'); while a price or quantity is refused for another reason the total
 * is left out, so its line's own message is the only one.
 */
export function linesInput(lines: readonly LineValues[]): {
  products: { product: string; quantity: number; unitPrice: number | string }[];
  totalAmount?: number | string;
} {
  const total = linesTotal(lines);
  const priceMissing = lines.some((line) => line.unitPrice === null);
  return {
    products: lines.map(({ product, quantity, unitPrice }) => ({ product, quantity, unitPrice: unitPrice ?? '' })),
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

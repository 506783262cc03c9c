import { totalOfLines, type Line, type LineInput } from '@admin/shared/contract';

/** One product line as the dialog edits it; the unit price is null while its box is empty or not an amount. */
export interface LineValues {
  product: string;
  /** Shown in the product box; not sent. */
  productName: string;
  quantity: number;
  unitPrice: number | null;
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

/** Sum of quantity × unit price in exact fils; null while a price is missing (or the sum is out of range). */
export function linesTotal(lines: readonly LineValues[]): number | null {
  if (lines.some((line) => line.unitPrice === null)) return null;
  return totalOfLines(lines as readonly { quantity: number; unitPrice: number }[]);
}

/**
 * The lines as the request carries them, and the total they add up to. A missing price stays
 * null, so the contract answers 'Unit price is required' under it and 'Total amount is required'
 * under the total.
 */
export function linesInput(lines: readonly LineValues[]): { products: LineInput[]; totalAmount: number } {
  return {
    products: lines.map(({ product, quantity, unitPrice }) => ({ product, quantity, unitPrice }) as LineInput),
    totalAmount: linesTotal(lines) as number,
  };
}

/** What a quantity box's text stands for: a whole number of at least 1; anything else counts as 1. */
export function toQuantity(text: string): number {
  const n = Math.trunc(Number(text));
  return text.trim() !== '' && Number.isFinite(n) && n >= 1 ? n : 1;
}

/** Drops empty optional texts, so they are left out of the request. */
export function optionalText(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

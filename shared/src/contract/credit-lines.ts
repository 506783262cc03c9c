import type { Fils } from '../money';
import { invoiceAmounts, netLineValues, valueOfUnits, type Discount } from './discounts';

/**
 * Crediting an invoice by lines, one rule for the issue dialog's figures and the API's valuation:
 * a credit note names each product once; a product sold on several lines of the invoice is taken
 * line by line in the invoice's order, after what earlier credit notes took of it, and each taken
 * unit is valued at its line's worth after the line's and the invoice's discounts.
 */

/** One line of the invoice, in its order. */
export interface InvoiceLineToCredit {
  productId: string;
  quantity: number;
  unitPrice: Fils;
  discount?: Discount | null;
}

/** Units of one invoice line taken by a credit note, and what they were worth on the invoice. */
export interface CreditedUnits {
  productId: string;
  quantity: number;
  unitPrice: Fils;
  value: Fils;
}

export type CreditLinesOutcome =
  | { lines: CreditedUnits[] }
  | { refused: { index: number; reason: 'not-on-invoice' } | { index: number; reason: 'too-many'; left: number } };

/** The refusal of a quantity above what is left, on the dialog's field and in the API's 409. */
export function onlyLeftMessage(left: number, invoiceNumber: string): string {
  return `Only ${left} of this product ${left === 1 ? 'is' : 'are'} left to credit on ${invoiceNumber}`;
}

/** How many units of each product are left to credit: what was sold less what was credited before. */
export function leftToCredit(
  invoiceLines: readonly InvoiceLineToCredit[],
  creditedBefore: ReadonlyMap<string, number>,
): Map<string, number> {
  const sold = new Map<string, number>();
  for (const line of invoiceLines) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
  return new Map(
    [...sold].map(([productId, quantity]) => [productId, quantity - (creditedBefore.get(productId) ?? 0)]),
  );
}

/** The invoice units `requested` takes and their worth, or which requested line cannot be credited. */
export function priceCreditLines(
  invoiceLines: readonly InvoiceLineToCredit[],
  invoiceDiscount: Discount | null | undefined,
  creditedBefore: ReadonlyMap<string, number>,
  requested: readonly { product: string; quantity: number }[],
): CreditLinesOutcome {
  const amounts = invoiceAmounts(invoiceLines, invoiceDiscount);
  const values = amounts ? netLineValues(amounts) : invoiceLines.map(() => 0 as Fils);
  const taken: CreditedUnits[] = [];
  for (const [index, line] of requested.entries()) {
    const productId = line.product.toLowerCase();
    const onInvoice = invoiceLines.flatMap((row, position) =>
      row.productId === productId ? [{ ...row, value: values[position]! }] : [],
    );
    if (!onInvoice.length) return { refused: { index, reason: 'not-on-invoice' } };
    let skip = creditedBefore.get(productId) ?? 0;
    let wanted = line.quantity;
    for (const row of onInvoice) {
      const before = Math.min(row.quantity, skip);
      skip -= before;
      const units = Math.min(row.quantity - before, wanted);
      if (units > 0) {
        const value = valueOfUnits(row.value, row.quantity, before, units);
        taken.push({ productId, quantity: units, unitPrice: row.unitPrice, value });
      }
      wanted -= units;
    }
    if (wanted > 0) return { refused: { index, reason: 'too-many', left: line.quantity - wanted } };
  }
  return { lines: taken };
}

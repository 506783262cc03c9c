import { percentHundredths, type Discount } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';

/** A discount's columns (migration 0023_discounts): hundredths of a percent, or fils; none is both null. */
export function discountColumns(discount: Discount | null | undefined) {
  if (!discount) return { discountKind: null, discountValue: null };
  return 'amount' in discount
    ? { discountKind: 'amount' as const, discountValue: discount.amount }
    : { discountKind: 'percent' as const, discountValue: percentHundredths(discount.percent)! };
}

/** The discount its columns hold, or null. */
export function storedDiscount(row: { discountKind: string | null; discountValue: number | null }): Discount | null {
  if (row.discountKind === null || row.discountValue === null) return null;
  return row.discountKind === 'amount' ? { amount: fils(row.discountValue) } : { percent: row.discountValue / 100 };
}

/** `{ discount }` when the columns hold one, else nothing: a record without one reads as it always has. */
export function discountField(row: { discountKind: string | null; discountValue: number | null }) {
  const discount = storedDiscount(row);
  return discount ? { discount } : {};
}

import * as v from 'valibot';
import { fils, latinDigits, lineTotal, MAX_FILS, sumFils, type Fils } from '../money';
import { FilsField, moneySchema } from './common';

/**
 * Discounts on a line and on a whole invoice or schedule (docs/decisions.md, "Discounts"). The
 * browser shows and the API stores what these functions compute, so both always agree:
 *
 * - a percent has at most 2 decimals (12.5, 33.33) and is 0 to 100; an amount is in fils;
 * - a percent of an amount is rounded to the fils half away from zero (0.5 fils → 1 fils);
 * - each line's discount comes off its quantity × unit price first (its line total is what is
 *   left), then the invoice's discount comes off the sum of the line totals.
 */
export type Discount = { percent: number } | { amount: Fils };
/** A discount as an answer holds it: a percent, or an amount in fils. */
export const DiscountField = v.union([v.strictObject({ percent: v.number() }), v.strictObject({ amount: FilsField })]);
/** How a discount is stored: its kind, and hundredths of a percent or fils. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;

export const DISCOUNT_MESSAGES = {
  percent: 'Percent must be between 0 and 100',
  percentDecimals: 'A percent has at most 2 decimals',
  amount: 'Discount amount is required',
  negative: 'Discount cannot be negative',
  oneKind: 'Give either a percent or an amount',
  exceedsLine: "Discount cannot exceed the line's amount",
  exceedsLines: 'Discount cannot exceed the total of the lines',
} as const;

/** A percent is kept as hundredths of a percent (12.5 % → 1250), so it is an exact integer. */
const HUNDREDTHS = 100;
const WHOLE = 100 * HUNDREDTHS;

/** The percent as hundredths, or null when it has more than 2 decimals. */
export function percentHundredths(percent: number): number | null {
  const hundredths = Math.round(percent * HUNDREDTHS);
  return Math.abs(percent * HUNDREDTHS - hundredths) < 1e-6 ? hundredths : null;
}

/** `numerator / denominator` (denominator > 0) rounded to an integer, half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const size = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * size + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** `amount × part / whole` in fils, rounded half away from zero; exact where a float product is not. */
function share(amount: number, part: number, whole: number): Fils {
  return fils(Number(divideRounded(BigInt(amount) * BigInt(part), BigInt(whole))));
}

/** What `discount` takes off `amount` in fils; more than `amount` only when an amount says so. */
export function discountOf(amount: Fils, discount: Discount | null | undefined): Fils {
  if (!discount) return fils(0);
  if ('amount' in discount) return discount.amount;
  const hundredths = percentHundredths(discount.percent);
  if (hundredths === null) throw new RangeError(`${DISCOUNT_MESSAGES.percentDecimals}: ${discount.percent}`);
  return share(amount, hundredths, WHOLE);
}

export interface LineAmounts {
  /** Quantity × unit price. */
  gross: Fils;
  discount: Fils;
  /** Gross less discount: the line total every other part of the product reads. */
  total: Fils;
}

/** A line's amounts, or null when its discount exceeds its gross or an amount is out of range. */
export function lineAmounts(line: {
  quantity: number;
  unitPrice: Fils;
  discount?: Discount | null | undefined;
}): LineAmounts | null {
  try {
    const gross = lineTotal(line.quantity, line.unitPrice);
    const discount = discountOf(gross, line.discount);
    if (gross > MAX_FILS || discount > gross) return null;
    return { gross, discount, total: fils(gross - discount) };
  } catch {
    return null;
  }
}

/** Whether a line's discount is at most its gross; a gross out of range is the products' own message. */
export function discountFitsLine(line: Parameters<typeof lineAmounts>[0]): boolean {
  const gross = line.quantity * line.unitPrice;
  return gross > MAX_FILS || discountOf(fils(gross), line.discount) <= gross;
}

export interface InvoiceAmounts {
  lines: LineAmounts[];
  /** Sum of quantity × unit price: what screens and print call the subtotal. */
  subtotal: Fils;
  /** Sum of the line totals, after the lines' discounts: what the invoice's discount is off. */
  linesTotal: Fils;
  /** The invoice's own discount. */
  discount: Fils;
  /** Every discount, the lines' and the invoice's: the subtotal less the total. */
  allDiscounts: Fils;
  /** The lines' total less the invoice's discount: the invoice's total amount. */
  total: Fils;
}

/** The amounts of lines and their invoice (or schedule), or null when one is refused. */
export function invoiceAmounts(
  lines: readonly Parameters<typeof lineAmounts>[0][],
  discount?: Discount | null,
): InvoiceAmounts | null {
  const amounts = lines.map(lineAmounts);
  if (amounts.some((line) => line === null)) return null;
  const known = amounts as LineAmounts[];
  try {
    const subtotal = sumFils(known.map((line) => line.gross));
    const linesTotal = sumFils(known.map((line) => line.total));
    const off = discountOf(linesTotal, discount);
    if (subtotal > MAX_FILS || off > linesTotal) return null;
    const total = fils(linesTotal - off);
    return { lines: known, subtotal, linesTotal, discount: off, allDiscounts: fils(subtotal - total), total };
  } catch {
    return null;
  }
}

/**
 * What each line is worth once the invoice's discount is shared among them, in proportion to their
 * totals: the shares are taken cumulatively (line k's is the rounded share of lines 1..k less that
 * of lines 1..k-1), so they add up to the invoice's discount exactly and the lines to its total.
 */
export function netLineValues(amounts: InvoiceAmounts): Fils[] {
  let before = 0;
  let sharedBefore = fils(0);
  return amounts.lines.map((line) => {
    before += line.total;
    const shared = amounts.linesTotal ? share(amounts.discount, before, amounts.linesTotal) : fils(0);
    const value = fils(line.total - (shared - sharedBefore));
    sharedBefore = shared;
    return value;
  });
}

/**
 * The value of `taken` units of a line of `quantity` units worth `value`, after `before` of them
 * were taken: cumulative again, so taking all of a line, at once or bit by bit, is worth `value`.
 */
export function valueOfUnits(value: Fils, quantity: number, before: number, taken: number): Fils {
  return fils(share(value, before + taken, quantity) - share(value, before, quantity));
}

/** A percent sent as a number or as the text of its box ('12.5', '١٢٫٥'). */
const percentSchema = v.pipe(
  v.union([v.number(), v.string()], DISCOUNT_MESSAGES.percent),
  v.transform((value) => (typeof value === 'number' ? value : Number(latinDigits(value).trim() || Number.NaN))),
  v.check((percent) => Number.isFinite(percent) && percent >= 0 && percent <= 100, DISCOUNT_MESSAGES.percent),
  v.check((percent) => percentHundredths(percent) !== null, DISCOUNT_MESSAGES.percentDecimals),
);

/** `{ percent }` or `{ amount }` (fils, or KD text with at most 3 decimals); null or absent: none. */
export const DiscountSchema = v.pipe(
  v.strictObject(
    {
      percent: v.optional(percentSchema),
      amount: v.optional(moneySchema(DISCOUNT_MESSAGES.amount, 0, DISCOUNT_MESSAGES.negative)),
    },
    DISCOUNT_MESSAGES.oneKind,
  ),
  v.check((input) => (input.percent === undefined) !== (input.amount === undefined), DISCOUNT_MESSAGES.oneKind),
  v.transform((input): Discount =>
    input.amount === undefined ? { percent: input.percent! } : { amount: input.amount },
  ),
);

/** The optional `discount` field of a line, an invoice and a schedule. */
export const discountEntry = v.optional(v.nullable(DiscountSchema));

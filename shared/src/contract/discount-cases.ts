import type { Fils } from '../money';

/**
 * The discount rules as a table of cases (docs/decisions.md, "Discounts"), run the same against the
 * contract's computation in the browser (shared/src/contract/discounts.test.ts) and against what
 * the API stores (api/src/modules/invoices/discounts.test.ts). Prices in fils; a discount as sent.
 */
export interface DiscountCase {
  name: string;
  lines: { quantity: number; unitPrice: number; discount?: { percent?: number | string; amount?: number | string } }[];
  discount?: { percent?: number | string; amount?: number | string };
  /** The amounts computed, or the one field refused and its message. */
  expected:
    | { lineTotals: number[]; linesTotal: number; discount: number; total: Fils | number }
    | { field: string; message: string };
}

export const DISCOUNT_CASES: readonly DiscountCase[] = [
  {
    name: 'a tenth off the list price',
    lines: [{ quantity: 7, unitPrice: 2250, discount: { percent: 10 } }],
    expected: { lineTotals: [14175], linesTotal: 14175, discount: 0, total: 14175 },
  },
  {
    name: 'a third of a fils rounds to none',
    lines: [{ quantity: 1, unitPrice: 1, discount: { percent: 33.33 } }],
    expected: { lineTotals: [1], linesTotal: 1, discount: 0, total: 1 },
  },
  {
    name: 'two thirds of a fils round to one',
    lines: [{ quantity: 2, unitPrice: 1, discount: { percent: 33.33 } }],
    expected: { lineTotals: [1], linesTotal: 1, discount: 0, total: 1 },
  },
  {
    name: '12.5 % of 12.345 KD is 1.543125 KD: 1.543 KD off',
    lines: [{ quantity: 1, unitPrice: 12345, discount: { percent: 12.5 } }],
    expected: { lineTotals: [10802], linesTotal: 10802, discount: 0, total: 10802 },
  },
  {
    name: 'half a fils rounds away from zero',
    lines: [{ quantity: 1, unitPrice: 4, discount: { percent: 12.5 } }],
    expected: { lineTotals: [3], linesTotal: 3, discount: 0, total: 3 },
  },
  {
    name: '100 % leaves nothing',
    lines: [{ quantity: 3, unitPrice: 1005, discount: { percent: 100 } }],
    expected: { lineTotals: [0], linesTotal: 0, discount: 0, total: 0 },
  },
  {
    name: '0 % and 0 KD take nothing off',
    lines: [
      { quantity: 3, unitPrice: 1005, discount: { percent: 0 } },
      { quantity: 1, unitPrice: 500, discount: { amount: 0 } },
    ],
    discount: { percent: '0' },
    expected: { lineTotals: [3015, 500], linesTotal: 3515, discount: 0, total: 3515 },
  },
  {
    name: 'an amount as the KD text of its box',
    lines: [{ quantity: 2, unitPrice: 1000, discount: { amount: '0.250' } }],
    expected: { lineTotals: [1750], linesTotal: 1750, discount: 0, total: 1750 },
  },
  {
    name: "the lines' discounts first, then the invoice's off their total",
    lines: [
      { quantity: 3, unitPrice: 1005, discount: { percent: 10 } },
      { quantity: 1, unitPrice: 999, discount: { amount: 99 } },
    ],
    discount: { percent: 10 },
    expected: { lineTotals: [2713, 900], linesTotal: 3613, discount: 361, total: 3252 },
  },
  {
    name: 'an invoice amount equal to the total of the lines',
    lines: [{ quantity: 1, unitPrice: 1500 }],
    discount: { amount: 1500 },
    expected: { lineTotals: [1500], linesTotal: 1500, discount: 1500, total: 0 },
  },
  {
    name: 'an amount larger than the line',
    lines: [{ quantity: 2, unitPrice: 1000, discount: { amount: 2001 } }],
    expected: { field: 'products.0.discount', message: "Discount cannot exceed the line's amount" },
  },
  {
    name: 'an invoice amount larger than the total of the lines',
    lines: [{ quantity: 2, unitPrice: 1000, discount: { percent: 50 } }],
    discount: { amount: 1001 },
    expected: { field: 'discount', message: 'Discount cannot exceed the total of the lines' },
  },
  {
    name: 'a percent above 100',
    lines: [{ quantity: 1, unitPrice: 1000, discount: { percent: 100.01 } }],
    expected: { field: 'products.0.discount.percent', message: 'Percent must be between 0 and 100' },
  },
  {
    name: 'a negative percent',
    lines: [{ quantity: 1, unitPrice: 1000 }],
    discount: { percent: -5 },
    expected: { field: 'discount.percent', message: 'Percent must be between 0 and 100' },
  },
  {
    name: 'a percent with 3 decimals',
    lines: [{ quantity: 1, unitPrice: 1000, discount: { percent: 12.345 } }],
    expected: { field: 'products.0.discount.percent', message: 'A percent has at most 2 decimals' },
  },
  {
    name: 'an amount with 4 decimals',
    lines: [{ quantity: 1, unitPrice: 1000, discount: { amount: '0.1234' } }],
    expected: { field: 'products.0.discount.amount', message: 'At most 3 decimals' },
  },
  {
    name: 'a percent and an amount at once',
    lines: [{ quantity: 1, unitPrice: 1000 }],
    discount: { percent: 10, amount: 100 },
    expected: { field: 'discount', message: 'Give either a percent or an amount' },
  },
];

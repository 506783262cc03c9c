import { describe, expect, it } from '@rstest/core';
import * as v from 'valibot';
import { fils } from '../money';
import { DISCOUNT_CASES } from './discount-cases';
import { invoiceAmounts, netLineValues, valueOfUnits } from './discounts';
import { InvoiceInputSchema } from './invoices';

const input = (lines: unknown[], discount?: unknown) => ({
  customer: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
  dateOfCreation: '2026-11-21',
  products: lines.map((line) => ({ product: '7f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', ...(line as object) })),
  ...(discount !== undefined && { discount }),
});

describe('discounts as the form computes them (the same table the API is tested with)', () => {
  for (const { name, lines, discount, expected } of DISCOUNT_CASES) {
    it(name, () => {
      const parsed = v.safeParse(InvoiceInputSchema, input(lines, discount));
      if ('message' in expected) {
        expect(parsed.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
          [expected.field, expected.message],
        ]);
        return;
      }
      expect(parsed.issues).toBeUndefined();
      if (!parsed.success) return;
      const amounts = invoiceAmounts(parsed.output.products, parsed.output.discount)!;
      expect({
        lineTotals: amounts.lines.map((line) => line.total),
        linesTotal: amounts.linesTotal,
        discount: amounts.discount,
        total: amounts.total,
      }).toEqual(expected);
      // A total sent with the lines is accepted when it is this one.
      expect(v.safeParse(InvoiceInputSchema, { ...input(lines, discount), totalAmount: amounts.total }).success).toBe(
        true,
      );
    });
  }

  it('tells a differing total the one the lines come to', () => {
    const parsed = v.safeParse(InvoiceInputSchema, {
      ...input([{ quantity: 7, unitPrice: 2250, discount: { percent: 10 } }]),
      totalAmount: 15750,
    });
    expect(parsed.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['totalAmount', 'Total amount does not match the lines: they come to 14.175 KD'],
    ]);
  });
});

describe('what a line is worth once the invoice discount is shared', () => {
  it('shares the discount in proportion and adds up to the total exactly', () => {
    const amounts = invoiceAmounts(
      [
        { quantity: 1, unitPrice: fils(1000) },
        { quantity: 1, unitPrice: fils(1000) },
        { quantity: 1, unitPrice: fils(1000) },
      ],
      { amount: fils(100) },
    )!;
    const values = netLineValues(amounts);
    expect(values).toEqual([967, 966, 967]);
    expect(values.reduce((a, b) => a + b, 0)).toBe(amounts.total);
  });

  it('values units taken bit by bit at what the whole line is worth', () => {
    const taken = [
      valueOfUnits(fils(1000), 3, 0, 1),
      valueOfUnits(fils(1000), 3, 1, 1),
      valueOfUnits(fils(1000), 3, 2, 1),
    ];
    expect(taken).toEqual([333, 334, 333]);
    expect(valueOfUnits(fils(1000), 3, 0, 3)).toBe(1000);
  });
});

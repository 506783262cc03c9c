import { describe, expect, it } from '@rstest/core';
import * as v from 'valibot';
import { InvoiceInputSchema } from '@admin/shared/contract';
import { DISCOUNT_CASES, type DiscountCase } from '@admin/shared/contract/discount-cases';
import { filsToKdString, fils } from '@admin/shared/money';
import { linesAmounts, linesInput, noDiscount, type DiscountValues } from './line-values';

/** A case's discount as staff type it: a percent's digits, or an amount in KD. */
function typed(discount: DiscountCase['discount']): DiscountValues {
  if (!discount) return noDiscount();
  if (discount.percent !== undefined) return { kind: 'percent', value: String(discount.percent) };
  const amount = discount.amount!;
  return { kind: 'amount', value: typeof amount === 'number' ? filsToKdString(fils(amount)) : amount };
}

describe('discounts as the dialog computes them from its boxes (the same table the API is tested with)', () => {
  // A percent and an amount at once is a request the dialog cannot make: its boxes hold one kind.
  const typeable = DISCOUNT_CASES.filter(
    ({ discount }) => discount?.percent === undefined || discount.amount === undefined,
  );
  for (const { name, lines, discount, expected } of typeable) {
    it(name, () => {
      const values = {
        products: lines.map((line, i) => ({
          product: `7f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d${i}`,
          productName: '',
          quantity: line.quantity,
          unitPrice: fils(line.unitPrice),
          discount: typed(line.discount),
        })),
        discount: typed(discount),
      };
      const amounts = linesAmounts(values);
      if ('message' in expected) {
        // No total is shown, and the request the dialog would send is refused under the field.
        expect(amounts).toBeNull();
        const request = {
          customer: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
          dateOfCreation: '2026-11-21',
          ...linesInput(values),
        };
        const parsed = v.safeParse(InvoiceInputSchema, request);
        expect(parsed.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
          [expected.field, expected.message],
        ]);
        return;
      }
      expect(
        amounts && {
          lineTotals: amounts.lines.map((line) => line.total),
          linesTotal: amounts.linesTotal,
          discount: amounts.discount,
          total: amounts.total,
        },
      ).toEqual(expected);
    });
  }
});

import { describe, expect, it } from '@rstest/core';
import * as v from 'valibot';
import { fils } from '../money';
import { InvoiceInputSchema, totalOfLines } from './invoices';
import { recurringPeriodLabel, scheduleDates } from './schedules';

const day = (d: string) => `${d}T00:00:00.000Z`;

describe('schedule dates (the dialog shows them before saving)', () => {
  it('keeps the start day of month, clamping only inside short months', () => {
    expect(scheduleDates({ startDate: '2026-01-31', recurringPeriod: 1 }, 0, 4)).toEqual(
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'].map(day),
    );
    expect(scheduleDates({ startDate: day('2028-02-29'), recurringPeriod: 12 }, 3, 2)).toEqual(
      ['2031-02-28', '2032-02-29'].map(day),
    );
  });

  it('stops at the end date', () => {
    expect(scheduleDates({ startDate: '2026-01-15', recurringPeriod: 3, endDate: day('2026-07-15') }, 0, 5)).toEqual(
      ['2026-01-15', '2026-04-15', '2026-07-15'].map(day),
    );
    expect(scheduleDates({ startDate: '2026-01-15', recurringPeriod: 3, endDate: '2026-07-15' }, 3, 3)).toEqual([]);
  });

  it("labels periods as the dialog's options", () => {
    expect([1, 2, 12].map(recurringPeriodLabel)).toEqual(['1 Month', '2 Months', '12 Months']);
  });
});

describe('invoice lines', () => {
  it('totals exactly in fils', () => {
    expect(
      totalOfLines([
        { quantity: 3, unitPrice: fils(1005) },
        { quantity: 1, unitPrice: fils(1) },
      ]),
    ).toBe(3016);
    expect(totalOfLines([{ quantity: 1_000_000, unitPrice: fils(999_999_999_999) }])).toBeNull();
  });

  it('accepts a total that matches the lines and names the one that does not', () => {
    const input = {
      customer: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
      dateOfCreation: '2026-11-21',
      products: [{ product: '7f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', quantity: 3, unitPrice: 1005 }],
    };
    expect(v.safeParse(InvoiceInputSchema, { ...input, totalAmount: 3015 }).success).toBe(true);
    const wrong = v.safeParse(InvoiceInputSchema, { ...input, totalAmount: 3000 });
    expect(wrong.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['totalAmount', 'Total amount does not match the lines: they come to 3.015 KD'],
    ]);
  });
});

import type { CreditNote, Invoice, ScheduledInvoice } from '@admin/shared/contract';
import { DISCOUNT_CASES } from '@admin/shared/contract/discount-cases';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { createProduct, read, setUpApp, setUpLedger } from '../../test';

const t = setUpApp({ now: () => new Date('2026-11-21T06:00:00.000Z') });
const f = setUpLedger(t);

let customer: string;
let products: string[];
beforeAll(async () => {
  customer = (await f.customer())._id;
  products = await Promise.all(
    ['Router', 'Cable', 'Switch'].map(
      async (productName) => (await createProduct(t, { productName, productPrice: 1_000 }))._id,
    ),
  );
});

const invoiceBody = (lines: object[], discount?: object, totalAmount?: number) => ({
  customer,
  dateOfCreation: '2026-11-01',
  products: lines.map((line, i) => ({ product: products[i], ...line })),
  ...(discount && { discount }),
  ...(totalAmount !== undefined && { totalAmount }),
});

async function created<T>(url: string, body: object): Promise<T> {
  const response = await t.request('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('discounts the API stores (the same table the form is tested with)', () => {
  for (const { name, lines, discount, expected } of DISCOUNT_CASES) {
    it(name, async () => {
      const response = await t.request('POST', '/api/invoices', invoiceBody(lines, discount));
      if ('message' in expected) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().errors).toEqual({ [expected.field]: expected.message });
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      const { data: stored } = await read<{ data: Invoice }>(
        t,
        `/api/invoices/${(response.json().data as Invoice)._id}`,
      );
      expect(stored.products.map((line) => line.lineTotal)).toEqual(expected.lineTotals);
      expect(stored.totalAmount).toBe(expected.total);
    });
  }

  it('answers the discounts as sent, a percent as a number and an amount in fils', async () => {
    const invoice = await created<Invoice>(
      '/api/invoices',
      invoiceBody(
        [
          { quantity: 3, unitPrice: 1005, discount: { percent: '12.5' } },
          { quantity: 1, unitPrice: 999 },
        ],
        {
          amount: '0.100',
        },
      ),
    );
    expect(invoice.products.map((line) => [line.discount, line.lineTotal])).toEqual([
      [{ percent: 12.5 }, 2638],
      [undefined, 999],
    ]);
    expect([invoice.discount, invoice.totalAmount]).toEqual([{ amount: 100 }, 3537]);
  });

  it('refuses a total that differs, naming the one the lines and discounts come to', async () => {
    const response = await t.request(
      'POST',
      '/api/invoices',
      invoiceBody([{ quantity: 7, unitPrice: 2250, discount: { percent: 10 } }], { percent: 10 }, 15_750),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      totalAmount: 'Total amount does not match the lines: they come to 12.757 KD',
    });
    // A line's total is never taken from the client.
    const withLineTotal = await t.request(
      'POST',
      '/api/invoices',
      invoiceBody([{ quantity: 1, unitPrice: 1000, discount: { percent: 10 }, lineTotal: 1000 }]),
    );
    expect(withLineTotal.statusCode).toBe(400);
    expect(withLineTotal.json().errors).toEqual({ 'products.0.lineTotal': 'Unknown field "lineTotal"' });
  });

  it('keeps the discounts through an update and removes them when left out', async () => {
    const invoice = await created<Invoice>(
      '/api/invoices',
      invoiceBody([{ quantity: 2, unitPrice: 1000 }], { percent: 5 }),
    );
    expect(invoice.totalAmount).toBe(1900);
    const update = (body: object) => t.request('PUT', `/api/invoices/${invoice._id}`, body);
    expect(
      (await update(invoiceBody([{ quantity: 2, unitPrice: 1000, discount: { amount: 500 } }]))).json().data,
    ).toMatchObject({
      totalAmount: 1500,
    });
    const plain = (await update(invoiceBody([{ quantity: 2, unitPrice: 1000 }]))).json().data as Invoice;
    expect([plain.discount, plain.products[0]!.discount, plain.totalAmount]).toEqual([undefined, undefined, 2000]);
  });
});

describe('a schedule with discounts', () => {
  it('generates invoices that carry its discounts and its total', async () => {
    const schedule = await created<ScheduledInvoice>('/api/scheduled-invoices', {
      scheduleName: 'Monthly support',
      customer,
      dateOfCreation: '2026-11-01',
      startDate: '2026-11-01',
      recurringPeriod: 1,
      products: [
        { product: products[0], quantity: 3, unitPrice: 1005, discount: { percent: 10 } },
        { product: products[1], quantity: 1, unitPrice: 999, discount: { amount: 99 } },
      ],
      discount: { percent: 10 },
    });
    expect([schedule.discount, schedule.totalAmount]).toEqual([{ percent: 10 }, 3252]);
    const response = await t.request('POST', `/api/scheduled-invoices/${schedule._id}/generate`);
    expect(response.statusCode, response.body).toBe(201);
    const { invoice } = response.json().data as { invoice: Invoice };
    expect(invoice.products.map((line) => [line.discount, line.lineTotal])).toEqual([
      [{ percent: 10 }, 2713],
      [{ amount: 99 }, 900],
    ]);
    expect([invoice.discount, invoice.totalAmount]).toEqual([{ percent: 10 }, 3252]);
  });
});

describe('a credit note of a discounted invoice', () => {
  it('values credited units after the discounts, so crediting every line comes to the total', async () => {
    const invoice = await created<Invoice>(
      '/api/invoices',
      invoiceBody(
        [
          { quantity: 3, unitPrice: 1005, discount: { percent: 10 } },
          { quantity: 1, unitPrice: 999, discount: { amount: 99 } },
          { quantity: 3, unitPrice: 333 },
        ],
        { amount: 100 },
      ),
    );
    expect(invoice.totalAmount).toBe(4512);
    const credit = (lines: object[]) =>
      created<CreditNote>('/api/credit-notes', { invoice: invoice._id, date: '2026-11-21', reason: 'return', lines });
    // Bit by bit: one unit of the first line, then the rest of everything.
    const first = await credit([{ product: products[0], quantity: 1 }]);
    const rest = await credit([
      { product: products[0], quantity: 2 },
      { product: products[1], quantity: 1 },
      { product: products[2], quantity: 3 },
    ]);
    expect(first.amount + rest.amount).toBe(invoice.totalAmount);
    // The first line is worth 2713 less its share of the 100 fils off (100 × 2713 / 4612 → 59):
    // 2654, and a third of that 884.667 → 885.
    expect(first.lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPrice: 1005, discount: { amount: 120 }, lineTotal: 885 }),
    ]);
    const { data: after } = await read<{ data: Invoice }>(t, `/api/invoices/${invoice._id}`);
    expect([after.creditedAmount, after.remainingAmount]).toEqual([4512, 0]);
  });
});

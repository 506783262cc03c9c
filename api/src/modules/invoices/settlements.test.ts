import type { InvoiceSettlement } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { setUpApp, setUpLedger } from '../../test';

const t = setUpApp();
const f = setUpLedger(t);

describe("an invoice's payments", () => {
  it('lists what each payment put on the invoice, oldest first, with its number, day and mode', async () => {
    const customer = await f.customer('Two Payments Trading');
    const invoice = await f.invoice(customer._id, 76_535);
    const other = await f.invoice(customer._id, 10_000);
    const first = await f.pay(
      customer._id,
      [
        [invoice.id, 60_000],
        [other.id, 10_000],
      ],
      {
        paymentMode: 'Knet',
        paymentDate: '2026-11-20',
      },
    );
    const second = await f.pay(customer._id, [[invoice.id, 16_530]], {
      paymentMode: 'Cash',
      paymentDate: '2026-11-21',
    });

    const answer = await t.request('GET', `/api/invoices/${invoice.id}/payments`);
    expect(answer.statusCode).toBe(200);
    const settlements = answer.json().data as InvoiceSettlement[];
    expect(settlements).toEqual([
      {
        payment: { _id: first.payment._id, paymentNumber: first.payment.paymentNumber },
        paymentDate: '2026-11-20T00:00:00.000Z',
        paymentMode: 'Knet',
        amount: 60_000,
        cheque: null,
      },
      {
        payment: { _id: second.payment._id, paymentNumber: second.payment.paymentNumber },
        paymentDate: '2026-11-21T00:00:00.000Z',
        paymentMode: 'Cash',
        amount: 16_530,
        cheque: null,
      },
    ]);
  });

  it('answers 404 for an invoice that does not exist', async () => {
    const answer = await t.request('GET', '/api/invoices/00000000-0000-4000-8000-000000000000/payments');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Invoice not found');
  });
});

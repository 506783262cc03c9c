import type { Payment } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { afterEach, describe, expect, it } from '@rstest/core';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';
import { settleCashInvoice } from '../ledger/moves';

const t = setUpApp();
const f = setUpLedger(t);
// Whatever a test did, the ledger must still add up.
afterEach(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
});

const post = (url: string, body: object) => t.request('POST', url, body);

describe('advance payments', () => {
  it('records credit for the customer with a PAY- number', async () => {
    const customer = await f.customer();
    const payment = await f.advance(customer._id, 25_500, { referenceNumber: ' R-1 ', notes: 'Deposit' });
    expect(payment).toEqual({
      _id: expect.any(String),
      paymentNumber: expect.stringMatching(/^PAY-\d{6}$/),
      customer: { _id: customer._id, customerName: customer.customerName },
      paymentType: 'advance',
      paymentMode: 'Cash',
      amount: 25_500,
      advanceUsed: 0,
      remainingAmountPaid: 25_500,
      allocations: [],
      paymentDate: f.day,
      referenceNumber: 'R-1',
      notes: 'Deposit',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await f.balance(customer._id)).toEqual({
      advanceBalance: 25_500,
      totalDue: 0,
      netBalance: 25_500,
      totalPaid: 0,
      lastPaymentDate: f.day,
    });
    expect((await t.request('GET', `/api/payments/${payment._id}`)).json().data).toEqual(payment);
  });

  it('answers each missing or wrong field with its message', async () => {
    const customer = await f.customer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customer: undefined }, 'customer', 'Customer is required'],
      [{ customer: '' }, 'customer', 'Customer is required'],
      [{ paymentDate: undefined }, 'paymentDate', 'Payment date is required'],
      [{ paymentDate: '' }, 'paymentDate', 'Payment date is required'],
      [{ paymentMode: '' }, 'paymentMode', 'Payment mode is required'],
      [{ paymentMode: undefined }, 'paymentMode', 'Payment mode is required'],
      [{ amount: undefined }, 'amount', 'Amount is required'],
      [{ amount: null }, 'amount', 'Amount is required'],
      [{ amount: 0 }, 'amount', 'Amount must be greater than 0'],
      [{ amount: -5 }, 'amount', 'Amount must be greater than 0'],
      [{ amount: 1.5 }, 'amount', 'Amounts are whole fils (thousandths of a KD)'],
      [{ paymentMode: 'Advance' }, 'paymentMode', 'Advance is only for payments made from the advance balance'],
    ];
    for (const [overrides, field, message] of cases) {
      const body = { ...f.advanceBody(customer._id, 1000), ...overrides };
      for (const key of Object.keys(overrides))
        if (overrides[key] === undefined) delete (body as Record<string, unknown>)[key];
      const response = await post('/api/payments/advance', body);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    const unknown = await post('/api/payments/advance', f.advanceBody('00000000-0000-4000-8000-000000000000', 1000));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      requestId: expect.any(String),
      message: 'Customer not found',
      errors: { customer: 'Customer not found' },
    });
    expect((await f.balance(customer._id)).advanceBalance).toBe(0);
  });
});

describe('invoice payments', () => {
  it('pays two invoices partly from the advance and the rest in the chosen mode', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 3_000);
    const first = await f.invoice(customer._id, 5_000);
    const second = await f.invoice(customer._id, 4_000, 'overdue');
    const result = await f.pay(
      customer._id,
      [
        [first.id, 5_000],
        [second.id, 1_500],
      ],
      { useAdvanceBalance: true, amount: 6_500, referenceNumber: 'K-77' },
    );
    expect(result.advanceUsed).toBe(3_000);
    expect(result.remainingAmountPaid).toBe(3_500);
    expect(result.payment).toMatchObject({
      paymentType: 'invoice_payment',
      paymentMode: 'Knet',
      amount: 6_500,
      advanceUsed: 3_000,
      remainingAmountPaid: 3_500,
      referenceNumber: 'K-77',
    });
    expect(result.payment.allocations).toEqual(
      [
        { invoice: first.id, invoiceNumber: first.invoiceNumber, amount: 5_000 },
        { invoice: second.id, invoiceNumber: second.invoiceNumber, amount: 1_500 },
      ].sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber)),
    );
    expect(await f.invoiceState(first.id)).toEqual({
      totalAmount: 5_000,
      paidAmount: 5_000,
      status: 'paid',
      remaining: 0,
    });
    expect(await f.invoiceState(second.id)).toEqual({
      totalAmount: 4_000,
      paidAmount: 1_500,
      status: 'overdue',
      remaining: 2_500,
    });
    expect(await f.balance(customer._id)).toEqual({
      advanceBalance: 0,
      totalDue: 2_500,
      netBalance: -2_500,
      totalPaid: 6_500,
      lastPaymentDate: f.day,
    });
    // The export tells the parts apart: only 3.500 came in by Knet.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/payments?customer=${customer._id}&paymentType=invoice_payment`,
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Mode,Paid By,Amount,Advance Used');
    expect(row).toContain('Knet,Knet 3.500 + Advance 3.000,6.500,3.000');
  });

  it('uses only what the advance holds, records mode Advance when it covers everything, and ignores it unless asked', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 10_000);
    const invoice = await f.invoice(customer._id, 20_000);
    const notAsked = await f.pay(customer._id, [[invoice.id, 1_000]]);
    expect([notAsked.advanceUsed, notAsked.remainingAmountPaid, notAsked.payment.paymentMode]).toEqual([
      0,
      1_000,
      'Knet',
    ]);
    const covered = await f.pay(customer._id, [[invoice.id, 2_000]], { useAdvanceBalance: true, paymentMode: 'Cash' });
    expect([covered.advanceUsed, covered.remainingAmountPaid, covered.payment.paymentMode]).toEqual([
      2_000,
      0,
      'Advance',
    ]);
    const byMode = await f.pay(customer._id, [[invoice.id, 3_000]], { paymentMode: 'Advance' });
    expect([byMode.advanceUsed, byMode.payment.paymentMode]).toEqual([3_000, 'Advance']);
    // 5,000 left in the advance: mode Advance cannot pay 6,000.
    const short = await post(
      '/api/payments/invoice',
      f.payBody(customer._id, [[invoice.id, 6_000]], { paymentMode: 'Advance' }),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('The advance balance of 5.000 KD does not cover the payment of 6.000 KD');
    expect((await f.balance(customer._id)).advanceBalance).toBe(5_000);
  });

  it('refuses more than the remaining amount with the invoice named, changing nothing', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 2_000);
    const open = await f.invoice(customer._id, 4_000);
    const other = await f.invoice(customer._id, 1_000);
    await f.pay(customer._id, [[open.id, 1_000]]);
    const response = await post(
      '/api/payments/invoice',
      f.payBody(
        customer._id,
        [
          [other.id, 500],
          [open.id, 3_001],
        ],
        { useAdvanceBalance: true },
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Payment of 3.001 KD exceeds the remaining 3.000 KD on ${open.invoiceNumber}`);
    expect(await f.invoiceState(other.id)).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(await f.invoiceState(open.id)).toMatchObject({ paidAmount: 1_000 });
    expect((await f.balance(customer._id)).advanceBalance).toBe(2_000);

    await f.pay(customer._id, [[open.id, 3_000]]);
    const paid = await post('/api/payments/invoice', f.payBody(customer._id, [[open.id, 1]]));
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(`Payment of 0.001 KD exceeds the remaining 0.000 KD on ${open.invoiceNumber}`);
  });

  it('refuses invoices that are not due, belong to someone else or do not exist', async () => {
    const customer = await f.customer();
    const stranger = await f.customer();
    const draft = await f.invoice(customer._id, 1_000, 'draft');
    const cancelled = await f.invoice(customer._id, 1_000, 'cancelled');
    const theirs = await f.invoice(stranger._id, 1_000);
    const pay = (invoice: string) => post('/api/payments/invoice', f.payBody(customer._id, [[invoice, 100]]));

    let response = await pay(draft.id);
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      `Invoice ${draft.invoiceNumber} is draft and cannot be paid`,
    ]);
    response = await pay(cancelled.id);
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      `Invoice ${cancelled.invoiceNumber} is cancelled and cannot be paid`,
    ]);
    response = await pay(theirs.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'relatedInvoices.0.invoice': `Invoice ${theirs.invoiceNumber} belongs to another customer`,
    });
    response = await pay('00000000-0000-4000-8000-000000000000');
    expect([response.statusCode, response.json().errors]).toEqual([
      400,
      { 'relatedInvoices.0.invoice': 'Invoice not found' },
    ]);
    expect(await f.invoiceState(theirs.id)).toMatchObject({ paidAmount: 0 });
  });

  it('validates the request with its messages', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 1_000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ relatedInvoices: [] }, 'relatedInvoices', 'Please select at least one invoice to pay'],
      [{ relatedInvoices: undefined }, 'relatedInvoices', 'Please select at least one invoice to pay'],
      [
        { relatedInvoices: [{ invoice: invoice.id, paidAmount: 0 }] },
        'relatedInvoices.0.paidAmount',
        'Amount must be greater than 0',
      ],
      [
        { relatedInvoices: [{ invoice: invoice.id, paidAmount: null }] },
        'relatedInvoices.0.paidAmount',
        'Amount is required',
      ],
      [
        {
          relatedInvoices: [
            { invoice: invoice.id, paidAmount: 1 },
            { invoice: invoice.id, paidAmount: 2 },
          ],
        },
        'relatedInvoices',
        'Each invoice can appear only once in a payment',
      ],
      [{ customer: undefined }, 'customer', 'Customer is required'],
      [{ paymentDate: '' }, 'paymentDate', 'Payment date is required'],
      [{ paymentMode: '' }, 'paymentMode', 'Payment mode is required'],
      [{ amount: 999 }, 'amount', 'Amount does not match the invoices'],
    ];
    for (const [overrides, field, message] of cases) {
      const body: Record<string, unknown> = { ...f.payBody(customer._id, [[invoice.id, 500]]), ...overrides };
      for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete body[key];
      const response = await post('/api/payments/invoice', body);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    // The screen's own view of each invoice travels along and is accepted; ids in any case.
    const withView = await post('/api/payments/invoice', {
      ...f.payBody(customer._id.toUpperCase(), []),
      amount: 500,
      relatedInvoices: [
        {
          invoice: invoice.id.toUpperCase(),
          invoiceNumber: invoice.invoiceNumber,
          totalAmount: 1_000,
          paidAmount: 500,
          remainingAmount: 1_000,
        },
      ],
    });
    expect(withView.statusCode, withView.body).toBe(201);
  });
});

describe('refunds', () => {
  it('pays back at most the advance balance and is stored negative', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 5_000);
    const tooMuch = await post('/api/payments/refund', f.advanceBody(customer._id, 5_001));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Refund of 5.001 KD exceeds the advance balance of 5.000 KD');
    const refund = await f.refund(customer._id, 2_000, { paymentMode: 'Bank Transfer' });
    expect(refund).toMatchObject({
      paymentType: 'refund',
      amount: -2_000,
      paymentMode: 'Bank Transfer',
      advanceUsed: 0,
    });
    expect((await f.balance(customer._id)).advanceBalance).toBe(3_000);
    const zero = await post('/api/payments/refund', f.advanceBody(customer._id, 0));
    expect([zero.statusCode, zero.json().errors]).toEqual([400, { amount: 'Amount must be greater than 0' }]);
  });
});

describe('editing a payment', () => {
  it('changes date, mode, reference and notes only', async () => {
    const customer = await f.customer();
    const payment = await f.advance(customer._id, 1_000, { referenceNumber: 'A', notes: 'n' });
    const response = await t.request('PUT', `/api/payments/${payment._id}`, {
      paymentDate: '2026-11-20',
      paymentMode: 'Check',
      referenceNumber: 'CHK-9',
      notes: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      paymentDate: '2026-11-20T00:00:00.000Z',
      paymentMode: 'Check',
      referenceNumber: 'CHK-9',
      notes: null,
      amount: 1_000,
    });
    const onlyNotes = await t.request('PUT', `/api/payments/${payment._id}`, { notes: 'kept the rest' });
    expect(onlyNotes.json().data).toMatchObject({
      paymentMode: 'Check',
      referenceNumber: 'CHK-9',
      notes: 'kept the rest',
    });
  });

  it('refuses money fields with the fixed message and keeps the mode honest', async () => {
    const customer = await f.customer();
    const payment = await f.advance(customer._id, 1_000);
    for (const body of [
      { amount: 2_000 },
      { notes: 'x', relatedInvoices: [] },
      { customer: customer._id },
      { useAdvanceBalance: true },
    ]) {
      const response = await t.request('PUT', `/api/payments/${payment._id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Amounts cannot be changed; delete the payment and record it again');
    }
    const toAdvance = await t.request('PUT', `/api/payments/${payment._id}`, { paymentMode: 'Advance' });
    expect([toAdvance.statusCode, toAdvance.json().errors]).toEqual([
      400,
      { paymentMode: 'Advance is only for payments made from the advance balance' },
    ]);
    const invoice = await f.invoice(customer._id, 500);
    const fromAdvance = await f.pay(customer._id, [[invoice.id, 500]], { useAdvanceBalance: true });
    const away = await t.request('PUT', `/api/payments/${fromAdvance.payment._id}`, { paymentMode: 'Cash' });
    expect(away.statusCode).toBe(400);
    expect((await t.request('GET', `/api/payments/${payment._id}`)).json().data.amount).toBe(1_000);
    expect(
      (await t.request('PUT', '/api/payments/00000000-0000-4000-8000-000000000000', { notes: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('deleting a payment', () => {
  it('reverses an invoice payment: invoices reopen and the advance comes back', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 1_000);
    const invoice = await f.invoice(customer._id, 3_000);
    const { payment } = await f.pay(customer._id, [[invoice.id, 3_000]], { useAdvanceBalance: true });
    expect(await f.invoiceState(invoice.id)).toMatchObject({ status: 'paid', paidAmount: 3_000 });
    expect((await t.request('DELETE', `/api/payments/${payment._id}`)).statusCode).toBe(204);
    expect(await f.invoiceState(invoice.id)).toEqual({
      totalAmount: 3_000,
      paidAmount: 0,
      status: 'unpaid',
      remaining: 3_000,
    });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 1_000, totalDue: 3_000, totalPaid: 0 });
    expect((await t.request('GET', `/api/payments/${payment._id}`)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/payments/${payment._id}`)).statusCode).toBe(404);
  });

  it('keeps a partly paid invoice in its status', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 3_000, 'sent');
    await f.pay(customer._id, [[invoice.id, 1_000]]);
    const { payment } = await f.pay(customer._id, [[invoice.id, 500]]);
    await t.request('DELETE', `/api/payments/${payment._id}`);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ status: 'sent', paidAmount: 1_000 });
  });

  it('refuses to delete an advance that has been used, and deletes it once it is free again', async () => {
    const customer = await f.customer();
    const advance = await f.advance(customer._id, 2_000);
    const invoice = await f.invoice(customer._id, 1_500);
    const { payment } = await f.pay(customer._id, [[invoice.id, 1_500]], { useAdvanceBalance: true });
    const refused = await t.request('DELETE', `/api/payments/${advance._id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This advance has already been used']);
    expect((await f.balance(customer._id)).advanceBalance).toBe(500);
    await t.request('DELETE', `/api/payments/${payment._id}`);
    expect((await t.request('DELETE', `/api/payments/${advance._id}`)).statusCode).toBe(204);
    expect((await f.balance(customer._id)).advanceBalance).toBe(0);
  });

  it('gives a refund back to the advance balance', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 2_000);
    const refund = await f.refund(customer._id, 2_000);
    expect((await f.balance(customer._id)).advanceBalance).toBe(0);
    expect((await t.request('DELETE', `/api/payments/${refund._id}`)).statusCode).toBe(204);
    expect((await f.balance(customer._id)).advanceBalance).toBe(2_000);
  });
});

describe('the payments list', () => {
  it('pages newest first, searches number, reference and customer, and filters', async () => {
    const customer = await f.customer('Zainab Searchable');
    const advance = await f.advance(customer._id, 1_000, { referenceNumber: 'UNIQ-REF-42' });
    const invoice = await f.invoice(customer._id, 700);
    const { payment } = await f.pay(customer._id, [[invoice.id, 700]], { paymentMode: 'Credit Card' });
    const refund = await f.refund(customer._id, 300);

    const list = async (query: string) => {
      const response = await t.request('GET', `/api/payments?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Payment[]; pagination: Record<string, number> };
    };
    const mine = await list(`customer=${customer._id}`);
    expect(mine.data.map((p) => p._id)).toEqual([refund._id, payment._id, advance._id]);
    expect(mine.data.map((p) => p.amount)).toEqual([-300, 700, 1_000]);
    expect(mine.data[1]?.allocations).toEqual([
      { invoice: invoice.id, invoiceNumber: invoice.invoiceNumber, amount: 700 },
    ]);
    expect(mine.pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1, totalPages: 1 });

    expect((await list('search=uniq-ref')).data.map((p) => p._id)).toEqual([advance._id]);
    expect((await list(`search=${payment.paymentNumber}`)).data.map((p) => p._id)).toEqual([payment._id]);
    // The number on the paper a customer brings back: the receipt's, found as its payment's.
    const receipt = payment.paymentNumber.replace('PAY-', 'rct-');
    expect((await list(`search=${receipt}`)).data.map((p) => p._id)).toEqual([payment._id]);
    expect((await list('search=zainab')).pagination.total).toBe(3);
    expect((await list(`customer=${customer._id}&paymentType=refund`)).data.map((p) => p._id)).toEqual([refund._id]);
    expect((await list(`customer=${customer._id}&paymentMode=Credit%20Card`)).data.map((p) => p._id)).toEqual([
      payment._id,
    ]);
    expect((await list(`customer=${customer._id}&paymentType=&limit=2&page=2`)).data.map((p) => p._id)).toEqual([
      advance._id,
    ]);
    expect((await t.request('GET', '/api/payments?paymentType=gift')).statusCode).toBe(400);
  });
});

describe('customer balance and summary', () => {
  it('sums the customer figures and groups payments by type and invoices by status', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 4_000, { paymentDate: '2026-10-01' });
    const paid = await f.invoice(customer._id, 1_000);
    const open = await f.invoice(customer._id, 2_500, 'overdue');
    await f.invoice(customer._id, 9_000, 'draft');
    await f.pay(customer._id, [[paid.id, 1_000]], { paymentDate: '2026-10-05' });
    await f.pay(customer._id, [[open.id, 500]], { useAdvanceBalance: true, paymentDate: '2026-10-03' });
    await f.refund(customer._id, 1_000, { paymentDate: '2026-12-01' });

    expect(await f.balance(customer._id)).toEqual({
      advanceBalance: 2_500,
      totalDue: 2_000,
      netBalance: 500,
      totalPaid: 1_500,
      // A refund is money paid out, not a payment received.
      lastPaymentDate: '2026-10-05T00:00:00.000Z',
    });
    const summary = (await t.request('GET', `/api/payments/customer/${customer._id}/summary`)).json().data;
    expect(summary).toEqual({
      paymentSummary: [
        { _id: 'advance', totalAmount: 4_000, count: 1 },
        { _id: 'invoice_payment', totalAmount: 1_500, count: 2 },
        { _id: 'refund', totalAmount: -1_000, count: 1 },
      ],
      invoiceSummary: [
        { _id: 'draft', totalAmount: 9_000, count: 1 },
        { _id: 'overdue', totalAmount: 2_500, count: 1 },
        { _id: 'paid', totalAmount: 1_000, count: 1 },
      ],
    });
    const none = await f.customer();
    expect(await f.balance(none._id)).toEqual({
      advanceBalance: 0,
      totalDue: 0,
      netBalance: 0,
      totalPaid: 0,
      lastPaymentDate: null,
    });
    for (const what of ['balance', 'summary']) {
      const missing = await t.request('GET', `/api/payments/customer/00000000-0000-4000-8000-000000000000/${what}`);
      expect(missing.statusCode).toBe(404);
    }
  });
});

describe('Cash invoices', () => {
  it('are settled in full, in mode Cash, in the transaction that creates them', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 2_750);
    const paymentId = await t.db.transaction((tx) =>
      settleCashInvoice(tx, {
        invoiceId: invoice.id,
        customerId: customer._id,
        amount: fils(2_750),
        paymentDate: f.day,
        recordedBy: null,
      }),
    );
    expect(await f.invoiceState(invoice.id)).toMatchObject({ status: 'paid', remaining: 0 });
    const payment = (await t.request('GET', `/api/payments/${paymentId}`)).json().data;
    expect(payment).toMatchObject({
      paymentType: 'invoice_payment',
      paymentMode: 'Cash',
      amount: 2_750,
      advanceUsed: 0,
    });
    expect(payment.allocations).toEqual([{ invoice: invoice.id, invoiceNumber: invoice.invoiceNumber, amount: 2_750 }]);

    const free = await f.invoice(customer._id, 0);
    expect(
      await t.db.transaction((tx) =>
        settleCashInvoice(tx, {
          invoiceId: free.id,
          customerId: customer._id,
          amount: fils(0),
          paymentDate: f.day,
          recordedBy: null,
        }),
      ),
    ).toBeNull();
    expect(await f.invoiceState(free.id)).toMatchObject({ status: 'paid' });
  });
});

describe('the database guards the ledger', () => {
  it('refuses a negative balance, an overpaid invoice and a payment of the wrong sign even from raw SQL', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 100);
    const invoice = await f.invoice(customer._id, 100);
    const attempts = [
      `update customer_accounts set advance_balance = -1 where customer_id = '${customer._id}'`,
      `update invoices set paid_amount = 101 where id = '${invoice.id}'`,
      `update invoices set status = 'paid' where id = '${invoice.id}'`,
      `update payments set amount = -5 where customer_id = '${customer._id}' and payment_type = 'advance'`,
      `insert into payments (payment_number, customer_id, payment_type, payment_mode, amount, advance_used, payment_date)
         values ('X-1', '${customer._id}', 'invoice_payment', 'Cash', 100, 101, '2026-01-01')`,
    ];
    for (const statement of attempts) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
  });
});

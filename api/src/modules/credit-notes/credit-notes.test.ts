import type { CreditNote, CustomerStatement, Invoice } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { createProduct, ledgerViolations, read, setUpApp, setUpLedger, setUpSession } from '../../test';

const t = setUpApp({ now: () => new Date('2026-11-21T06:00:00.000Z') });
const f = setUpLedger(t);
const accountant = setUpSession(t, 'accountant');
const sales = setUpSession(t, 'sales');
const viewer = setUpSession(t, 'viewer');

let router: string;
let cable: string;
beforeAll(async () => {
  router = (await createProduct(t, { productName: 'Router', productPrice: 25_000 }))._id;
  cable = (await createProduct(t, { productName: 'Cable', productPrice: 1_500 }))._id;
});

const DAY = '2026-11-21';

/** A Credit invoice of three routers and ten cables: 90.000 KD. */
async function billedInvoice(customer: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await t.request('POST', '/api/invoices', {
    customer,
    dateOfCreation: '2026-11-01',
    products: [
      { product: router, quantity: 3, unitPrice: 25_000 },
      { product: cable, quantity: 10, unitPrice: 1_500 },
    ],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const invoiceOf = async (id: string) => (await read<{ data: Invoice }>(t, `/api/invoices/${id}`)).data;

async function as(
  headers: { authorization: string } | undefined,
  method: 'POST' | 'GET' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) {
  if (!headers) return t.request(method, url, payload);
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const issue = (body: object, headers?: { authorization: string }) => as(headers, 'POST', '/api/credit-notes', body);

async function issued(body: object, headers?: { authorization: string }): Promise<CreditNote> {
  const response = await issue(body, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('a credit note', () => {
  it('for returned lines is valued at the invoice price and first lowers what is owed', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    await f.pay(customer, [[invoice._id, 40_000]]);

    const note = await issued({
      invoice: invoice._id,
      date: DAY,
      reason: 'return',
      lines: [{ product: router, quantity: 1 }],
      notes: 'One router came back',
    });
    expect(note).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/),
      invoice: { _id: invoice._id, invoiceNumber: invoice.invoiceNumber },
      reason: 'return',
      amount: 25_000,
      owedAmount: 25_000,
      toAdvance: 0,
      lines: [{ product: { _id: router, productName: 'Router' }, quantity: 1, unitPrice: 25_000, lineTotal: 25_000 }],
      notes: 'One router came back',
      debitNotes: [],
    });
    expect(await invoiceOf(invoice._id)).toMatchObject({
      totalAmount: 90_000,
      paidAmount: 40_000,
      creditedAmount: 25_000,
      remainingAmount: 25_000,
      status: 'unpaid',
    });
    expect(await read(t, `/api/credit-notes/${note._id}`)).toEqual({ data: note });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('beyond what is owed moves the paid part to the advance balance, which may be refunded', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    await f.pay(customer, [[invoice._id, 90_000]]);
    expect((await invoiceOf(invoice._id)).status).toBe('paid');

    const note = await issued({
      invoice: invoice._id,
      date: DAY,
      reason: 'return',
      lines: [{ product: cable, quantity: 4 }],
    });
    expect(note).toMatchObject({ amount: 6_000, owedAmount: 0, toAdvance: 6_000 });
    expect(await invoiceOf(invoice._id)).toMatchObject({
      paidAmount: 84_000,
      creditedAmount: 6_000,
      remainingAmount: 0,
      status: 'paid',
    });
    expect(await f.balance(customer)).toMatchObject({ advanceBalance: 6_000, totalDue: 0 });
    await f.refund(customer, 6_000);
    expect(await f.balance(customer)).toMatchObject({ advanceBalance: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('can never take more than the invoice has uncredited, by lines or by amount', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    await issued({ invoice: invoice._id, date: DAY, reason: 'return', lines: [{ product: router, quantity: 2 }] });

    const tooMany = await issue({
      invoice: invoice._id,
      date: DAY,
      reason: 'return',
      lines: [{ product: router, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 1 of this product is left to credit on ${invoice.invoiceNumber}`);

    const tooMuch = await issue({ invoice: invoice._id, date: DAY, reason: 'price_adjustment', amount: 40_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(
      `Credit of 40.001 KD exceeds the 40.000 KD not yet credited on ${invoice.invoiceNumber}`,
    );
    const notOnInvoice = await issue({
      invoice: invoice._id,
      date: DAY,
      reason: 'return',
      lines: [{ product: (await createProduct(t, { productName: 'Switch' }))._id, quantity: 1 }],
    });
    expect(notOnInvoice.statusCode).toBe(400);
    expect(notOnInvoice.json().errors).toEqual({ 'lines.0.product': 'This product is not on the invoice' });
    expect((await invoiceOf(invoice._id)).creditedAmount).toBe(50_000);
  });

  it('refuses bad input with the field and its message, never a 500', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const cases: [object, string, string][] = [
      [{ date: DAY, reason: 'return', amount: 1 }, 'invoice', 'Invoice is required'],
      [{ invoice: invoice._id, reason: 'return', amount: 1 }, 'date', 'Date is required'],
      [
        { invoice: invoice._id, date: DAY, reason: 'gift', amount: 1 },
        'reason',
        'Reason must be return, price adjustment, cancellation, write-off or other',
      ],
      [{ invoice: invoice._id, date: DAY, reason: 'return' }, 'amount', 'Give either lines or an amount'],
      [
        { invoice: invoice._id, date: DAY, reason: 'return', amount: 1, lines: [{ product: router, quantity: 1 }] },
        'amount',
        'Give either lines or an amount',
      ],
      [{ invoice: invoice._id, date: DAY, reason: 'return', amount: 0 }, 'amount', 'Amount must be greater than 0'],
      [{ invoice: invoice._id, date: DAY, reason: 'return', amount: '1.0001' }, 'amount', 'At most 3 decimals'],
      [
        { invoice: invoice._id, date: DAY, reason: 'return', lines: [{ product: router, quantity: 0 }] },
        'lines.0.quantity',
        'Quantity must be at least 1',
      ],
      [
        { invoice: '00000000-0000-4000-8000-000000000000', date: DAY, reason: 'return', amount: 1 },
        'invoice',
        'Invoice not found',
      ],
      [
        { invoice: invoice._id, date: '2026-10-31', reason: 'return', amount: 1 },
        'date',
        'A credit note cannot be dated before its invoice',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await issue(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('is numbered CN-000001 onwards with no gap, refused issues taking no number', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const before = await read<{ data: CreditNote[] }>(t, '/api/credit-notes?sort=creditNoteNumber&order=desc&limit=1');
    const last = Number(before.data[0]?.creditNoteNumber.slice(3) ?? 0);
    await issue({ invoice: invoice._id, date: DAY, reason: 'other', amount: 999_999 });
    const first = await issued({ invoice: invoice._id, date: DAY, reason: 'other', amount: 1 });
    const second = await issued({ invoice: invoice._id, date: DAY, reason: 'other', amount: 1 });
    expect([first.creditNoteNumber, second.creditNoteNumber]).toEqual([
      `CN-${String(last + 1).padStart(6, '0')}`,
      `CN-${String(last + 2).padStart(6, '0')}`,
    ]);
  });

  it('is listed, searched, filtered, sorted and exported', async () => {
    const customer = await f.customer('Listed Credit Customer');
    const invoice = await billedInvoice(customer._id);
    const note = await issued({ invoice: invoice._id, date: DAY, reason: 'price_adjustment', amount: 2_500 });
    for (const query of [
      `search=${note.creditNoteNumber}`,
      `search=${invoice.invoiceNumber}`,
      'search=listed credit',
      `customer=${customer._id}`,
      `invoice=${invoice._id}&reason=price_adjustment&from=${DAY}&to=${DAY}`,
    ]) {
      const list = await read<{ data: CreditNote[]; pagination: { total: number } }>(t, `/api/credit-notes?${query}`);
      expect(
        list.data.map((n) => n._id),
        query,
      ).toEqual([note._id]);
      expect(list.pagination.total, query).toBe(1);
    }
    const byAmount = await read<{ data: CreditNote[] }>(t, '/api/credit-notes?sort=amount&order=desc&limit=100');
    const amounts = byAmount.data.map((n) => n.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/credit-notes?invoice=${invoice._id}`,
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Credit Note #,Invoice #,Customer,Reason,Amount,Owed Part,To Advance,Date,Notes');
    expect(rows[1]).toBe(
      `${note.creditNoteNumber},${invoice.invoiceNumber},Listed Credit Customer,Price adjustment,2.500,2.500,0.000,${DAY},`,
    );
  });

  it('is corrected by a debit note: an invoice linked to it', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const note = await issued({ invoice: invoice._id, date: DAY, reason: 'price_adjustment', amount: 5_000 });
    const debit = await billedInvoice(customer, {
      dateOfCreation: DAY,
      products: [{ product: cable, quantity: 1, unitPrice: 5_000 }],
      debitNoteFor: note._id,
      notes: 'The price adjustment was too generous',
    });
    expect(debit.debitNoteFor).toEqual({ _id: note._id, creditNoteNumber: note.creditNoteNumber });
    expect((await read<{ data: CreditNote }>(t, `/api/credit-notes/${note._id}`)).data.debitNotes).toEqual([
      { _id: debit._id, invoiceNumber: debit.invoiceNumber },
    ]);
    const otherCustomer = (await f.customer())._id;
    const wrong = await t.request('POST', '/api/invoices', {
      customer: otherCustomer,
      dateOfCreation: DAY,
      products: [{ product: cable, quantity: 1, unitPrice: 5_000 }],
      debitNoteFor: note._id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ debitNoteFor: 'A debit note is for the customer of its credit note' });
  });
});

describe('the invoices list', () => {
  it('sorts by paid and by remaining, which counts what credit notes took back', async () => {
    const customer = (await f.customer())._id;
    const paidMost = await billedInvoice(customer);
    await f.pay(customer, [[paidMost._id, 80_000]]);
    const credited = await billedInvoice(customer);
    await issued({ invoice: credited._id, date: DAY, reason: 'other', amount: 85_000 });
    const untouched = await billedInvoice(customer);
    const order = async (sort: string) =>
      (await read<{ data: Invoice[] }>(t, `/api/invoices?customer=${customer}&sort=${sort}&order=desc`)).data.map(
        (i) => i._id,
      );
    // Only one was paid: it leads, the two others tie at nothing paid.
    expect((await order('paidAmount'))[0]).toBe(paidMost._id);
    expect(await order('remainingAmount')).toEqual([untouched._id, paidMost._id, credited._id]);
  });
});

describe('cancelling an invoice', () => {
  it('credits all of it: cancelled, its payments become advance balance, and it stays readable', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    await f.pay(customer, [[invoice._id, 30_000]]);
    const response = await t.request('POST', `/api/invoices/${invoice._id}/cancel`, {
      date: DAY,
      reason: 'Ordered twice',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      reason: 'cancellation',
      amount: 90_000,
      owedAmount: 60_000,
      toAdvance: 30_000,
      notes: 'Ordered twice',
    });
    expect(await invoiceOf(invoice._id)).toMatchObject({
      status: 'cancelled',
      paidAmount: 0,
      creditedAmount: 90_000,
      remainingAmount: 0,
    });
    expect(await f.balance(customer)).toMatchObject({ advanceBalance: 30_000, totalDue: 0 });

    const again = await t.request('POST', `/api/invoices/${invoice._id}/cancel`, { date: DAY, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Invoice ${invoice.invoiceNumber} is already cancelled`);
    const edit = await t.request('PUT', `/api/invoices/${invoice._id}`, {
      customer,
      dateOfCreation: '2026-11-01',
      products: [{ product: cable, quantity: 1, unitPrice: 1 }],
    });
    expect(edit.statusCode).toBe(409);
    const statement = (
      await read<{ data: CustomerStatement }>(t, `/api/customers/${customer}/statement?from=2026-11-01&to=${DAY}`)
    ).data;
    expect(statement.lines.map((line) => [line.kind, line.debit, line.credit])).toEqual([
      ['invoice', 90_000, 0],
      ['invoice_payment', 0, 30_000],
      ['credit_note', 0, 90_000],
    ]);
    expect(statement.lines.at(-1)!.description).toBe(`Credit note for ${invoice.invoiceNumber}: Cancellation`);
    expect(statement.closingBalance).toBe(-30_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('answers 400 for a missing reason and 404 for an unknown invoice', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const noReason = await t.request('POST', `/api/invoices/${invoice._id}/cancel`, { date: DAY });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Reason is required' });
    const unknown = await t.request('POST', '/api/invoices/00000000-0000-4000-8000-000000000000/cancel', {
      date: DAY,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('deleting an invoice', () => {
  it('is refused once a payment, a credit note or a cheque refers to it', async () => {
    const customer = (await f.customer())._id;
    const credited = await billedInvoice(customer);
    await issued({ invoice: credited._id, date: DAY, reason: 'other', amount: 1 });
    const refused = await t.request('DELETE', `/api/invoices/${credited._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Cannot delete invoice ${credited.invoiceNumber}: it has credit notes. Cancel it instead.`,
    );

    const chequed = await billedInvoice(customer);
    const bank = await f.bank();
    await f.cheque(customer, bank._id, 5_000, [[chequed._id, 5_000]], { chequeDate: '2027-01-15' });
    const byCheque = await t.request('DELETE', `/api/invoices/${chequed._id}`);
    expect(byCheque.statusCode).toBe(409);
    expect(byCheque.json().message).toBe(
      `Cannot delete invoice ${chequed.invoiceNumber}: a cheque is meant for it. Return the cheque first.`,
    );

    const untouched = await billedInvoice(customer);
    expect((await t.request('DELETE', `/api/invoices/${untouched._id}`)).statusCode).toBe(204);
  });

  it('a payment whose money a credit note moved to the advance cannot be deleted', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const { payment } = await f.pay(customer, [[invoice._id, 90_000]]);
    await issued({ invoice: invoice._id, date: DAY, reason: 'return', amount: 10_000 });
    const response = await t.request('DELETE', `/api/payments/${payment._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `${payment.paymentNumber} cannot be taken back: a credit note on ${invoice.invoiceNumber} moved what it paid to the advance balance`,
    );
  });
});

describe('writing off', () => {
  it('issues a write-off credit note for exactly what remains', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer, {
      products: [{ product: cable, quantity: 1, unitPrice: 76_535 }],
    });
    await f.pay(customer, [[invoice._id, 76_530]]);
    const response = await as(accountant, 'POST', `/api/invoices/${invoice._id}/write-off`, {
      date: DAY,
      reason: '5 fils left',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ reason: 'write_off', amount: 5, owedAmount: 5, toAdvance: 0 });
    expect(await invoiceOf(invoice._id)).toMatchObject({ status: 'paid', remainingAmount: 0, creditedAmount: 5 });
    const again = await t.request('POST', `/api/invoices/${invoice._id}/write-off`, { date: DAY, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Invoice ${invoice.invoiceNumber} owes nothing to write off`);
  });

  it("above the company's limit needs an administrator", async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    await f.pay(customer, [[invoice._id, 88_000]]);
    const refused = await as(accountant, 'POST', `/api/invoices/${invoice._id}/write-off`, { date: DAY, reason: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Writing off more than 1.000 KD needs an administrator');
    // The same limit holds for a credit note that says it is a write-off.
    const byNote = await issue({ invoice: invoice._id, date: DAY, reason: 'write_off', amount: 1_001 }, accountant);
    expect(byNote.statusCode).toBe(403);
    expect(byNote.json().message).toBe('Writing off more than 1.000 KD needs an administrator');
    expect((await invoiceOf(invoice._id)).creditedAmount).toBe(0);
    // The admin (the test user) may.
    const allowed = await t.request('POST', `/api/invoices/${invoice._id}/write-off`, { date: DAY, reason: 'x' });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.amount).toBe(2_000);
  });
});

describe('permissions', () => {
  it('sales may read credit notes but not issue them, cancel or write off', async () => {
    const customer = (await f.customer())._id;
    const invoice = await billedInvoice(customer);
    const attempts: [string, string, object, string][] = [
      [
        'POST',
        '/api/credit-notes',
        { invoice: invoice._id, date: DAY, reason: 'return', amount: 1 },
        'You do not have permission to issue credit notes',
      ],
      [
        'POST',
        `/api/invoices/${invoice._id}/cancel`,
        { date: DAY, reason: 'x' },
        'You do not have permission to cancel invoices',
      ],
      [
        'POST',
        `/api/invoices/${invoice._id}/write-off`,
        { date: DAY, reason: 'x' },
        'You do not have permission to write off what invoices still owe',
      ],
    ];
    for (const [method, url, body, message] of attempts) {
      const response = await as(sales, method as 'POST', url, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(message);
    }
    for (const headers of [sales, viewer]) {
      expect((await as(headers, 'GET', '/api/credit-notes')).statusCode).toBe(200);
    }
    expect((await issue({ invoice: invoice._id, date: DAY, reason: 'return', amount: 1 }, viewer)).statusCode).toBe(
      403,
    );
    expect((await issue({ invoice: invoice._id, date: DAY, reason: 'return', amount: 1 }, accountant)).statusCode).toBe(
      201,
    );
  });
});

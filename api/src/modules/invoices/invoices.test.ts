import type { Customer, Invoice, Product } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { paymentAllocations, payments } from '../../db/schema';
import { create, createCustomer, createProduct, customerLookups, setUpApp } from '../../test';

let fatima: Customer;
let ahmad: Customer;
let router: Product;
let cable: Product;
const t = setUpApp();
beforeAll(async () => {
  const lookups = await customerLookups(t);
  fatima = await createCustomer(t, lookups, { customerName: 'Fatima Al-Sabah' });
  ahmad = await createCustomer(t, lookups, { customerName: 'Ahmad Al-Mutairi' });
  router = await createProduct(t, { productName: 'Wi-Fi Router', productPrice: 24_500 });
  cable = await createProduct(t, { productName: 'Cat6 Cable', productPrice: 1_005 });
});

const DAY = '2026-11-21T00:00:00.000Z';
const body = (overrides: Record<string, unknown> = {}) => ({
  customer: fatima._id,
  dateOfCreation: DAY,
  credit: true,
  products: [
    { product: router._id, quantity: 2, unitPrice: 24_500 },
    { product: cable._id, quantity: 3, unitPrice: 1_005 },
  ],
  totalAmount: 52_015,
  ...overrides,
});
const createInvoice = (overrides: Record<string, unknown> = {}) => create<Invoice>(t, '/api/invoices', body(overrides));

describe('invoice CRUD', () => {
  it('creates a Credit invoice with the next number, server-computed totals and populated references', async () => {
    const invoice = await createInvoice({ referenceNumber: ' PO-77 ', notes: '' });
    expect(invoice).toEqual({
      _id: expect.any(String),
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      manualInvoiceNumber: null,
      referenceNumber: 'PO-77',
      customer: { _id: fatima._id, customerName: 'Fatima Al-Sabah' },
      credit: true,
      dateOfCreation: DAY,
      // The customer's payment terms: 30 days unless set.
      dueDate: '2026-12-21T00:00:00.000Z',
      products: [
        {
          product: { _id: router._id, productName: 'Wi-Fi Router' },
          quantity: 2,
          unitPrice: 24_500,
          lineTotal: 49_000,
        },
        { product: { _id: cable._id, productName: 'Cat6 Cable' }, quantity: 3, unitPrice: 1_005, lineTotal: 3_015 },
      ],
      totalAmount: 52_015,
      paidAmount: 0,
      creditedAmount: 0,
      remainingAmount: 52_015,
      status: 'unpaid',
      notes: null,
      schedule: null,
      schedulePeriod: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', `/api/invoices/${invoice._id}`)).json().data).toEqual(invoice);
  });

  it('computes the total when the client sends none, and refuses a total that disagrees with the lines', async () => {
    const { totalAmount: _, ...withoutTotal } = body();
    expect((await create<Invoice>(t, '/api/invoices', withoutTotal)).totalAmount).toBe(52_015);

    const response = await t.request('POST', '/api/invoices', body({ totalAmount: 52_000 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      totalAmount: 'Total amount does not match the lines: they come to 52.015 KD',
    });
  });

  it('updates fields and lines, and deletes an invoice without payments', async () => {
    const invoice = await createInvoice();
    const response = await t.request(
      'PUT',
      `/api/invoices/${invoice._id}`,
      body({
        customer: ahmad._id,
        products: [{ product: cable._id, quantity: 10, unitPrice: 999 }],
        totalAmount: 9_990,
        status: 'sent',
        notes: 'Deliver Sunday',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      customer: { _id: ahmad._id, customerName: 'Ahmad Al-Mutairi' },
      products: [{ product: { _id: cable._id }, quantity: 10, unitPrice: 999, lineTotal: 9_990 }],
      totalAmount: 9_990,
      remainingAmount: 9_990,
      status: 'sent',
      notes: 'Deliver Sunday',
    });

    expect((await t.request('DELETE', `/api/invoices/${invoice._id}`)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/invoices/${invoice._id}`)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/invoices/${invoice._id}`)).statusCode).toBe(404);
  });

  it('answers the payment status the payment dialog reads', async () => {
    const invoice = await createInvoice();
    const response = await t.request('GET', `/api/invoices/${invoice._id}/payment-status`);
    expect(response.json()).toEqual({
      data: { paymentStatus: { totalAmount: 52_015, totalPaid: 0, remainingAmount: 52_015, status: 'unpaid' } },
    });
    expect(
      (await t.request('GET', '/api/invoices/00000000-0000-4000-8000-000000000000/payment-status')).statusCode,
    ).toBe(404);
  });
});

describe('invoice validation', () => {
  const errorsOf = async (payload: object, method: 'POST' | 'PUT' = 'POST', url = '/api/invoices') => {
    const response = await t.request(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    const { requestId, ...body } = response.json();
    expect(requestId).toBe(response.headers['x-request-id']);
    return body;
  };

  it('names every missing field with its message', async () => {
    expect(await errorsOf({})).toEqual({
      message: 'Customer is required',
      errors: { customer: 'Customer is required', dateOfCreation: 'Date is required', products: 'Product is required' },
    });
  });

  it('checks each line, the total and the references', async () => {
    expect((await errorsOf(body({ products: [] }))).errors).toEqual({ products: 'Product is required' });
    expect(
      (await errorsOf(body({ products: [{ product: '', quantity: 1, unitPrice: 0 }], totalAmount: 0 }))).errors,
    ).toEqual({
      'products.0.product': 'Product is required',
    });
    expect((await errorsOf(body({ totalAmount: null }))).errors).toEqual({ totalAmount: 'Total amount is required' });
    // The browser's money schema is the API's: KD text is read exactly, and refused with the same words.
    expect((await errorsOf(body({ totalAmount: '52,015' }))).errors).toEqual({
      totalAmount: 'Use a point for decimals',
    });
    const lineCases: [{ quantity: number; unitPrice: number | string }, string, string][] = [
      [{ quantity: 1, unitPrice: '12,5' }, 'unitPrice', 'Use a point for decimals'],
      [{ quantity: 1, unitPrice: '0.0001' }, 'unitPrice', 'At most 3 decimals'],
      [{ quantity: 1, unitPrice: 'abc' }, 'unitPrice', 'Enter an amount such as 12.500'],
      [{ quantity: 1_000_001, unitPrice: 1 }, 'quantity', 'Quantity cannot be more than 1,000,000'],
      [{ quantity: 0, unitPrice: 1 }, 'quantity', 'Quantity must be at least 1'],
      [{ quantity: 1, unitPrice: 1.5 }, 'unitPrice', 'Amounts are whole fils (thousandths of a KD)'],
    ];
    for (const [line, field, message] of lineCases) {
      const payload = body({ products: [{ product: router._id, ...line }], totalAmount: undefined });
      expect((await errorsOf(payload)).errors, JSON.stringify(line)).toEqual({ [`products.0.${field}`]: message });
    }
    expect((await errorsOf(body({ dateOfCreation: '2026-02-30' }))).errors).toEqual({
      dateOfCreation: 'Enter a real date (dd/mm/yyyy)',
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await errorsOf(
          body({ customer: missing, products: [{ product: missing, quantity: 1, unitPrice: 5 }], totalAmount: 5 }),
        )
      ).errors,
    ).toEqual({
      customer: 'Customer not found',
      'products.0.product': 'Product not found',
    });
    expect((await errorsOf(body({ rebate: 5 }))).errors).toEqual({ rebate: 'Unknown field "rebate"' });
    expect((await errorsOf(body({ discount: 5 }))).errors).toEqual({ discount: 'Give either a percent or an amount' });
  });

  it('refuses lines whose total is too large to be exact', async () => {
    const huge = { product: router._id, quantity: 1_000_000, unitPrice: 999_999_999_999 };
    expect((await errorsOf(body({ products: [huge], totalAmount: undefined }))).errors).toEqual({
      products: 'Amount is too large',
    });
  });

  it("leaves 'paid' to the payments", async () => {
    expect((await errorsOf(body({ status: 'paid' }))).errors).toEqual({
      status: 'An invoice becomes paid when its payments cover the total',
    });
    const invoice = await createInvoice();
    expect(
      (await errorsOf(body({ status: 'paid' }), 'PUT', `/api/invoices/${invoice._id}`)).errors.status,
    ).toBeDefined();
    for (const status of ['draft', 'sent', 'unpaid', 'overdue', 'cancelled']) {
      expect((await createInvoice({ status })).status).toBe(status);
    }
  });
});

describe('invoice numbers', () => {
  it('uses the manual number when given and refuses a duplicate with 409', async () => {
    const invoice = await createInvoice({ manualInvoiceNumber: ' 2026/0042 ' });
    expect(invoice).toMatchObject({ invoiceNumber: '2026/0042', manualInvoiceNumber: '2026/0042' });

    const duplicate = await t.request('POST', '/api/invoices', body({ manualInvoiceNumber: '2026/0042' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Invoice number 2026/0042 already exists');

    const other = await createInvoice();
    const renamed = await t.request('PUT', `/api/invoices/${other._id}`, body({ manualInvoiceNumber: '2026/0042' }));
    expect(renamed.statusCode).toBe(409);
  });

  it('keeps the automatic form for automatic numbers, and gives one back when the manual number is removed', async () => {
    expect(
      (await t.request('POST', '/api/invoices', body({ manualInvoiceNumber: 'inv-000001' }))).json().errors,
    ).toEqual({
      manualInvoiceNumber: 'Manual invoice numbers cannot take the automatic form INV-000123',
    });
    const invoice = await createInvoice({ manualInvoiceNumber: 'M-7' });
    const cleared = (await t.request('PUT', `/api/invoices/${invoice._id}`, body({ manualInvoiceNumber: '' }))).json()
      .data;
    expect(cleared).toMatchObject({ manualInvoiceNumber: null, invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
  });

  it('gives 50 concurrent creates 50 different numbers', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => t.request('POST', '/api/invoices', body())));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = new Set(responses.map((r) => r.json().data.invoiceNumber));
    expect(numbers.size).toBe(50);
  });
});

describe('invoice list', () => {
  let gulf: Customer;
  beforeAll(async () => {
    const lookups = await customerLookups(t, ' list');
    gulf = await createCustomer(t, lookups, { customerName: 'Gulf Star Logistics' });
    const mine = (overrides: Record<string, unknown>) => createInvoice({ customer: gulf._id, ...overrides });
    await mine({ manualInvoiceNumber: 'GS-100', status: 'sent' });
    await mine({ referenceNumber: 'PO-50%', status: 'overdue' });
    await mine({ status: 'draft' });
  });
  const list = (query: string) => t.request('GET', `/api/invoices?${query}`);
  const statusesOf = async (query: string) =>
    ((await list(`customer=${gulf._id}&${query}`)).json().data as Invoice[]).map((i) => i.status);

  it('filters by customer, one status or several, and searches numbers, references and the customer name', async () => {
    expect(await statusesOf('')).toEqual(['draft', 'overdue', 'sent']);
    expect(await statusesOf('status=sent')).toEqual(['sent']);
    expect(await statusesOf('status=sent,overdue')).toEqual(['overdue', 'sent']);
    expect(await statusesOf('status=')).toEqual(['draft', 'overdue', 'sent']);
    expect(await statusesOf('search=gs-1')).toEqual(['sent']);
    expect(await statusesOf('search=50%25')).toEqual(['overdue']);
    const byName = (await list('search=gulf%20star')).json();
    expect(byName.data).toHaveLength(3);
    expect(byName.pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1, totalPages: 1 });
    expect((await list('status=paid,nope')).statusCode).toBe(400);
  });

  it("finds a term in one invoice's customer name and another's numbers at once, each invoice once", async () => {
    const lookups = await customerLookups(t, ' nova');
    const nova = await createCustomer(t, lookups, { customerName: 'Nova Trading' });
    const byName = await createInvoice({ customer: nova._id });
    const byBoth = await createInvoice({ customer: nova._id, referenceNumber: 'NOVA-PO-2' });
    const byNumber = await createInvoice({ customer: ahmad._id, manualInvoiceNumber: 'NOVA-7' });
    await createInvoice({ customer: ahmad._id, referenceNumber: 'NOV-A' });
    const found = (await list('search=nova')).json();
    expect(found.data.map((i: Invoice) => i._id)).toEqual([byNumber._id, byBoth._id, byName._id]);
    expect(found.pagination.total).toBe(3);
  });

  it('filters Credit and Cash and pages', async () => {
    expect(await statusesOf('credit=false')).toEqual([]);
    expect(await statusesOf('credit=true')).toHaveLength(3);
    const page = (await list(`customer=${gulf._id}&limit=2&page=2`)).json();
    expect(page.data.map((i: Invoice) => i.status)).toEqual(['sent']);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, totalPages: 2 });
    expect((await list('credit=maybe')).statusCode).toBe(400);
  });
});

describe('Cash invoices', () => {
  it('are settled when created: one Cash payment for the full total, status paid', async () => {
    const invoice = await createInvoice({ credit: false, status: 'draft' });
    expect(invoice).toMatchObject({ credit: false, status: 'paid', paidAmount: 52_015, remainingAmount: 0 });
    const settled = await t.db
      .select({
        paymentMode: payments.paymentMode,
        paymentType: payments.paymentType,
        amount: payments.amount,
        allocated: paymentAllocations.amount,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, invoice._id));
    expect(settled).toEqual([
      { paymentMode: 'Cash', paymentType: 'invoice_payment', amount: 52_015, allocated: 52_015 },
    ]);
  });

  it('cannot be deleted while their payment exists', async () => {
    const invoice = await createInvoice({ credit: false });
    const response = await t.request('DELETE', `/api/invoices/${invoice._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Cannot delete invoice ${invoice.invoiceNumber}: it has payments. Delete the payments first.`,
    );
    expect((await t.request('GET', `/api/invoices/${invoice._id}`)).statusCode).toBe(200);
  });

  it('keep what was paid: the total cannot drop below it; raising it re-opens the invoice as unpaid', async () => {
    const invoice = await createInvoice({ credit: false });
    const url = `/api/invoices/${invoice._id}`;
    const lower = await t.request(
      'PUT',
      url,
      body({ credit: false, products: [{ product: cable._id, quantity: 1, unitPrice: 1_000 }], totalAmount: 1_000 }),
    );
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('The total cannot be less than the 52.015 KD already paid');

    expect((await t.request('PUT', url, body({ credit: false, notes: 'Same total' }))).json().data).toMatchObject({
      status: 'paid',
      notes: 'Same total',
    });
    const threeRouters = { products: [{ product: router._id, quantity: 3, unitPrice: 24_500 }], totalAmount: 73_500 };
    const raised = await t.request('PUT', url, body({ credit: false, ...threeRouters }));
    expect(raised.json().data).toMatchObject({ status: 'unpaid', paidAmount: 52_015, remainingAmount: 21_485 });

    // Paid in part, it cannot be cancelled, moved to another customer or made a credit invoice.
    for (const change of [{ status: 'cancelled' }, { customer: ahmad._id }, { credit: true }]) {
      const refused = await t.request('PUT', url, body({ credit: false, ...threeRouters, ...change }));
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
    }
  });
});

describe('Credit invoices and their payments', () => {
  const pay = (invoice: Invoice, paidAmount: number) =>
    t.request('POST', '/api/payments/invoice', {
      customer: fatima._id,
      paymentDate: DAY,
      paymentMode: 'Knet',
      relatedInvoices: [{ invoice: invoice._id, paidAmount }],
    });
  const read = async (invoice: Invoice) =>
    (await t.request('GET', `/api/invoices/${invoice._id}`)).json().data as Invoice;

  it('become paid when payments cover the total, cannot be deleted while paid in part, and reopen when a payment goes', async () => {
    const invoice = await createInvoice();
    const first = await pay(invoice, 20_000);
    expect(first.statusCode, first.body).toBe(201);
    expect((await t.request('GET', `/api/invoices/${invoice._id}/payment-status`)).json().data.paymentStatus).toEqual({
      totalAmount: 52_015,
      totalPaid: 20_000,
      remainingAmount: 32_015,
      status: 'unpaid',
    });
    const refused = await t.request('DELETE', `/api/invoices/${invoice._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Cannot delete invoice ${invoice.invoiceNumber}: it has payments. Delete the payments first.`,
    );
    expect((await t.request('PUT', `/api/invoices/${invoice._id}`, body({ status: 'draft' }))).statusCode).toBe(409);

    expect((await pay(invoice, 32_015)).statusCode).toBe(201);
    expect(await read(invoice)).toMatchObject({ status: 'paid', paidAmount: 52_015, remainingAmount: 0 });
    // Editing a paid invoice without a status keeps it paid.
    expect(
      (await t.request('PUT', `/api/invoices/${invoice._id}`, body({ notes: 'Thank you' }))).json().data,
    ).toMatchObject({ status: 'paid', notes: 'Thank you' });

    expect((await t.request('DELETE', `/api/payments/${first.json().data.payment._id}`)).statusCode).toBe(204);
    expect(await read(invoice)).toMatchObject({ status: 'unpaid', paidAmount: 32_015, remainingAmount: 20_000 });
  });
});

describe('Idempotency-Key on create', () => {
  it('returns the first invoice for a repeated key, and refuses the key for another body', async () => {
    const send = (payload: object) =>
      t.login().then((headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/invoices',
          headers: { ...headers, 'idempotency-key': 'add-invoice-1' },
          payload,
        }),
      );
    const cash = body({ credit: false, referenceNumber: 'COUNTER-1' });
    const [a, b] = await Promise.all([send(cash), send(cash)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data._id).toBe(b.json().data._id);
    const list = (await t.request('GET', '/api/invoices?search=COUNTER-1')).json();
    expect(list.pagination.total).toBe(1);
    expect((await send(body({ referenceNumber: 'COUNTER-2' }))).statusCode).toBe(409);
  });
});

import type { Customer, Payment, Product, ScheduledInvoice } from '@admin/shared/contract';
import { INVISIBLE_NAME_MESSAGE } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import {
  create,
  createCustomer,
  createProduct,
  customerBody,
  customerLookups,
  type CustomerLookups,
  setUpApp,
} from '../test';

/**
 * Input the contract must refuse before any code uses it: days that are not days, names that
 * hide characters, page numbers written as something else. Each is a 400 on its field (or the
 * 409 of a duplicate), never a 500, on PGlite and PostgreSQL alike.
 */

let lookups: CustomerLookups;
let customer: Customer;
let product: Product;
const t = setUpApp();
beforeAll(async () => {
  lookups = await customerLookups(t);
  customer = await createCustomer(t, lookups, { customerName: 'Al-Ghanim Trading Co.' });
  product = await createProduct(t, { productName: 'Annual Maintenance Contract', productPrice: 45_000 });
});

const NOT_DAYS = [
  '2026-02-30',
  '2026-01-01 ',
  'abc',
  '2026-01-01T25:00:00Z',
  '2026-01-01T10:00:00Z',
  '2026-01-01T00:00:00+03:00',
];
const line = () => ({ product: product._id, quantity: 1, unitPrice: 45_000 });
const schedule = (overrides: object = {}) => ({
  scheduleName: 'Monthly maintenance',
  customer: customer._id,
  dateOfCreation: '2026-01-01',
  startDate: '2026-01-31',
  recurringPeriod: 1,
  products: [line()],
  totalAmount: 45_000,
  ...overrides,
});

async function expectFieldError(method: 'POST' | 'PUT', url: string, payload: object, field: string, message: string) {
  const response = await t.request(method, url, payload);
  const label = `${method} ${url} ${JSON.stringify(payload).slice(0, 120)}`;
  expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
  expect({ label, error: response.json().errors?.[field] }).toEqual({ label, error: message });
}

/** What every typed day that names no day is told. */
const REAL_DATE = 'Enter a real date (dd/mm/yyyy)';

describe('every day field refuses what is not a day, before any rule reads it', () => {
  it('schedules: endDate, startDate and dateOfCreation, on create and on edit', async () => {
    const existing = await create<ScheduledInvoice>(t, '/api/scheduled-invoices', schedule());
    for (const value of NOT_DAYS) {
      await expectFieldError('POST', '/api/scheduled-invoices', schedule({ endDate: value }), 'endDate', REAL_DATE);
      await expectFieldError(
        'PUT',
        `/api/scheduled-invoices/${existing._id}`,
        schedule({ endDate: value }),
        'endDate',
        REAL_DATE,
      );
      await expectFieldError(
        'POST',
        '/api/scheduled-invoices',
        schedule({ startDate: value, endDate: '2026-06-30' }),
        'startDate',
        REAL_DATE,
      );
      await expectFieldError(
        'PUT',
        `/api/scheduled-invoices/${existing._id}`,
        schedule({ dateOfCreation: value }),
        'dateOfCreation',
        REAL_DATE,
      );
      const generate = await t.request('POST', `/api/scheduled-invoices/${existing._id}/generate`, { period: value });
      expect({ value, status: generate.statusCode }).toEqual({ value, status: 400 });
    }
  });

  it('invoices, customers and payments', async () => {
    const made = await t.request('POST', '/api/payments/advance', {
      customer: customer._id,
      paymentDate: '2026-01-05',
      paymentMode: 'Cash',
      amount: 1_000,
    });
    expect(made.statusCode).toBe(201);
    const advance = made.json().data as Payment;
    for (const value of NOT_DAYS) {
      await expectFieldError(
        'POST',
        '/api/invoices',
        { customer: customer._id, dateOfCreation: value, products: [line()] },
        'dateOfCreation',
        REAL_DATE,
      );
      await expectFieldError(
        'POST',
        '/api/customers',
        customerBody(lookups, { customerName: 'Dated', dateOfCreation: value }),
        'dateOfCreation',
        REAL_DATE,
      );
      await expectFieldError(
        'POST',
        '/api/payments/advance',
        { customer: customer._id, paymentDate: value, paymentMode: 'Cash', amount: 500 },
        'paymentDate',
        REAL_DATE,
      );
      await expectFieldError('PUT', `/api/payments/${advance._id}`, { paymentDate: value }, 'paymentDate', REAL_DATE);
    }
  });

  it('stores a day sent as its UTC midnight in any accepted spelling as that day', async () => {
    for (const endDate of [
      '2026-06-30',
      '2026-06-30T00:00:00Z',
      '2026-06-30T00:00:00.000Z',
      '2026-06-30T00:00:00+00:00',
    ]) {
      const made = await create<ScheduledInvoice>(t, '/api/scheduled-invoices', schedule({ endDate }));
      expect(made.endDate).toBe('2026-06-30T00:00:00.000Z');
    }
  });

  it('audit-log day filters: an impossible day is a 400, not a failure', async () => {
    const admin = await t.signInAs('admin');
    for (const from of ['2026-02-30', 'abc', '2026-01-01T25:00:00Z']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-log', query: { from }, headers: admin });
      expect({ from, status: response.statusCode }).toEqual({ from, status: 400 });
    }
  });
});

describe('names', () => {
  it('a look-alike of an existing lookup name (the same letters in another Unicode form) is a 409 duplicate', async () => {
    const precomposed = await create<{ _id: string; kindName: string }>(t, '/api/customer-kinds', {
      kindName: 'Café Owners',
    });
    expect(precomposed.kindName).toBe('Café Owners');
    const lookalike = await t.request('POST', '/api/customer-kinds', { kindName: 'Cafe\u0301 Owners' });
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json().message).toBe('A customer kind named "Café Owners" already exists');
    // Stored in the normalised form: the decomposed spelling finds nothing new to add either way.
    const other = await create<{ kindName: string }>(t, '/api/customer-kinds', {
      kindName: 'Re\u0301sume\u0301 Holders',
    });
    expect(other.kindName).toBe('Résumé Holders');
    expect((await t.request('POST', '/api/customer-kinds', { kindName: 'RÉSUMÉ holders' })).statusCode).toBe(409);
  });

  it('a name hiding invisible or direction-control characters is refused on its field', async () => {
    for (const kindName of [
      'Café\u200B Owners',
      'Caf\u200Dé Owners',
      '\u202Esrenwo',
      'Owners\u2066',
      '\uFEFFOwners',
      'Owner\u200Fs',
    ]) {
      await expectFieldError('POST', '/api/customer-kinds', { kindName }, 'kindName', INVISIBLE_NAME_MESSAGE);
    }
    await expectFieldError(
      'POST',
      '/api/customers',
      customerBody(lookups, { customerName: 'Al\u200BGhanim' }),
      'customerName',
      INVISIBLE_NAME_MESSAGE,
    );
    await expectFieldError(
      'POST',
      '/api/customers',
      customerBody(lookups, { customerName: 'Al Ghanim 2', customerAlternateName: 'x\u202Ey' }),
      'customerAlternateName',
      INVISIBLE_NAME_MESSAGE,
    );
    await expectFieldError(
      'POST',
      '/api/products',
      { productName: 'Pro\u2060duct', productPrice: 1, productType: product.productType._id },
      'productName',
      INVISIBLE_NAME_MESSAGE,
    );
  });
});

describe('one-line fields', () => {
  it('store tabs and line breaks pasted into them as spaces; notes keep their lines', async () => {
    const pasted = await createCustomer(t, lookups, { customerName: 'Al\tSabah\r\nTrading\t' });
    expect(pasted.customerName).toBe('Al Sabah Trading');
    const invoice = await create<{ manualInvoiceNumber: string; referenceNumber: string; notes: string }>(
      t,
      '/api/invoices',
      {
        customer: customer._id,
        dateOfCreation: '2026-01-01',
        credit: true,
        manualInvoiceNumber: 'M\t7',
        referenceNumber: 'PO\n77',
        notes: 'first line\nsecond',
        products: [line()],
        totalAmount: 45_000,
      },
    );
    expect(invoice).toMatchObject({
      manualInvoiceNumber: 'M 7',
      referenceNumber: 'PO 77',
      notes: 'first line\nsecond',
    });
    const created = await create<ScheduledInvoice>(
      t,
      '/api/scheduled-invoices',
      schedule({ scheduleName: 'Tab\tname', referenceNumber: 'R\t1' }),
    );
    expect([created.scheduleName, created.referenceNumber]).toEqual(['Tab name', 'R 1']);
  });
});

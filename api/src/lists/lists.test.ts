import type { Customer, Invoice, ListResponse, Payment, Product } from '@admin/shared/contract';
import { dayToUtcMidnight } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { parse as parseCsv } from 'csv-parse/sync';
import { insertInvoice } from '../modules/invoices/service';
import { create, createCustomer, createProduct, customerLookups, setUpApp, setUpSession } from '../test';

// Sorting, page sizes, date ranges and CSV exports: the list machinery every list shares, seen
// through the invoices and payments lists (the two whose default order is by date).

let fatima: Customer;
let ahmad: Customer;
let router: Product;
/** Bulk invoices: 1,500 for Ahmad in November (375 of them cash), beside Fatima's few. */
const BULK = 1500;

const t = setUpApp();
const auth = setUpSession(t);
beforeAll(async () => {
  const lookups = await customerLookups(t);
  fatima = await createCustomer(t, lookups, { customerName: 'Fatima Al-Sabah' });
  ahmad = await createCustomer(t, lookups, { customerName: 'Ahmad Al-Mutairi' });
  router = await createProduct(t, { productName: 'Router', productPrice: 1_000 });
  for (let i = 0; i < BULK; i++) {
    await insertInvoice(t.db, {
      customerId: ahmad._id,
      credit: i % 4 !== 0,
      dateOfCreation: dayToUtcMidnight(`2026-11-${String(1 + (i % 28)).padStart(2, '0')}`),
      totalAmount: fils(1_000 + i),
      status: 'unpaid',
      referenceNumber: `BULK-${i}`,
    });
  }
}, 300_000);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
async function list<T>(url: string): Promise<ListResponse<T>> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const invoiceBody = (day: string, overrides: Record<string, unknown> = {}) => ({
  customer: fatima._id,
  dateOfCreation: `${day}T00:00:00.000Z`,
  products: [{ product: router._id, quantity: 1, unitPrice: 1_000 }],
  totalAmount: 1_000,
  ...overrides,
});

describe('sorting', () => {
  let numbers: Record<string, string>;
  beforeAll(async () => {
    // Created out of date order, two on one day: the default order is by date, then number.
    const made: Record<string, Invoice> = {};
    for (const [name, day] of [
      ['mid', '2026-06-10'],
      ['early', '2026-06-01'],
      ['late1', '2026-06-20'],
      ['late2', '2026-06-20'],
    ] as const) {
      // 'mid' is due last of all: its due date was picked, the others follow the customer's terms.
      const due = name === 'mid' ? { dueDate: '2026-12-31T00:00:00.000Z' } : {};
      made[name] = await create<Invoice>(
        t,
        '/api/invoices',
        invoiceBody(day, { referenceNumber: `SORT-${name}`, ...due }),
      );
    }
    numbers = Object.fromEntries(Object.entries(made).map(([name, invoice]) => [name, invoice.invoiceNumber]));
  });
  const fatimasNumbers = async (query = '') =>
    (await list<Invoice>(`/api/invoices?customer=${fatima._id}${query}`)).data.map((invoice) => invoice.invoiceNumber);

  it('lists invoices newest first by date, then number', async () => {
    expect(await fatimasNumbers()).toEqual([numbers.late2, numbers.late1, numbers.mid, numbers.early]);
  });

  it('sorts by a whitelisted column either way, equal values in one stable order', async () => {
    expect(await fatimasNumbers('&sort=dateOfCreation&order=asc')).toEqual([
      numbers.early,
      numbers.mid,
      numbers.late1,
      numbers.late2,
    ]);
    expect(await fatimasNumbers('&sort=invoiceNumber')).toEqual([
      numbers.mid,
      numbers.early,
      numbers.late1,
      numbers.late2,
    ]);
    expect(await fatimasNumbers('&sort=invoiceNumber&order=desc')).toEqual([
      numbers.late2,
      numbers.late1,
      numbers.early,
      numbers.mid,
    ]);
    // All four have the same amount: the id decides, the same way on every page.
    const byAmount = await fatimasNumbers('&sort=totalAmount');
    const paged = [];
    for (let page = 1; page <= 4; page++)
      paged.push(...(await fatimasNumbers(`&sort=totalAmount&limit=1&page=${page}`)));
    expect(paged).toEqual(byAmount);
    const byDueDate = await fatimasNumbers('&sort=dueDate');
    expect([byDueDate[0], byDueDate[3]]).toEqual([numbers.early, numbers.mid]);
    expect((await fatimasNumbers('&sort=dueDate&order=desc'))[0]).toBe(numbers.mid);
  });

  it('sorts by the customer name across customers', async () => {
    const names = (await list<Invoice>('/api/invoices?sort=customer&order=desc&limit=100')).data.map(
      (i) => i.customer.customerName,
    );
    expect(names[0]).toBe('Fatima Al-Sabah');
    expect(names.at(-1)).toBe('Ahmad Al-Mutairi');
    const ascending = (await list<Invoice>('/api/invoices?sort=customer&limit=1')).data[0];
    expect(ascending?.customer.customerName).toBe('Ahmad Al-Mutairi');
  });

  it('refuses a column outside the whitelist, or an order other than asc or desc, with a 400 that names the choices', async () => {
    const unknown = await get('/api/invoices?sort=notes');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(
      /^Cannot sort by "notes": sort by one of invoiceNumber, .*dateOfCreation, dueDate, paidAmount, remainingAmount$/,
    );
    const injected = await get(`/api/payments?sort=${encodeURIComponent('amount;drop table payments')}`);
    expect(injected.statusCode).toBe(400);
    expect(injected.json().message).toContain('Cannot sort by');
    const order = await get('/api/invoices?sort=totalAmount&order=up');
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Order must be asc or desc');
    for (const path of [
      'customers',
      'products',
      'types',
      'customer-kinds',
      'scheduled-invoices',
      'customer-balances',
      'users',
    ]) {
      expect((await get(`/api/${path}?sort=password`)).statusCode, path).toBe(400);
    }
  });

  it('lists payments by payment date, then number, newest first', async () => {
    const advance = async (day: string) =>
      await create<Payment>(t, '/api/payments/advance', {
        customer: fatima._id,
        paymentDate: `${day}T00:00:00.000Z`,
        paymentMode: 'Cash',
        amount: 500,
      });
    const second = await advance('2026-05-02');
    const first = await advance('2026-05-01');
    const third = await advance('2026-05-02');
    const order = async (query = '') =>
      (await list<Payment>(`/api/payments?customer=${fatima._id}${query}`)).data.map((p) => p.paymentNumber);
    expect(await order()).toEqual([third.paymentNumber, second.paymentNumber, first.paymentNumber]);
    expect(await order('&order=asc')).toEqual([first.paymentNumber, second.paymentNumber, third.paymentNumber]);
    expect(await order('&sort=paymentDate&order=asc')).toEqual([
      first.paymentNumber,
      second.paymentNumber,
      third.paymentNumber,
    ]);
  });
});

describe('page size and date range', () => {
  it('answers the page sizes staff pick', async () => {
    for (const limit of [10, 25, 50, 100]) {
      const page = await list<Invoice>(`/api/invoices?customer=${ahmad._id}&limit=${limit}&page=2`);
      expect(page.data).toHaveLength(limit);
      expect(page.pagination).toMatchObject({ page: 2, limit, total: BULK, pages: Math.ceil(BULK / limit) });
    }
  });

  it('keeps invoices, payments and schedules within from/to, both days included', async () => {
    const week = await list<Invoice>(`/api/invoices?customer=${ahmad._id}&from=2026-11-03&to=2026-11-09&limit=1000`);
    // Days 3..9 of 28: 7 days, 1,500 / 28 spread (days 1..16 get 54 invoices, 17..28 get 53).
    expect(week.pagination.total).toBe(7 * 54);
    expect(week.data.every((i) => i.dateOfCreation >= '2026-11-03' && i.dateOfCreation < '2026-11-10')).toBe(true);
    expect((await list<Invoice>(`/api/invoices?customer=${ahmad._id}&from=2026-11-28`)).pagination.total).toBe(53);
    expect((await list<Invoice>(`/api/invoices?customer=${ahmad._id}&to=2026-10-31`)).pagination.total).toBe(0);
    const payments = await list<Payment>(`/api/payments?customer=${fatima._id}&from=2026-05-02&to=2026-05-02`);
    expect(payments.data.map((p) => p.paymentDate)).toEqual(['2026-05-02T00:00:00.000Z', '2026-05-02T00:00:00.000Z']);
    const bad = await get('/api/invoices?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must be a date such as 2026-01-31');
    const schedule = await create(t, '/api/scheduled-invoices', {
      scheduleName: 'Monthly router',
      customer: fatima._id,
      dateOfCreation: '2026-11-01T00:00:00.000Z',
      startDate: '2027-01-15T00:00:00.000Z',
      recurringPeriod: 1,
      products: [{ product: router._id, quantity: 1, unitPrice: 1_000 }],
      totalAmount: 1_000,
    });
    const ids = async (query: string) =>
      (await list<{ _id: string }>(`/api/scheduled-invoices?${query}`)).data.map((s) => s._id);
    expect(await ids('from=2027-01-15&to=2027-01-15')).toEqual([schedule._id]);
    expect(await ids('to=2027-01-14')).toEqual([]);
  });
});

describe("a search's pages", () => {
  // A search of at most 1,000 matches reads them all and sorts them, one of more walks the list's
  // order (page-rows.ts, FEW_MATCHES): "BULK-1" is in 611 bulk invoices' references, "BULK"
  // in all 1,500.
  it('follow the list order and split the matches exactly, whether they are few or many', async () => {
    const everyPage = async (query: string, pages: number) => {
      const numbers: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const { data } = await list<Invoice>(`/api/invoices?${query}&limit=100&page=${page}`);
        numbers.push(...data.map((invoice) => `${invoice.invoiceNumber} ${invoice.referenceNumber}`));
      }
      return numbers;
    };
    const ahmads = await everyPage(`customer=${ahmad._id}`, BULK / 100);
    for (const [term, total] of [
      ['BULK-1', 611],
      ['BULK', BULK],
    ] as const) {
      expect((await list<Invoice>(`/api/invoices?search=${term}&limit=100`)).pagination.total).toBe(total);
      const found = await everyPage(`search=${term}`, Math.ceil(total / 100));
      expect(found).toEqual(ahmads.filter((invoice) => invoice.includes(` ${term}`)));
    }
  });
});

describe('CSV export', () => {
  const csvOf = async (url: string) => {
    const response = await get(url, { accept: 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    return response;
  };

  it('streams every row of a filtered, sorted list past 1,000 rows: exactly pagination.total data rows, BOM first', async () => {
    const query = `customer=${ahmad._id}&credit=true&sort=totalAmount&order=desc&page=3&limit=10`;
    const { pagination } = await list<Invoice>(`/api/invoices?${query}`);
    expect(pagination.total).toBe(1125);
    const response = await csvOf(`/api/invoices?${query}`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows]: string[][] = parseCsv(response.body, { bom: true });
    expect(header).toEqual([
      'Invoice #',
      'Manual #',
      'Reference #',
      'Customer',
      'Payment Type',
      'Amount',
      'Paid',
      'Remaining',
      'Status',
      'Date',
    ]);
    // All matching rows, not the page asked for, each once, in the list's order.
    expect(rows).toHaveLength(pagination.total);
    expect(new Set(rows.map((row) => row[0])).size).toBe(pagination.total);
    expect(rows.every((row) => row[3] === 'Ahmad Al-Mutairi' && row[4] === 'Credit')).toBe(true);
    expect(rows[0]?.slice(5, 10)).toEqual(['2.499', '0.000', '2.499', 'unpaid', '2026-11-16']);
    const amounts = rows.map((row) => Number(row[5]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('exports a search the same way, and Arabic names and quotes survive', async () => {
    const lookups = await customerLookups(t, ' CSV');
    await createCustomer(t, lookups, { customerName: 'شركة "الأمل", الكويت' });
    const response = await csvOf(`/api/customers?search=${encodeURIComponent('الأمل')}`);
    const [header, ...rows]: string[][] = parseCsv(response.body, { bom: true });
    expect(header?.[0]).toBe('Customer');
    expect(rows.map((row) => row[0])).toEqual(['شركة "الأمل", الكويت']);
  });

  it('exports the audit log with its filters: as many rows as the log counts', async () => {
    const query = 'entityType=invoice&action=create';
    const { pagination } = await list<unknown>(`/api/audit-log?${query}`);
    expect(pagination.total).toBeGreaterThan(0);
    const [header, ...rows]: string[][] = parseCsv((await csvOf(`/api/audit-log?${query}`)).body, { bom: true });
    expect(header).toEqual(['#', 'At', 'User', 'Action', 'Record Type', 'Record', 'Record Id', 'Changed Fields']);
    expect(rows).toHaveLength(pagination.total);
    expect(rows.every((row) => row[3] === 'create' && row[4] === 'invoice' && /^INV-/.test(row[5] ?? ''))).toBe(true);
  });

  it('needs the list permission, like the page', async () => {
    const viewer = await t.signInAs('viewer');
    const own = await t.app.inject({ method: 'GET', url: '/api/users', headers: { ...viewer, accept: 'text/csv' } });
    expect(own.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: { accept: 'text/csv' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

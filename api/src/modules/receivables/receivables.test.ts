import {
  agingBucketOf,
  STATEMENT_LINE_LABELS,
  type AgingReport,
  type Customer,
  type CustomerStatement,
  type Invoice,
} from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { runOverdueUpdates } from '../../jobs/overdue-invoices';
import {
  create,
  createCustomer,
  createProduct,
  customerBody,
  customerLookups,
  type CustomerLookups,
  setUpApp,
  setUpLedger,
} from '../../test';

let lookups: CustomerLookups;
let productId: string;
// Business day: 21 November 2026 in Kuwait (06:00 UTC is 09:00 there).
const TODAY = '2026-11-21';
const t = setUpApp({ now: () => new Date('2026-11-21T06:00:00.000Z') });
const f = setUpLedger(t);
beforeAll(async () => {
  lookups = await customerLookups(t, ' B');
  productId = (await createProduct(t, { productName: 'Service visit', productPrice: 10_000 }))._id;
});

const iso = (day: string) => `${day}T00:00:00.000Z`;
/** The day `n` days before (negative: after) 21 November 2026. */
const daysBefore = (n: number) => new Date(Date.UTC(2026, 10, 21 - n)).toISOString().slice(0, 10);

const invoiceBody = (customer: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  customer,
  dateOfCreation: iso(TODAY),
  credit: true,
  products: [{ product: productId, quantity: 1, unitPrice: amount }],
  ...overrides,
});
const createInvoice = (customer: string, amount: number, overrides: Record<string, unknown> = {}) =>
  create<Invoice>(t, '/api/invoices', invoiceBody(customer, amount, overrides));

async function aging(query = ''): Promise<AgingReport> {
  const response = await t.request('GET', `/api/receivables/aging?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function statement(customer: string, query = ''): Promise<CustomerStatement> {
  const response = await t.request('GET', `/api/customers/${customer}/statement?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('payment terms and due dates', () => {
  it('customers have 30 days unless set, 0–365 whole days', async () => {
    const plain = await createCustomer(t, lookups, { customerName: 'Terms Default' });
    expect(plain.paymentTermsDays).toBe(30);
    const set = await createCustomer(t, lookups, { customerName: 'Terms Ten', paymentTermsDays: 10 });
    expect(set.paymentTermsDays).toBe(10);
    for (const [value, message] of [
      [366, 'Payment terms must be between 0 and 365 days'],
      [-1, 'Payment terms must be between 0 and 365 days'],
      [1.5, 'Payment terms must be a whole number of days'],
      ['30', 'Payment terms must be between 0 and 365 days'],
    ] as const) {
      const response = await t.request(
        'POST',
        '/api/customers',
        customerBody(lookups, { customerName: `Bad terms ${value}`, paymentTermsDays: value }),
      );
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().errors).toEqual({ paymentTermsDays: message });
    }
    const edited = await t.request(
      'PUT',
      `/api/customers/${set._id}`,
      customerBody(lookups, { customerName: 'Terms Ten', paymentTermsDays: 0 }),
    );
    expect(edited.json().data).toMatchObject({ paymentTermsDays: 0 });
  });

  it('a Credit invoice is due after the terms unless staff pick a day; a Cash invoice is due on its date', async () => {
    const customer = await createCustomer(t, lookups, { customerName: 'Terms Fifteen', paymentTermsDays: 15 });
    expect((await createInvoice(customer._id, 1_000)).dueDate).toBe(iso('2026-12-06'));
    const chosen = await createInvoice(customer._id, 1_000, { dueDate: '2026-12-31' });
    expect(chosen.dueDate).toBe(iso('2026-12-31'));
    expect((await createInvoice(customer._id, 1_000, { credit: false, dueDate: '2026-12-31' })).dueDate).toBe(
      iso(TODAY),
    );

    const early = await t.request('POST', '/api/invoices', invoiceBody(customer._id, 1_000, { dueDate: '2026-11-20' }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ dueDate: 'Due date cannot be before the invoice date' });
    const broken = await t.request(
      'POST',
      '/api/invoices',
      invoiceBody(customer._id, 1_000, { dueDate: '2026-02-30' }),
    );
    expect(broken.json().errors).toEqual({ dueDate: 'Enter a real date (dd/mm/yyyy)' });

    // An edit without a due date keeps it; a new date with no due date is due by the terms again.
    const body = invoiceBody(customer._id, 1_000);
    const kept = await t.request('PUT', `/api/invoices/${chosen._id}`, body);
    expect(kept.json().data.dueDate).toBe(iso('2026-12-31'));
    const moved = await t.request('PUT', `/api/invoices/${chosen._id}`, { ...body, dateOfCreation: '2026-11-25' });
    expect(moved.json().data.dueDate).toBe(iso('2026-12-10'));
  });
});

describe('overdue by itself', () => {
  it('the job makes past-due invoices overdue and back, as the system, and the status filter and dashboard find them', async () => {
    const customer = await createCustomer(t, lookups, { customerName: 'Late Payer' });
    const late = await createInvoice(customer._id, 7_000, { dateOfCreation: daysBefore(40), status: 'sent' });
    const dueToday = await createInvoice(customer._id, 5_000, { dateOfCreation: daysBefore(30) });
    const draft = await createInvoice(customer._id, 3_000, { dateOfCreation: daysBefore(40), status: 'draft' });
    expect(late.status).toBe('sent');
    const before = (await t.request('GET', '/api/dashboard/summary')).json().data.totals.overdue;

    expect(await runOverdueUpdates(t.db, TODAY)).toBeGreaterThanOrEqual(1);
    const statusOf = async (id: string) => (await t.request('GET', `/api/invoices/${id}`)).json().data.status;
    expect([await statusOf(late._id), await statusOf(dueToday._id), await statusOf(draft._id)]).toEqual([
      'overdue',
      'unpaid',
      'draft',
    ]);
    const listedResponse = await t.request('GET', `/api/invoices?status=overdue&customer=${customer._id}`);
    expect(listedResponse.statusCode, listedResponse.body).toBe(200);
    const listed = listedResponse.json();
    expect(listed.data.map((invoice: Invoice) => invoice.invoiceNumber)).toEqual([late.invoiceNumber]);
    expect((await t.request('GET', '/api/dashboard/summary')).json().data.totals.overdue).toBe(before + 7_000);

    const trail = (await t.request('GET', `/api/audit-log?entityType=invoice&limit=100`)).json().data as {
      actor: { username: string };
      entityId: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    const entry = trail.find((row) => row.entityId === late._id && row.actor.username === 'system');
    expect(entry?.changes).toEqual([{ field: 'status', before: 'sent', after: 'overdue' }]);

    // A part payment leaves it overdue for what remains; a later due date makes it unpaid again.
    await f.pay(customer._id, [[late._id, 2_000]]);
    await runOverdueUpdates(t.db, TODAY);
    expect(await statusOf(late._id)).toBe('overdue');
    expect((await t.request('GET', '/api/dashboard/summary')).json().data.totals.overdue).toBe(before + 5_000);
    const put = await t.request(
      'PUT',
      `/api/invoices/${late._id}`,
      invoiceBody(customer._id, 7_000, { dateOfCreation: daysBefore(40), dueDate: daysBefore(-5) }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await runOverdueUpdates(t.db, TODAY)).toBe(1);
    expect(await statusOf(late._id)).toBe('unpaid');

    // Paid in full, then the payment is deleted after the due date has passed: overdue again.
    const paid = await createInvoice(customer._id, 4_000, { dateOfCreation: daysBefore(45) });
    const payment = await f.pay(customer._id, [[paid._id, 4_000]]);
    await runOverdueUpdates(t.db, TODAY);
    expect(await statusOf(paid._id)).toBe('paid');
    await t.request('DELETE', `/api/payments/${payment.payment._id}`);
    expect(await statusOf(paid._id)).toBe('unpaid');
    expect(await runOverdueUpdates(t.db, TODAY)).toBe(1);
    expect(await statusOf(paid._id)).toBe('overdue');
    expect(await runOverdueUpdates(t.db, TODAY)).toBe(0);
  });
});

describe('aging report', () => {
  it('puts each amount in its bucket at the boundaries 0, 1, 30, 31, 60, 61, 90 and 91 days past due', async () => {
    const customer = await createCustomer(t, lookups, { customerName: 'Boundary Trader', paymentTermsDays: 0 });
    const days = [0, 1, 30, 31, 60, 61, 90, 91];
    // Amounts are powers of two, so every bucket's sum tells which days fell in it.
    for (const [index, n] of days.entries())
      await createInvoice(customer._id, 2 ** index, { dateOfCreation: daysBefore(n) });
    expect(days.map(agingBucketOf)).toEqual([
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
    ]);
    const [row] = (await aging('search=Boundary Trader')).data;
    expect(row).toMatchObject({
      current: 1,
      days1to30: 2 + 4,
      days31to60: 8 + 16,
      days61to90: 32 + 64,
      over90: 128,
      total: 255,
    });
    // The same invoices a day later have each moved one day on.
    const [later] = (await aging(`search=Boundary Trader&asOf=${daysBefore(-1)}`)).data;
    expect(later).toMatchObject({
      current: 0,
      days1to30: 1 + 2,
      days31to60: 4 + 8,
      days61to90: 16 + 32,
      over90: 64 + 128,
      total: 255,
    });
    // As of a day before the later invoices existed, only what was billed by then counts.
    const [earlier] = (await aging(`search=Boundary Trader&asOf=${daysBefore(61)}`)).data;
    expect(earlier).toMatchObject({ current: 32, days1to30: 64 + 128, total: 224 });
  });

  it('counts what remained at the date: a payment dated after it still leaves the amount due then', async () => {
    const customer = await createCustomer(t, lookups, { customerName: 'Paid Later' });
    const invoice = await createInvoice(customer._id, 9_000, { dateOfCreation: daysBefore(50) });
    await f.pay(customer._id, [[invoice._id, 9_000]], { paymentDate: daysBefore(5) });
    expect((await aging('search=Paid Later')).data).toEqual([]);
    expect((await aging(`search=Paid Later&asOf=${daysBefore(10)}`)).data[0]).toMatchObject({
      days1to30: 9_000,
      total: 9_000,
    });
  });

  it('totals every matching customer (not the page), equal to the sum of their balances due; pages, sorts and filters', async () => {
    const all = await aging('limit=1000&asOf=2027-12-31');
    const pageOne = await aging('limit=2&asOf=2027-12-31&sort=customerName');
    const pageTwo = await aging('limit=2&page=2&asOf=2027-12-31&sort=customerName');
    expect(pageOne.totals).toEqual(all.totals);
    expect(pageTwo.totals).toEqual(all.totals);
    expect(pageOne.pagination.total).toBe(all.data.length);
    expect([...pageOne.data, ...pageTwo.data].map((row) => row.customer.customerName)).toEqual(
      all.data
        .map((row) => row.customer.customerName)
        .sort((a, b) => a.localeCompare(b))
        .slice(0, 4),
    );
    // Each customer's total is their balance's total due; the totals row is the sum of them all.
    let sum = 0;
    for (const row of all.data) {
      expect(row.total).toBe((await f.balance(row.customer._id)).totalDue);
      sum += row.total;
    }
    expect(all.totals.total).toBe(sum);
    for (const bucket of ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const) {
      expect(all.totals[bucket]).toBe(all.data.reduce((total, row) => total + row[bucket], 0));
    }
    const byOver90 = (await aging('limit=1000&sort=over90&order=desc')).data.map((row) => row.over90);
    expect(byOver90).toEqual([...byOver90].sort((a, b) => b - a));
    expect((await aging('status=high')).data).toEqual([]);
    expect((await aging(`kind=${lookups.kind._id}&city=${lookups.city._id}`)).pagination.total).toBeGreaterThan(0);
    expect((await aging('search=nobody by this name')).totals.total).toBe(0);
  });

  it('refuses an unknown sort, order, status or a broken date with the field and its message', async () => {
    for (const [query, errors] of [
      [
        'sort=name',
        {
          sort: 'Cannot sort by "name": sort by customerName, current, days1to30, days31to60, days61to90, over90, total',
        },
      ],
      ['order=up', { order: 'order must be asc or desc' }],
      ['status=gold', { status: 'Invalid status' }],
      ['asOf=2026-02-30', { asOf: 'As-of date must be a date such as 2026-12-31' }],
      ['kind=1', { kind: 'Invalid customer kind' }],
    ] as const) {
      const response = await t.request('GET', `/api/receivables/aging?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toEqual(errors);
    }
  });

  it('exports every matching row as CSV, UTF-8 with a BOM and plain 3-decimal amounts', async () => {
    const all = await aging('limit=1000');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/receivables/aging?limit=1',
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Customer,Alternate name,Status,Kind,City,Current (KD),1–30 days (KD),31–60 days (KD),61–90 days (KD),Over 90 days (KD),Total (KD),PDCs in hand (KD),Net exposure (KD),Credit limit (KD),Credit exposure (KD),Headroom (KD)',
    );
    expect(lines).toHaveLength(all.data.length + 1);
    const boundary = lines.find((line) => line.startsWith('Boundary Trader,'));
    expect(boundary).toBe(
      'Boundary Trader,,medium,Individual B,Hawalli B,0.001,0.006,0.024,0.096,0.128,0.255,0.000,0.255,,0.255,',
    );
  });
});

describe('customer statement', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer(t, lookups, { customerName: 'Statement Customer' });
  });

  it('shows the opening balance, every movement with its running balance, the closing balance and the aging', async () => {
    const old = await createInvoice(customer._id, 50_000, { dateOfCreation: '2026-06-01' });
    await f.advance(customer._id, 8_000, { paymentDate: '2026-09-10' });
    const recent = await createInvoice(customer._id, 20_000, { dateOfCreation: '2026-10-01' });
    await f.pay(
      customer._id,
      [
        [old._id, 30_000],
        [recent._id, 5_000],
      ],
      { paymentDate: '2026-10-15', useAdvanceBalance: true },
    );
    await createInvoice(customer._id, 1_500, { dateOfCreation: '2026-10-20', credit: false });
    await f.refund(customer._id, 0 + 0 || 1, { paymentDate: '2026-10-21' }).catch(() => undefined);
    await createInvoice(customer._id, 9_999, { dateOfCreation: '2026-10-22', status: 'draft' });

    const s = await statement(customer._id, 'from=2026-09-01&to=2026-11-21');
    expect(s.openingBalance).toBe(50_000);
    expect(s.lines.map((line) => [line.date.slice(0, 10), line.kind, line.debit, line.credit, line.balance])).toEqual([
      ['2026-09-10', 'advance', 0, 8_000, 42_000],
      ['2026-10-01', 'invoice', 20_000, 0, 62_000],
      // 35.000 paid: 8.000 from the advance (credited in September), 27.000 paid in now.
      ['2026-10-15', 'invoice_payment', 0, 27_000, 35_000],
      ['2026-10-20', 'invoice', 1_500, 0, 36_500],
      ['2026-10-20', 'invoice_payment', 0, 1_500, 35_000],
    ]);
    expect(s.lines[2]?.description).toBe(
      `Payment for ${[old.invoiceNumber, recent.invoiceNumber].sort().join(', ')}: Knet 27.000 + Advance 8.000`,
    );
    expect(s.closingBalance).toBe(35_000);
    const balance = await f.balance(customer._id);
    expect(s.closingBalance).toBe(0 - balance.netBalance);
    // 20.000 left on June's invoice (due 1 July: 143 days late), 15.000 on October's (due 31 October: 21 days).
    expect(s.aging).toEqual({
      current: 0,
      days1to30: 15_000,
      days31to60: 0,
      days61to90: 0,
      over90: 20_000,
      total: 35_000,
    });
    expect(s.customer).toMatchObject({ customerName: 'Statement Customer', paymentTermsDays: 30 });
  });

  it('defaults to the three months up to today, and refuses a period that ends before it starts', async () => {
    const s = await statement(customer._id);
    expect([s.from, s.to]).toEqual([iso('2026-08-21'), iso(TODAY)]);
    const backwards = await t.request('GET', `/api/customers/${customer._id}/statement?from=2026-11-01&to=2026-10-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ from: 'From cannot be after To' });
    expect((await t.request('GET', `/api/customers/00000000-0000-4000-8000-000000000000/statement`)).statusCode).toBe(
      404,
    );
  });

  it('downloads as CSV with the same lines between its opening and closing balances', async () => {
    const s = await statement(customer._id, 'from=2026-09-01&to=2026-11-21');
    const headers = await t.login();
    const byAccept = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customer._id}/statement?from=2026-09-01&to=2026-11-21`,
      headers: { ...headers, accept: 'text/csv' },
    });
    const byAddress = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customer._id}/statement.csv?from=2026-09-01&to=2026-11-21`,
      headers,
    });
    expect(byAccept.body).toBe(byAddress.body);
    expect(byAddress.headers['content-disposition']).toBe(
      'attachment; filename="statement-Statement_Customer-2026-11-21.csv"',
    );
    const rows = byAddress.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Date,Type,Number,Description,Debit (KD),Credit (KD),Balance (KD)');
    expect(rows[1]).toBe('2026-09-01,,,Opening balance,,,50.000');
    expect(rows.slice(2, -1).map((row) => row.split(',').slice(0, 3).join(','))).toEqual(
      s.lines.map((line) => `${line.date.slice(0, 10)},${STATEMENT_LINE_LABELS[line.kind]},${line.number}`),
    );
    expect(rows.at(-1)).toBe('2026-11-21,,,Closing balance,,,35.000');
  });
});

describe('access', () => {
  it('every role may read receivables', async () => {
    for (const role of ['viewer', 'sales', 'accountant'] as const) {
      const headers = await t.signInAs(role);
      expect((await t.app.inject({ method: 'GET', url: '/api/receivables/aging', headers })).statusCode, role).toBe(
        200,
      );
    }
  });
});

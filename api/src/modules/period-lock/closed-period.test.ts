import type { Cheque, Invoice, Payment } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { create, createProduct, setUpApp, setUpLedger } from '../../test';

// Every write route of the route table either refuses a record dated in the closed period (409,
// with the message and nothing changed) or is listed below as not dated, with why. A new write
// route fails the first test until it is put in one list or the other.

const CLOSED_THROUGH = '2026-11-21';
const MESSAGE = 'The books are closed through 21/11/2026';
const INSIDE = '2026-11-21T00:00:00.000Z';
const BEFORE = '2026-11-20T00:00:00.000Z';
const OPEN = '2026-11-25T00:00:00.000Z';

/** Write routes that date no record of the books. */
const NOT_DATED: Record<string, string> = {
  'POST /api/auth/login': 'signing in',
  'POST /api/auth/password': "one's own password",
  'PUT /api/auth/language': "one's own language",
  'POST /api/auth/logout': 'signing out',
  'POST /api/users': 'staff accounts',
  'PUT /api/users/:id': 'staff accounts',
  'POST /api/users/:id/reset-password': 'staff accounts',
  'POST /api/types': 'a master list, no date',
  'PUT /api/types/:id': 'a master list, no date',
  'DELETE /api/types/:id': 'a master list, no date',
  'POST /api/customer-kinds': 'a master list, no date',
  'PUT /api/customer-kinds/:id': 'a master list, no date',
  'DELETE /api/customer-kinds/:id': 'a master list, no date',
  'POST /api/customer-nationalities': 'a master list, no date',
  'PUT /api/customer-nationalities/:id': 'a master list, no date',
  'DELETE /api/customer-nationalities/:id': 'a master list, no date',
  'POST /api/customer-cities': 'a master list, no date',
  'PUT /api/customer-cities/:id': 'a master list, no date',
  'DELETE /api/customer-cities/:id': 'a master list, no date',
  'POST /api/banks': 'a master list, no date',
  'PUT /api/banks/:id': 'a master list, no date',
  'DELETE /api/banks/:id': 'a master list, no date',
  'POST /api/customers': 'a customer is not an entry of the books (a customer with records cannot be deleted)',
  'PUT /api/customers/:id': 'a customer is not an entry of the books',
  'DELETE /api/customers/:id': 'a customer with records cannot be deleted',
  'POST /api/products': 'a master list: an invoice keeps its own prices',
  'PUT /api/products/:id': 'a master list: an invoice keeps its own prices',
  'DELETE /api/products/:id': 'a master list: an invoice keeps its own prices',
  'POST /api/scheduled-invoices': 'a plan, no money: its invoices are dated in the open period',
  'PUT /api/scheduled-invoices/:id': 'a plan, no money: its invoices are dated in the open period',
  'DELETE /api/scheduled-invoices/:id': 'a plan, no money: its invoices stay',
  'POST /api/scheduled-invoices/:id/activate': "a plan's status",
  'POST /api/scheduled-invoices/:id/automate': "a plan's status",
  'POST /api/scheduled-invoices/:id/pause': "a plan's status",
  'POST /api/scheduled-invoices/:id/resume': "a plan's status",
  'POST /api/scheduled-invoices/:id/generate':
    'the caller names no date: a period due in the closed period is invoiced on the first open day (period-lock.test.ts)',
  'POST /api/platform/reports': 'a report of the browser',
  'PUT /api/settings/company': 'settings',
  'PUT /api/settings/holidays': 'settings',
  'PUT /api/settings/company/logo': 'settings',
  'DELETE /api/settings/company/logo': 'settings',
  'PUT /api/settings/period-lock': 'the closed period itself (period-lock.test.ts)',
  'POST /api/settings/period-lock/reopen': 'the closed period itself (period-lock.test.ts)',
  'POST /api/settings/period-lock/reopen/:id/approve': 'the closed period itself (period-lock.test.ts)',
  'POST /api/settings/period-lock/reopen/:id/reject': 'the closed period itself (period-lock.test.ts)',
  'POST /api/invoices/:id/link': 'a link to a document, no entry',
  'POST /api/invoices/:id/send': 'mail, no entry',
  'POST /api/credit-notes/:id/link': 'a link to a document, no entry',
  'POST /api/credit-notes/:id/send': 'mail, no entry',
  'POST /api/payments/:id/receipt/link': 'a link to a document, no entry',
  'POST /api/payments/:id/send': 'mail, no entry',
  'POST /api/customers/:id/statement/link': 'a link to a document, no entry',
  'POST /api/customers/:id/statement/send': 'mail, no entry',
  'PUT /api/settings/mail': 'settings',
  'POST /api/settings/mail/test': 'mail, no entry',
  'POST /api/outbox/:id/resend': 'mail, no entry',
  'PUT /api/settings/reminders': 'settings',
  'PUT /api/settings/approvals': 'settings',
  'POST /api/approvals/:id/reject': 'moves no money and dates nothing',
  // The write an approval runs checks its own date, as it does when made directly
  // (modules/approvals/approvals.test.ts: a request dated in a period closed since is not approved).
  'POST /api/approvals/:id/approve': "the held write's own date decides, checked when it runs",
  'POST /api/invoices/:id/promise':
    "the customer's word about a coming day, no money (the invoice's books stay as they are)",
};

type Attempt = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; field?: string };

const t = setUpApp();
const f = setUpLedger(t);

let customer: string;
let product: string;
let bank: string;
let closedInvoice: Invoice;
let openInvoice: Invoice;
let closedAdvance: Payment;
let openAdvance: Payment;
let inHand: Cheque;
let deposited: Cheque;
let bounced: Cheque;

const invoiceBody = (dateOfCreation: string, overrides: object = {}) => ({
  customer,
  dateOfCreation,
  credit: true,
  products: [{ product, quantity: 1, unitPrice: 20_000 }],
  ...overrides,
});
const cheque = (receivedDate: string) =>
  f.cheque(customer, bank, 5_000, [], { chequeDate: '2026-11-19', receivedDate });

beforeAll(async () => {
  customer = (await f.customer('Closed Books Co'))._id;
  product = (await createProduct(t, { productName: 'Audit', productPrice: 20_000 }))._id;
  bank = (await f.bank())._id;
  closedInvoice = await create<Invoice>(t, '/api/invoices', invoiceBody(BEFORE));
  openInvoice = await create<Invoice>(t, '/api/invoices', invoiceBody(OPEN));
  closedAdvance = await f.advance(customer, 3_000, { paymentDate: BEFORE });
  openAdvance = await f.advance(customer, 10_000, { paymentDate: OPEN });
  inHand = await cheque('2026-11-20');
  deposited = await cheque('2026-11-20');
  await f.step(deposited._id, 'deposit', { date: BEFORE });
  bounced = await cheque('2026-11-19');
  await f.step(bounced._id, 'deposit', { date: BEFORE });
  await f.step(bounced._id, 'bounce', { date: BEFORE, reason: 'No funds' });
  const closed = await t.request('PUT', '/api/settings/period-lock', { lockedThrough: CLOSED_THROUGH });
  expect(closed.statusCode, closed.body).toBe(200);
});

/** Each dated write route: the attempts that date (or touch) a record in the closed period. */
const DATED: Record<string, () => Attempt[]> = {
  'POST /api/invoices': () => [
    { method: 'POST', url: '/api/invoices', payload: invoiceBody(INSIDE), field: 'dateOfCreation' },
    { method: 'POST', url: '/api/invoices', payload: invoiceBody(BEFORE, { credit: false }), field: 'dateOfCreation' },
  ],
  'PUT /api/invoices/:id': () => [
    // Into the closed period, and out of it.
    { method: 'PUT', url: `/api/invoices/${openInvoice._id}`, payload: invoiceBody(INSIDE), field: 'dateOfCreation' },
    { method: 'PUT', url: `/api/invoices/${closedInvoice._id}`, payload: invoiceBody(OPEN), field: 'dateOfCreation' },
    {
      method: 'PUT',
      url: `/api/invoices/${closedInvoice._id}`,
      payload: invoiceBody(BEFORE, { notes: 'x' }),
      field: 'dateOfCreation',
    },
  ],
  'DELETE /api/invoices/:id': () => [{ method: 'DELETE', url: `/api/invoices/${closedInvoice._id}` }],
  'POST /api/credit-notes': () => [
    {
      method: 'POST',
      url: '/api/credit-notes',
      payload: { invoice: closedInvoice._id, date: INSIDE, reason: 'other', amount: 1_000 },
      field: 'date',
    },
  ],
  'POST /api/invoices/:id/cancel': () => [
    {
      method: 'POST',
      url: `/api/invoices/${closedInvoice._id}/cancel`,
      payload: { date: INSIDE, reason: 'Wrong' },
      field: 'date',
    },
  ],
  'POST /api/invoices/:id/write-off': () => [
    {
      method: 'POST',
      url: `/api/invoices/${closedInvoice._id}/write-off`,
      payload: { date: INSIDE, reason: 'Lost' },
      field: 'date',
    },
  ],
  'POST /api/payments/advance': () => [
    {
      method: 'POST',
      url: '/api/payments/advance',
      payload: f.advanceBody(customer, 1_000, { paymentDate: INSIDE }),
      field: 'paymentDate',
    },
    {
      method: 'POST',
      url: '/api/payments/advance',
      payload: f.advanceBody(customer, 1_000, {
        paymentDate: INSIDE,
        paymentMode: 'Check',
        cheque: { chequeNumber: '777001', bank, chequeDate: '2026-11-19' },
      }),
      field: 'paymentDate',
    },
  ],
  'POST /api/payments/invoice': () => [
    {
      method: 'POST',
      url: '/api/payments/invoice',
      payload: f.payBody(customer, [[openInvoice._id, 1_000]], { paymentDate: INSIDE }),
      field: 'paymentDate',
    },
  ],
  'POST /api/payments/refund': () => [
    {
      method: 'POST',
      url: '/api/payments/refund',
      payload: f.advanceBody(customer, 1_000, { paymentDate: INSIDE }),
      field: 'paymentDate',
    },
  ],
  'PUT /api/payments/:id': () => [
    { method: 'PUT', url: `/api/payments/${openAdvance._id}`, payload: { paymentDate: INSIDE }, field: 'paymentDate' },
    { method: 'PUT', url: `/api/payments/${closedAdvance._id}`, payload: { paymentDate: OPEN }, field: 'paymentDate' },
    {
      method: 'PUT',
      url: `/api/payments/${closedAdvance._id}`,
      payload: { notes: 'Only the notes' },
      field: 'paymentDate',
    },
  ],
  'DELETE /api/payments/:id': () => [{ method: 'DELETE', url: `/api/payments/${closedAdvance._id}` }],
  'POST /api/cheques': () => [
    {
      method: 'POST',
      url: '/api/cheques',
      payload: f.chequeBody(customer, bank, 2_000, [], { receivedDate: CLOSED_THROUGH, chequeDate: '2026-12-31' }),
      field: 'receivedDate',
    },
  ],
  'POST /api/cheques/:id/deposit': () => [
    { method: 'POST', url: `/api/cheques/${inHand._id}/deposit`, payload: { date: INSIDE }, field: 'date' },
  ],
  'POST /api/cheques/:id/return': () => [
    {
      method: 'POST',
      url: `/api/cheques/${inHand._id}/return`,
      payload: { date: INSIDE, reason: 'Back' },
      field: 'date',
    },
  ],
  'POST /api/cheques/:id/clear': () => [
    { method: 'POST', url: `/api/cheques/${deposited._id}/clear`, payload: { date: INSIDE }, field: 'date' },
  ],
  'POST /api/cheques/:id/bounce': () => [
    {
      method: 'POST',
      url: `/api/cheques/${deposited._id}/bounce`,
      payload: { date: INSIDE, reason: 'No funds' },
      field: 'date',
    },
  ],
  'POST /api/cheques/:id/replace': () => [
    {
      method: 'POST',
      url: `/api/cheques/${bounced._id}/replace`,
      payload: { date: INSIDE, chequeNumber: 'R-9', bank, chequeDate: '2026-11-21', amount: 5_000 },
      field: 'date',
    },
  ],
};

/** What the books hold: every table a write of the books touches, and the audit trail. */
async function books(): Promise<string[]> {
  const tables = [
    'invoices',
    'invoice_lines',
    'payments',
    'payment_allocations',
    'cheques',
    'cheque_invoices',
    'credit_notes',
    'customer_accounts',
    'customers',
    'audit_log',
  ];
  const digests: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ digest: string | null }>(
      await t.db.execute(sql.raw(`select md5(string_agg(r::text, '|' order by r::text)) as digest from ${table} r`)),
    );
    digests.push(`${table} ${row?.digest}`);
  }
  return digests;
}

describe('a closed period', () => {
  it('is named for every write route of the route table: dated, or not dated and why', () => {
    const writes = t.app.apiRoutes
      .filter((route) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    const unlisted = writes.filter((route) => !(route in DATED) && !(route in NOT_DATED));
    expect(unlisted).toEqual([]);
    // Both lists name real routes only, once.
    expect([...Object.keys(DATED), ...Object.keys(NOT_DATED)].filter((route) => !writes.includes(route))).toEqual([]);
    expect(Object.keys(DATED).filter((route) => route in NOT_DATED)).toEqual([]);
  });

  it.each(Object.keys(DATED))('refuses %s dated in it: 409 with the message, nothing written', async (route) => {
    for (const attempt of DATED[route]!()) {
      const before = await books();
      const response = await t.request(attempt.method, attempt.url, attempt.payload);
      const label = `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload ?? {})}`;
      expect({ label, status: response.statusCode }).toEqual({ label, status: 409 });
      expect(response.json().message).toBe(MESSAGE);
      if (attempt.field) expect(response.json().errors).toEqual({ [attempt.field]: MESSAGE });
      expect(await books()).toEqual(before);
    }
  });

  it('says so in Arabic too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: { ...(await t.login()), 'accept-language': 'ar' },
      payload: invoiceBody(INSIDE),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('الدفاتر مقفلة حتى 21/11/2026');
  });

  it('leaves the day after it open to every one of them', async () => {
    const next = '2026-11-22T00:00:00.000Z';
    await create(t, '/api/invoices', invoiceBody(next));
    const moved = await t.request('PUT', `/api/payments/${openAdvance._id}`, { paymentDate: next });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await f.step(inHand._id, 'deposit', { date: next })).status).toBe('deposited');
    const note = await t.request('POST', '/api/credit-notes', {
      invoice: closedInvoice._id,
      date: next,
      reason: 'other',
      amount: 1_000,
    });
    // A credit note is dated its own day, whatever its invoice's.
    expect(note.statusCode, note.body).toBe(201);
  });
});

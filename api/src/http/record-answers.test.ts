import { answersOf, AuditListQuerySchema, CustomerBalanceListQuerySchema, ROUTE_ANSWERS } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import type { RouteOptions } from 'fastify';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { outbox } from '../db/schema';
import { readApproval } from '../modules/approvals/records';
import { readApprovalSettings } from '../modules/approvals/settings';
import { AuditService } from '../modules/audit/service';
import { ChequeService } from '../modules/cheques/service';
import { CollectionsService } from '../modules/collections/service';
import { CreditNoteService } from '../modules/credit-notes/service';
import { creditPosition } from '../modules/credit-limits/exposure';
import { CustomerBalanceService } from '../modules/customer-balances/service';
import { CustomerService } from '../modules/customers/service';
import { DashboardService } from '../modules/dashboard/service';
import { InvoiceService } from '../modules/invoices/service';
import { LOOKUP_DEFINITIONS } from '../modules/lookups/definitions';
import { LookupService } from '../modules/lookups/service';
import { readPayment } from '../modules/ledger/payment-record';
import { readOutboxMessage } from '../modules/mail/outbox';
import { readMailSettings } from '../modules/mail/settings';
import { readReceipt } from '../modules/payments/receipt';
import { PaymentService } from '../modules/payments/service';
import { readPeriodLock } from '../modules/period-lock/service';
import { ProductService } from '../modules/products/service';
import { readReminderSettings } from '../modules/reminders/settings';
import { ScheduledInvoiceService } from '../modules/scheduled-invoices/service';
import { CompanySettingsService, readHolidays } from '../modules/settings/service';
import { UserService } from '../modules/users/service';
import { DEFAULT_REMINDER_SETTINGS } from '@admin/shared/contract';
import { setUpDemoApp } from '../test';
import { declareAnswers } from './contract-schemas';

const t = setUpDemoApp();

/** A write the test expects taken (as the test user, or with another user's `headers`): its record. */
async function write(method: 'POST' | 'PUT', url: string, body: object, headers?: Record<string, string>) {
  const response = headers
    ? await t.app.inject({ method, url: `/api${url}`, payload: body, headers })
    : await t.request(method, `/api${url}`, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().data as { _id: string };
}

/** A day `days` after today, as the API reads one. */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// The demo data has no cheques, credit notes, discounts or promises: one record in each state, so
// each optional or nullable field is answered both empty and filled.
beforeAll(async () => {
  const [invoice] = (await t.request('GET', '/api/invoices?status=unpaid&limit=1')).json().data;
  const [bank] = (await t.request('GET', '/api/banks?limit=1')).json().data;
  const [product] = (await t.request('GET', '/api/products?limit=1')).json().data;
  const day = '2026-11-21';
  const cheque = (chequeNumber: string, chequeDate = day) =>
    write('POST', '/cheques', {
      customer: invoice.customer._id,
      chequeNumber,
      bank: bank._id,
      drawerName: 'Acme',
      chequeDate,
      receivedDate: day,
      amount: 3_000,
      relatedInvoices: [{ invoice: invoice._id, paidAmount: 1 }],
    });
  await cheque('900001');
  await write('POST', `/cheques/${(await cheque('900002'))._id}/return`, { date: day, reason: 'Handed back' });
  const cleared = (await cheque('900003'))._id;
  await write('POST', `/cheques/${cleared}/deposit`, { date: day, bankAccount: 'NBK 0101' });
  await write('POST', `/cheques/${cleared}/clear`, { date: day });
  const bounced = (await cheque('900004'))._id;
  await write('POST', `/cheques/${bounced}/deposit`, { date: day });
  await write('POST', `/cheques/${bounced}/bounce`, { date: day, reason: 'No funds', charge: 2_000 });
  await write('POST', `/cheques/${bounced}/replace`, {
    date: day,
    chequeNumber: 'R-1',
    bank: bank._id,
    chequeDate: day,
    amount: 3_000,
  });
  // Post-dated: the invoice it is meant for names it as cover, and carries a promise.
  await cheque('900005', daysFromNow(40));
  await write('POST', `/invoices/${invoice._id}/promise`, { date: daysFromNow(10), note: 'After the salaries' });

  // Discounts on a line and on the whole, on an invoice and on a schedule.
  const lines = {
    products: [
      { product: product._id, quantity: 2, unitPrice: 5_000, discount: { percent: 10 } },
      { product: product._id, quantity: 1, unitPrice: 2_000 },
    ],
    discount: { amount: 500 },
  };
  const discounted = await write('POST', '/invoices', {
    customer: invoice.customer._id,
    dateOfCreation: day,
    referenceNumber: 'R-42',
    notes: 'Discounted',
    ...lines,
  });
  await write('POST', '/scheduled-invoices', {
    scheduleName: 'Discounted monthly',
    customer: invoice.customer._id,
    dateOfCreation: day,
    startDate: day,
    endDate: daysFromNow(400),
    recurringPeriod: 1,
    ...lines,
  });
  // A credit note for some units (its lines carry what the discounts took off them), one for an
  // amount, and a debit note correcting the first.
  const credited = await write('POST', '/credit-notes', {
    invoice: discounted._id,
    date: day,
    reason: 'return',
    lines: [{ product: product._id, quantity: 1 }],
    notes: 'One back',
  });
  await write('POST', '/credit-notes', { invoice: discounted._id, date: day, reason: 'other', amount: 100 });
  await write('POST', '/invoices', {
    customer: invoice.customer._id,
    dateOfCreation: day,
    debitNoteFor: credited._id,
    products: [{ product: product._id, quantity: 1, unitPrice: 700 }],
  });

  // Staff: one with an e-mail, never signed in, then deactivated without it.
  const { user: clerk } = (await write('POST', '/users', {
    username: 'clerk',
    name: 'Clerk',
    role: 'sales',
    email: 'clerk@example.com',
  })) as unknown as { user: { _id: string } };
  await write('PUT', `/users/${clerk._id}`, { name: 'Clerk', role: 'sales', active: false, email: null });
  await write('POST', '/users', {
    username: 'approver',
    name: 'Approver',
    role: 'admin',
    email: 'approver@example.com',
  });

  // Credit notes above 0.050 KD wait for approval: one waits, one approved, one rejected by another admin.
  await write('PUT', '/settings/approvals', { refund: null, creditNote: 50, writeOff: null, bounce: null });
  const held = () =>
    write('POST', '/credit-notes', { invoice: discounted._id, date: day, reason: 'other', amount: 60 });
  await held();
  const checker = await t.signInAs('admin', 'checker');
  await write('POST', `/approvals/${(await held())._id}/approve`, {}, checker);
  await write('POST', `/approvals/${(await held())._id}/reject`, { reason: 'Not agreed' }, checker);

  // Each request's notice to the admin with an e-mail is in the outbox, queued (the tests have no
  // mail server); one is marked sent, as the sender records it, and sent again.
  const [notice] = (await t.request('GET', '/api/outbox?limit=1')).json().data;
  await t.db
    .update(outbox)
    .set({ status: 'sent', attempts: 1, sentAt: new Date(), messageId: '<notice@example.com>' })
    .where(eq(outbox.id, notice._id));
  await write('POST', `/outbox/${notice._id}/resend`, {});

  // Settings as an admin leaves them: holidays, reminders with monthly statements, a closed period
  // and a reopen waiting for a second admin.
  await write('PUT', '/settings/holidays', { holidays: [{ day: '2026-12-24', name: 'Isra and Miraj' }] });
  await write('PUT', '/settings/reminders', { ...DEFAULT_REMINDER_SETTINGS, monthlyStatements: true });
  await write('PUT', '/settings/period-lock', { lockedThrough: '2020-12-31' });
  await write('POST', '/settings/period-lock/reopen', { lockedThrough: null, reason: 'A late invoice' });
});

/**
 * The collections whose records the contract declares exactly, how their service reads one, and
 * what of it a list row holds (the whole record unless `listed` says otherwise).
 */
const EXACT_RECORDS: {
  path: string;
  read: (db: Database, id: string) => Promise<unknown>;
  listed?: (record: never) => unknown;
}[] = [
  ...LOOKUP_DEFINITIONS.map((definition) => ({
    path: definition.contract.path,
    read: (db: Database, id: string) => new LookupService(db, definition).get(id),
  })),
  { path: '/products', read: (db, id) => new ProductService(db).get(id) },
  { path: '/customers', read: (db, id) => new CustomerService(db).get(id) },
  { path: '/payments', read: readPayment },
  { path: '/cheques', read: (db, id) => new ChequeService(db).get(id) },
  { path: '/invoices', read: (db, id) => new InvoiceService(db).get(id) },
  { path: '/credit-notes', read: (db, id) => new CreditNoteService(db).get(id) },
  { path: '/scheduled-invoices', read: (db, id) => new ScheduledInvoiceService(db, () => businessToday()).get(id) },
  { path: '/users', read: (db, id) => new UserService(db, t.config).get(id) },
  { path: '/approvals', read: readApproval },
  {
    path: '/outbox',
    read: readOutboxMessage,
    // A row is the message without its texts and attempts.
    listed: ({
      text: _text,
      html: _html,
      attemptLog: _log,
      ...row
    }: {
      text: unknown;
      html: unknown;
      attemptLog: unknown;
    }) => row,
  },
];

/** Answers that are no record of a collection, and how their service reads them. */
const EXACT_READS: { url: string; read: (db: Database) => Promise<unknown> }[] = [
  { url: '/dashboard/summary', read: (db) => new DashboardService(db, t.config.businessTz, t.config.now).summary() },
  { url: '/collections/staff', read: (db) => new CollectionsService(db).staff() },
  { url: '/settings/company', read: (db) => new CompanySettingsService(db).get() },
  { url: '/settings/holidays', read: readHolidays },
  { url: '/settings/reminders', read: readReminderSettings },
  { url: '/settings/period-lock', read: readPeriodLock },
  { url: '/settings/mail', read: (db) => readMailSettings(db, t.config) },
  { url: '/settings/approvals', read: readApprovalSettings },
  {
    url: '/audit-log/verify',
    read: (db) => new AuditService(db, t.config.businessTz, t.config.auditAnchorFile).verify(),
  },
];

/** Lists that are no collection's records: their page as their service reads it. */
const EXACT_PAGES: { url: string; read: (db: Database) => Promise<unknown> }[] = [
  {
    url: '/audit-log?limit=1000',
    read: (db) =>
      new AuditService(db, t.config.businessTz, t.config.auditAnchorFile)
        .list(v.parse(AuditListQuerySchema, { limit: '1000' }))
        .page(),
  },
  {
    url: '/customer-balances?limit=1000',
    read: (db) =>
      new CustomerBalanceService(db).list(v.parse(CustomerBalanceListQuerySchema, { limit: '1000' })).page(),
  },
];

/** Reports whose figures other tests prove: here, that they answer exactly their declared fields. */
const DECLARED_REPORTS = ['/cheques/to-deposit', '/receivables/aging', '/collections'];

/** The answers whose `data` lets fields through unnamed (`METHOD /path status`): the reference itself. */
const STILL_OPEN = ['GET /docs 200'];

interface JsonNode {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
  additionalProperties?: boolean;
}

/** Each JSON answer of every route as the serializer is given it (what declareAnswers sets), by `METHOD /path status`. */
function serializedAnswers(): [string, JsonNode][] {
  return Object.keys(ROUTE_ANSWERS).flatMap((key) => {
    const [method, path] = key.split(' ') as [string, string];
    const route = { method, url: `/api${path}` } as RouteOptions;
    declareAnswers(route, '/api');
    const response = (route.schema?.response ?? {}) as Record<
      string,
      { content?: Record<string, { schema: JsonNode }> }
    >;
    return Object.entries(response).flatMap(([status, { content }]): [string, JsonNode][] => {
      const json = content?.['application/json']?.schema;
      return json && !status.endsWith('xx') ? [[`${key} ${status}`, json]] : [];
    });
  });
}

/** The dotted paths of the objects under `node` that would let a field through unnamed. */
function openObjectsIn(node: JsonNode, at: string): string[] {
  const own = node.properties && node.additionalProperties !== false ? [at] : [];
  const inner = Object.entries(node.properties ?? {}).flatMap(([field, child]) =>
    openObjectsIn(child, `${at}.${field}`),
  );
  const choices = (node.anyOf ?? []).flatMap((choice, i) => openObjectsIn(choice, `${at}|${i}`));
  return [...own, ...inner, ...choices, ...(node.items ? openObjectsIn(node.items, `${at}[]`) : [])];
}

/** The paths of the nullable values under `node` converted as `anyOf` rather than as a type list. */
function nullChoicesIn(node: JsonNode, at: string): string[] {
  const own = node.anyOf?.some((choice) => choice.type === 'null') ? [at] : [];
  const inner = [
    ...Object.entries(node.properties ?? {}).map(([field, child]) => [`${at}.${field}`, child] as const),
    ...(node.anyOf ?? []).map((choice, i) => [`${at}|${i}`, choice] as const),
    ...(node.items ? [[`${at}[]`, node.items] as const] : []),
  ];
  return [...own, ...inner.flatMap(([path, child]) => nullChoicesIn(child, path))];
}

/** Read back through JSON, as the browser receives it. */
const onTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the records the contract declares exactly', () => {
  it('are declared closed: the serializer writes their named fields and no other', () => {
    const open = serializedAnswers().filter(
      ([, schema]) => openObjectsIn(schema.properties?.data ?? schema, 'data').length,
    );
    expect(open.map(([answer]) => answer)).toEqual(STILL_OPEN);
  });

  it('name a nullable field as a type list, a nullable choice of words too', () => {
    const answers = serializedAnswers();
    for (const [answer, schema] of answers) expect(nullChoicesIn(schema, 'body'), answer).toEqual([]);
    // A user's language: English, Arabic, or none chosen yet.
    const profile = new Map(answers).get('GET /auth/profile 200')!;
    expect(profile.properties?.data?.properties?.user?.properties?.language).toEqual({
      type: ['string', 'null'],
      enum: ['en', 'ar', null],
    });
  });

  it('are what the API answers: each seeded record, listed and read, is its service’s record field for field', async () => {
    for (const { path, read, listed: rowOf } of EXACT_RECORDS) {
      const page = await t.request('GET', `/api${path}?limit=1000`);
      expect(page.statusCode, path).toBe(200);
      const listed = page.json();
      expect(v.is(answersOf('GET', path)![0]!.json!, listed), `GET ${path}`).toBe(true);
      expect(listed.data.length, `${path} has seeded records`).toBeGreaterThan(0);
      for (const row of listed.data as { _id: string }[]) {
        const expected = await read(t.apiDb, row._id);
        expect(row, `${path} row ${row._id}`).toEqual(onTheWire(rowOf ? rowOf(expected as never) : expected));
        const one = await t.request('GET', `/api${path}/${row._id}`);
        expect(v.is(answersOf('GET', `${path}/:id`)![0]!.json!, one.json()), `GET ${path}/${row._id}`).toBe(true);
        expect(one.json().data).toEqual(onTheWire(expected));
      }
    }
  });

  it('answer a lookup’s picker rows, a customer’s credit and balance exactly too', async () => {
    for (const { contract } of LOOKUP_DEFINITIONS) {
      const active = (await t.request('GET', `/api${contract.path}/active`)).json();
      expect(v.is(answersOf('GET', `${contract.path}/active`)![0]!.json!, active), contract.path).toBe(true);
    }
    const customers = (await t.request('GET', '/api/customers?limit=1000')).json().data as { _id: string }[];
    for (const { _id } of customers) {
      const credit = (await t.request('GET', `/api/customers/${_id}/credit`)).json();
      expect(v.is(answersOf('GET', '/customers/:id/credit')![0]!.json!, credit)).toBe(true);
      expect(credit.data).toEqual(onTheWire(await creditPosition(t.apiDb, _id)));
      const balance = (await t.request('GET', `/api/payments/customer/${_id}/balance`)).json();
      expect(v.is(answersOf('GET', '/payments/customer/:id/balance')![0]!.json!, balance)).toBe(true);
      expect(balance.data).toEqual(onTheWire(await new PaymentService(t.apiDb).balance(_id)));
      const summary = (await t.request('GET', `/api/payments/customer/${_id}/summary`)).json();
      expect(v.is(answersOf('GET', '/payments/customer/:id/summary')![0]!.json!, summary)).toBe(true);
      expect(summary.data).toEqual(onTheWire(await new PaymentService(t.apiDb).summary(_id)));
      const statement = (await t.request('GET', `/api/customers/${_id}/statement?from=2026-01-01`)).json();
      expect(v.is(answersOf('GET', '/customers/:id/statement')![0]!.json!, statement), `statement of ${_id}`).toBe(
        true,
      );
    }
  });

  it('answer a payment’s receipt exactly: received, paid out, by cheque and taken back', async () => {
    const payments = (await t.request('GET', '/api/payments?limit=1000')).json().data as { _id: string }[];
    let receipts = 0;
    for (const { _id } of payments) {
      const receipt = await t.request('GET', `/api/payments/${_id}/receipt`);
      // A reversal entry has no receipt.
      if (receipt.statusCode !== 200) continue;
      receipts += 1;
      expect(v.is(answersOf('GET', '/payments/:id/receipt')![0]!.json!, receipt.json()), _id).toBe(true);
      expect(receipt.json().data).toEqual(onTheWire(await readReceipt(t.apiDb, _id)));
    }
    expect(receipts).toBeGreaterThan(0);
  });

  it('answer the settings, the dashboard, the audit trail and the reports exactly', async () => {
    for (const { url, read } of [...EXACT_READS, ...EXACT_PAGES]) {
      const response = await t.request('GET', `/api${url}`);
      expect(response.statusCode, url).toBe(200);
      const path = url.split('?')[0]!;
      expect(v.is(answersOf('GET', path)![0]!.json!, response.json()), `GET ${url}`).toBe(true);
      const answered = EXACT_PAGES.some((page) => page.url === url) ? response.json() : response.json().data;
      expect(answered, url).toEqual(onTheWire(await read(t.apiDb)));
    }
    for (const url of DECLARED_REPORTS) {
      const response = await t.request('GET', `/api${url}`);
      expect(response.statusCode, url).toBe(200);
      expect(v.is(answersOf('GET', url)![0]!.json!, response.json()), `GET ${url}`).toBe(true);
    }
  });

  it('answer a user’s sign-in and profile exactly, a chosen language and none', async () => {
    const profile = (await t.request('GET', '/api/auth/profile')).json();
    expect(v.is(answersOf('GET', '/auth/profile')![0]!.json!, profile)).toBe(true);
    await t.request('PUT', '/api/auth/language', { language: 'ar' });
    const chosen = (await t.request('GET', '/api/auth/profile')).json();
    expect(v.is(answersOf('GET', '/auth/profile')![0]!.json!, chosen)).toBe(true);
    expect([profile.data.user.language, chosen.data.user.language]).toEqual([null, 'ar']);
  });
});

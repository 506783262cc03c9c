import { answersOf, ROUTE_ANSWERS } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import type { RouteOptions } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/connect';
import { ChequeService } from '../modules/cheques/service';
import { CreditNoteService } from '../modules/credit-notes/service';
import { creditPosition } from '../modules/credit-limits/exposure';
import { CustomerService } from '../modules/customers/service';
import { InvoiceService } from '../modules/invoices/service';
import { LOOKUP_DEFINITIONS } from '../modules/lookups/definitions';
import { LookupService } from '../modules/lookups/service';
import { readPayment } from '../modules/ledger/payment-record';
import { PaymentService } from '../modules/payments/service';
import { ProductService } from '../modules/products/service';
import { ScheduledInvoiceService } from '../modules/scheduled-invoices/service';
import { setUpDemoApp } from '../test';
import { declareAnswers } from './contract-schemas';

const t = setUpDemoApp();

/** A write the test expects taken: its record. */
async function write(method: 'POST' | 'PUT', url: string, body: object) {
  const response = await t.request(method, `/api${url}`, body);
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
});

/** The collections whose records the contract declares exactly, and how their service reads one. */
const EXACT_RECORDS: { path: string; read: (db: Database, id: string) => Promise<unknown> }[] = [
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
];

/**
 * The answers whose `data` still lets fields through unnamed (`METHOD /path status`): the
 * reference itself, the probes, and what an area has not declared field by field yet.
 */
const STILL_OPEN: string[] = [
  'GET /docs 200',
  'POST /auth/login 200',
  'GET /auth/profile 200',
  'POST /auth/password 200',
  'GET /users 200',
  'GET /users/:id 200',
  'POST /users 201',
  'PUT /users/:id 200',
  'POST /users/:id/reset-password 200',
  'POST /invoices/:id/write-off 202',
  'POST /credit-notes 202',
  'GET /payments/:id/receipt 200',
  'POST /payments/refund 202',
  'GET /payments/customer/:id/summary 200',
  'GET /cheques/to-deposit 200',
  'POST /cheques/:id/bounce 202',
  'GET /customer-balances 200',
  'GET /receivables/aging 200',
  'GET /customers/:id/statement 200',
  'GET /collections 200',
  'GET /collections/staff 200',
  'GET /dashboard/summary 200',
  'GET /audit-log 200',
  'GET /audit-log/verify 200',
  'POST /platform/reports 201',
  'GET /platform/reports 200',
  'GET /platform/releases 200',
  'GET /settings/company 200',
  'PUT /settings/company 200',
  'PUT /settings/company/logo 200',
  'DELETE /settings/company/logo 200',
  'GET /settings/holidays 200',
  'PUT /settings/holidays 200',
  'POST /invoices/:id/send 202',
  'POST /credit-notes/:id/send 202',
  'POST /payments/:id/send 202',
  'POST /customers/:id/statement/send 202',
  'GET /settings/mail 200',
  'PUT /settings/mail 200',
  'POST /settings/mail/test 200',
  'GET /outbox 200',
  'GET /outbox/:id 200',
  'POST /outbox/:id/resend 201',
  'GET /settings/reminders 200',
  'PUT /settings/reminders 200',
  'GET /settings/approvals 200',
  'PUT /settings/approvals 200',
  'GET /approvals 200',
  'GET /approvals/:id 200',
  'POST /approvals/:id/approve 200',
  'POST /approvals/:id/reject 200',
  'GET /settings/period-lock 200',
  'PUT /settings/period-lock 200',
  'POST /settings/period-lock/reopen 200',
  'POST /settings/period-lock/reopen/:id/approve 200',
  'POST /settings/period-lock/reopen/:id/reject 200',
];

interface JsonNode {
  type?: string | string[];
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
    for (const [answer, schema] of serializedAnswers()) expect(nullChoicesIn(schema, 'body'), answer).toEqual([]);
  });

  it('are what the API answers: each seeded record, listed and read, is its service’s record field for field', async () => {
    for (const { path, read } of EXACT_RECORDS) {
      const page = await t.request('GET', `/api${path}?limit=1000`);
      expect(page.statusCode, path).toBe(200);
      const listed = page.json();
      expect(v.is(answersOf('GET', path)![0]!.json!, listed), `GET ${path}`).toBe(true);
      expect(listed.data.length, `${path} has seeded records`).toBeGreaterThan(0);
      for (const row of listed.data as { _id: string }[]) {
        const expected = onTheWire(await read(t.apiDb, row._id));
        expect(row, `${path} row ${row._id}`).toEqual(expected);
        const one = await t.request('GET', `/api${path}/${row._id}`);
        expect(v.is(answersOf('GET', `${path}/:id`)![0]!.json!, one.json()), `GET ${path}/${row._id}`).toBe(true);
        expect(one.json().data).toEqual(expected);
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
    }
  });
});

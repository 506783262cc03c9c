import { answersOf } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import type { RouteOptions } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/connect';
import { ChequeService } from '../modules/cheques/service';
import { creditPosition } from '../modules/credit-limits/exposure';
import { CustomerService } from '../modules/customers/service';
import { LOOKUP_DEFINITIONS } from '../modules/lookups/definitions';
import { LookupService } from '../modules/lookups/service';
import { readPayment } from '../modules/ledger/payment-record';
import { PaymentService } from '../modules/payments/service';
import { ProductService } from '../modules/products/service';
import { setUpDemoApp } from '../test';
import { declareAnswers } from './contract-schemas';

const t = setUpDemoApp();

/** A cheque write the test expects taken: its record. */
async function chequeWrite(url: string, body: object) {
  const response = await t.request('POST', `/api/cheques${url}`, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as { _id: string };
}

// The demo data has no cheques: one in each state, so each of a cheque's fields is answered both
// empty and filled (a bounce's reversals, charge invoice and replacement among them).
beforeAll(async () => {
  const [invoice] = (await t.request('GET', '/api/invoices?status=unpaid&limit=1')).json().data;
  const [bank] = (await t.request('GET', '/api/banks?limit=1')).json().data;
  const day = '2026-11-21';
  const cheque = (chequeNumber: string) =>
    chequeWrite('', {
      customer: invoice.customer._id,
      chequeNumber,
      bank: bank._id,
      drawerName: 'Acme',
      chequeDate: day,
      receivedDate: day,
      amount: 3_000,
      relatedInvoices: [{ invoice: invoice._id, paidAmount: 1 }],
    });
  await cheque('900001');
  await chequeWrite(`/${(await cheque('900002'))._id}/return`, { date: day, reason: 'Handed back' });
  const cleared = (await cheque('900003'))._id;
  await chequeWrite(`/${cleared}/deposit`, { date: day, bankAccount: 'NBK 0101' });
  await chequeWrite(`/${cleared}/clear`, { date: day });
  const bounced = (await cheque('900004'))._id;
  await chequeWrite(`/${bounced}/deposit`, { date: day });
  await chequeWrite(`/${bounced}/bounce`, { date: day, reason: 'No funds', charge: 2_000 });
  await chequeWrite(`/${bounced}/replace`, {
    date: day,
    chequeNumber: 'R-1',
    bank: bank._id,
    chequeDate: day,
    amount: 3_000,
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
];

/** The routes answering those records: list, one, create, edit, a lookup's picker rows, a payment's and a cheque's writes. */
const EXACT_ROUTES = [
  ...EXACT_RECORDS.flatMap(({ path }) => [`GET ${path}`, `GET ${path}/:id`]),
  ...EXACT_RECORDS.filter(({ path }) => path !== '/cheques').map(({ path }) => `PUT ${path}/:id`),
  ...EXACT_RECORDS.filter(({ path }) => path !== '/payments').map(({ path }) => `POST ${path}`),
  ...['deposit', 'clear', 'bounce', 'return', 'replace'].map((step) => `POST /cheques/:id/${step}`),
  ...LOOKUP_DEFINITIONS.map((definition) => `GET ${definition.contract.path}/active`),
  'GET /customers/:id/credit',
  'POST /payments/advance',
  'POST /payments/invoice',
  'POST /payments/refund',
  'GET /payments/customer/:id/balance',
];

/** The JSON answer of a route as the serializer is given it (what declareAnswers sets). */
function serializedSchemaOf(key: string) {
  const [method, path] = key.split(' ') as [string, string];
  const route = { method, url: `/api${path}` } as RouteOptions;
  declareAnswers(route, '/api');
  const { status } = answersOf(method, path)![0]!;
  const response = (route.schema?.response ?? {}) as Record<string, { content: Record<string, { schema: JsonNode }> }>;
  return response[status]!.content['application/json']!.schema;
}

interface JsonNode {
  type?: string | string[];
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  additionalProperties?: boolean;
}

/** The dotted paths of the objects under `node` that would let a field through unnamed. */
function openObjectsIn(node: JsonNode, at: string): string[] {
  const own = node.properties && node.additionalProperties !== false ? [at] : [];
  const inner = Object.entries(node.properties ?? {}).flatMap(([field, child]) =>
    openObjectsIn(child, `${at}.${field}`),
  );
  return [...own, ...inner, ...(node.items ? openObjectsIn(node.items, `${at}[]`) : [])];
}

/** Read back through JSON, as the browser receives it. */
const onTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the records the contract declares exactly', () => {
  it('are declared closed: the serializer writes their named fields and no other', () => {
    for (const key of EXACT_ROUTES) {
      const data = serializedSchemaOf(key).properties?.data;
      expect(data, key).toBeDefined();
      expect(openObjectsIn(data!, 'data'), key).toEqual([]);
    }
  });

  it('are what the API answers: each seeded record, listed and read, is its service’s record field for field', async () => {
    for (const { path, read } of EXACT_RECORDS) {
      const page = await t.request('GET', `/api${path}?limit=50`);
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
    const customers = (await t.request('GET', '/api/customers?limit=50')).json().data as { _id: string }[];
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

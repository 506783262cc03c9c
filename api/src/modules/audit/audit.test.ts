import type { Customer, FieldChange, Invoice, Payment, Product, ScheduledInvoice } from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { asc, count, eq, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { appendAudit } from '../../audit/trail';
import { auditLog } from '../../db/schema';
import { runDueGenerations } from '../../jobs/scheduled-invoices';
import {
  create,
  createCustomer,
  createProduct,
  customerBody,
  customerLookups,
  type CustomerLookups,
  setUpApp,
  setUpSession,
} from '../../test';
import { LOOKUP_DEFINITIONS } from '../lookups/definitions';
import { onlyRow } from '../../db/rows';

const ACCOUNTANT = 'audit-accountant';
let lookups: CustomerLookups;

const t = setUpApp();
const accountant = setUpSession(t, 'accountant', ACCOUNTANT);
beforeAll(async () => {
  lookups = await customerLookups(t);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A request as the accountant, who may make every write below but cannot read the audit log. */
const as = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: accountant, ...(payload === undefined ? {} : { payload }) });
const read = async <T>(url: string): Promise<T> => {
  const response = await t.request('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

let lastSeq = 0;
/** The entries appended since the last look, oldest first. */
async function appended() {
  const rows = await t.db.select().from(auditLog).where(gt(auditLog.seq, lastSeq)).orderBy(asc(auditLog.seq));
  lastSeq = rows.at(-1)?.seq ?? lastSeq;
  return rows;
}

type Changes = Record<string, [unknown, unknown]>;
const byField = (changes: FieldChange[]): Changes =>
  Object.fromEntries(changes.map((c) => [c.field, [c.before, c.after]]));
const NOT_CONTENT = ['_id', 'createdAt', 'updatedAt'];
const SCHEDULE_DERIVED = ['isDue', 'upcomingDates', 'generatedInvoices'];
/** A create's changes: every field of the record from null (a delete's: to null). */
const whole = (record: object, side: 'created' | 'deleted', ignore: string[] = []): Changes =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([field]) => !NOT_CONTENT.includes(field) && !ignore.includes(field))
      .map(([field, value]) => [field, side === 'created' ? [null, value] : [value, null]]),
  );

interface Expected {
  action: string;
  entityType: string;
  entityId: string;
  label: string;
  changes: Changes;
}

/**
 * One write of the table below: `prepare` makes what it needs (entries it causes are not counted),
 * `write` makes it as the accountant and keeps what later steps need, and `entries` says what the
 * trail must gain, exactly, from the answer's body.
 */
interface Step {
  name: string;
  status: number;
  prepare?: () => Promise<void>;
  write: () => Promise<LightMyRequestResponse>;
  entries: (body: never) => Expected[];
}

// Records the steps create, for the steps that follow.
const s = {} as {
  lookup: Record<string, { _id: string }>;
  customer: Customer;
  salmiya: { _id: string; cityName: string };
  productType: { _id: string };
  product: Product;
  invoice: Invoice;
  cashInvoice: Invoice;
  payment: Payment;
  advance: Payment;
  refund: Payment;
  schedule: ScheduledInvoice;
  before: object;
};
s.lookup = {};
/** The id of the `path` record its create step made. */
const lookupId = (path: string) => {
  const made = s.lookup[path];
  if (!made) throw new Error(`No record at ${path}: its create step has not run`);
  return made._id;
};

const DAY = '2026-11-21T00:00:00.000Z';
/** A payment of `customer` on DAY, in cash unless `fields` say otherwise. */
const paymentBody = (customer: { _id: string }, fields: object) => ({
  customer: customer._id,
  paymentDate: DAY,
  paymentMode: 'Cash',
  ...fields,
});
/** A create and a delete record every field, a lookup's alternate name left empty included. */
const emptyAlternateName = (entityType: string): Changes => {
  const field = LOOKUP_DEFINITIONS.find((lookup) => lookup.entityType === entityType)?.alternateName?.field;
  return field ? { [field]: [null, null] } : {};
};
const lookupSteps: Step[] = LOOKUP_DEFINITIONS.flatMap(({ contract: { path, nameField }, entityType }) => {
  const unnamed = emptyAlternateName(entityType);
  return [
    {
      name: `${entityType} create`,
      status: 201,
      write: () =>
        writeKeeping('POST', `/api${path}`, { [nameField]: 'Audit Name' }, (body: { _id: string }) => {
          s.lookup[path] = body;
        }),
      entries: (body: { _id: string }) => [
        entry('create', entityType, body._id, 'Audit Name', { [nameField]: [null, 'Audit Name'], ...unnamed }),
      ],
    },
    {
      name: `${entityType} update`,
      status: 200,
      write: () => as('PUT', `/api${path}/${lookupId(path)}`, { [nameField]: 'Audit Renamed' }),
      entries: (body: { _id: string }) => [
        entry('update', entityType, body._id, 'Audit Renamed', { [nameField]: ['Audit Name', 'Audit Renamed'] }),
      ],
    },
    {
      name: `${entityType} delete`,
      status: 204,
      write: () => as('DELETE', `/api${path}/${lookupId(path)}`),
      entries: () => [
        entry('delete', entityType, lookupId(path), 'Audit Renamed', {
          [nameField]: ['Audit Renamed', null],
          ...unnamed,
        }),
      ],
    },
  ];
});

/** Deletes `url` as the accountant after keeping the record as it was in `s.before`. */
async function deleteKeeping(url: string): Promise<LightMyRequestResponse> {
  const current = await t.request('GET', url);
  s.before = current.json().data;
  return as('DELETE', url);
}
/** A write as the accountant whose answer's body `keep` stores for the steps that follow. */
async function writeKeeping<T>(
  method: Method,
  url: string,
  payload: object,
  keep: (body: T) => void,
): Promise<LightMyRequestResponse> {
  const response = await as(method, url, payload);
  keep(response.json().data);
  return response;
}
const entry = (action: string, entityType: string, entityId: string, label: string, changes: Changes): Expected => ({
  action,
  entityType,
  entityId,
  label,
  changes,
});
const line = () => ({ product: s.product._id, quantity: 2, unitPrice: 13_000 });
/** An invoice of the steps' customer on DAY with one line, and `fields`. */
const invoiceBody = (fields: { credit: boolean } & Record<string, unknown>) => ({
  customer: s.customer._id,
  dateOfCreation: DAY,
  products: [line()],
  ...fields,
});
const scheduleBody = (overrides: object = {}) => ({
  scheduleName: 'Audit Visits',
  customer: s.customer._id,
  dateOfCreation: '2026-01-01',
  startDate: '2026-01-10',
  recurringPeriod: 1,
  products: [line()],
  ...overrides,
});
const scheduleStep = (step: 'activate' | 'automate' | 'pause' | 'resume', changes: Changes): Step => ({
  name: `schedule ${step}`,
  status: 200,
  write: () => as('POST', `/api/scheduled-invoices/${s.schedule._id}/${step}`),
  entries: (body: ScheduledInvoice) => [
    { action: step, entityType: 'schedule', entityId: body._id, label: 'Audit Visits (Audit Customer 2)', changes },
  ],
});

const steps: Step[] = [
  ...lookupSteps,
  {
    name: 'customer create',
    status: 201,
    write: () =>
      writeKeeping(
        'POST',
        '/api/customers',
        customerBody(lookups, { customerName: 'Audit Customer', customerAlternateName: 'عميل' }),
        (body: Customer) => (s.customer = body),
      ),
    entries: (body: Customer) => [entry('create', 'customer', body._id, 'Audit Customer', whole(body, 'created'))],
  },
  {
    name: 'customer update',
    status: 200,
    prepare: async () => {
      s.salmiya = await create(t, '/api/customer-cities', { cityName: 'Salmiya' });
    },
    write: () =>
      as(
        'PUT',
        `/api/customers/${s.customer._id}`,
        customerBody(lookups, { customerName: 'Audit Customer 2', customerCity: s.salmiya._id, status: 'high' }),
      ),
    entries: (body: Customer) => [
      {
        action: 'update',
        entityType: 'customer',
        entityId: body._id,
        label: 'Audit Customer 2',
        changes: {
          customerName: ['Audit Customer', 'Audit Customer 2'],
          customerAlternateName: ['عميل', null],
          customerCity: [
            { _id: lookups.city._id, cityName: 'Hawalli' },
            { _id: s.salmiya._id, cityName: 'Salmiya' },
          ],
          status: ['medium', 'high'],
        },
      },
    ],
  },
  {
    name: 'product create',
    status: 201,
    prepare: async () => {
      s.productType = await create(t, '/api/types', { productTypeName: 'Audit Type' });
    },
    write: () =>
      writeKeeping(
        'POST',
        '/api/products',
        {
          productName: 'Audit Router',
          productPrice: 12_500,
          productType: s.productType._id,
        },
        (body: Product) => (s.product = body),
      ),
    entries: (body: Product) => [entry('create', 'product', body._id, 'Audit Router', whole(body, 'created'))],
  },
  {
    name: 'product update',
    status: 200,
    write: () =>
      as('PUT', `/api/products/${s.product._id}`, {
        productName: 'Audit Router',
        productPrice: 13_000,
        productType: s.productType._id,
      }),
    entries: (body: { _id: string }) => [
      entry('update', 'product', body._id, 'Audit Router', { productPrice: [12_500, 13_000] }),
    ],
  },
  {
    name: 'Credit invoice create',
    status: 201,
    write: () =>
      writeKeeping('POST', '/api/invoices', invoiceBody({ credit: true }), (body: Invoice) => (s.invoice = body)),
    entries: (body: Invoice) => [entry('create', 'invoice', body._id, body.invoiceNumber, whole(body, 'created'))],
  },
  {
    name: 'invoice update',
    status: 200,
    write: () =>
      as(
        'PUT',
        `/api/invoices/${s.invoice._id}`,
        invoiceBody({ credit: true, products: [line(), line()], notes: 'Deliver on Sunday' }),
      ),
    entries: (body: Invoice) => [
      {
        action: 'update',
        entityType: 'invoice',
        entityId: body._id,
        label: body.invoiceNumber,
        changes: {
          products: [s.invoice.products, body.products],
          totalAmount: [26_000, 52_000],
          remainingAmount: [26_000, 52_000],
          notes: [null, 'Deliver on Sunday'],
        },
      },
    ],
  },
  {
    name: 'Cash invoice create: the invoice and its payment',
    status: 201,
    write: () =>
      writeKeeping('POST', '/api/invoices', invoiceBody({ credit: false }), (body: Invoice) => (s.cashInvoice = body)),
    entries: (body: Invoice) => [
      {
        action: 'create',
        entityType: 'invoice',
        entityId: body._id,
        label: body.invoiceNumber,
        changes: whole(body, 'created'),
      },
      {
        action: 'create',
        entityType: 'payment',
        entityId: expect.any(String) as never,
        label: expect.stringMatching(/^PAY-\d{6}$/) as never,
        changes: expect.objectContaining({
          paymentType: [null, 'invoice_payment'],
          paymentMode: [null, 'Cash'],
          amount: [null, 26_000],
          allocations: [null, [{ invoice: body._id, invoiceNumber: body.invoiceNumber, amount: 26_000 }]],
        }) as never,
      },
    ],
  },
  {
    name: 'advance create',
    status: 201,
    write: () =>
      writeKeeping(
        'POST',
        '/api/payments/advance',
        paymentBody(s.customer, { paymentMode: 'Knet', amount: 20_000 }),
        (body: Payment) => (s.advance = body),
      ),
    entries: (data: Payment) => [entry('create', 'payment', data._id, data.paymentNumber, whole(data, 'created'))],
  },
  {
    name: 'invoice payment create',
    status: 201,
    write: () =>
      writeKeeping(
        'POST',
        '/api/payments/invoice',
        paymentBody(s.customer, {
          relatedInvoices: [{ invoice: s.invoice._id, paidAmount: 12_000 }],
          useAdvanceBalance: true,
        }),
        (body: { payment: Payment }) => (s.payment = body.payment),
      ),
    entries: (data: { payment: Payment }) => [
      entry('create', 'payment', data.payment._id, data.payment.paymentNumber, whole(data.payment, 'created')),
    ],
  },
  {
    name: 'refund',
    status: 201,
    write: () =>
      writeKeeping(
        'POST',
        '/api/payments/refund',
        paymentBody(s.customer, { amount: 1_000 }),
        (body: Payment) => (s.refund = body),
      ),
    entries: (data: Payment) => [entry('refund', 'payment', data._id, data.paymentNumber, whole(data, 'created'))],
  },
  {
    name: 'payment update',
    status: 200,
    write: () =>
      as('PUT', `/api/payments/${s.payment._id}`, { referenceNumber: 'RCPT-1', notes: 'Paid at the branch' }),
    entries: (data: Payment) => [
      entry('update', 'payment', data._id, data.paymentNumber, {
        referenceNumber: [null, 'RCPT-1'],
        notes: [null, 'Paid at the branch'],
      }),
    ],
  },
  {
    name: 'payment delete',
    status: 204,
    write: () => deleteKeeping(`/api/payments/${s.refund._id}`),
    entries: () => [entry('delete', 'payment', s.refund._id, s.refund.paymentNumber, whole(s.before, 'deleted'))],
  },
  {
    name: 'schedule create',
    status: 201,
    write: () =>
      writeKeeping('POST', '/api/scheduled-invoices', scheduleBody(), (body: ScheduledInvoice) => (s.schedule = body)),
    entries: (body: ScheduledInvoice) => [
      entry(
        'create',
        'schedule',
        body._id,
        'Audit Visits (Audit Customer 2)',
        whole(body, 'created', SCHEDULE_DERIVED),
      ),
    ],
  },
  {
    name: 'schedule update',
    status: 200,
    write: () => as('PUT', `/api/scheduled-invoices/${s.schedule._id}`, scheduleBody({ notes: 'Second visit free' })),
    entries: (body: ScheduledInvoice) => [
      entry('update', 'schedule', body._id, 'Audit Visits (Audit Customer 2)', { notes: [null, 'Second visit free'] }),
    ],
  },
  scheduleStep('activate', { status: ['inactive', 'active'] }),
  scheduleStep('automate', { automated: [false, true] }),
  scheduleStep('pause', { status: ['active', 'paused'] }),
  scheduleStep('resume', { status: ['paused', 'active'] }),
  {
    name: "schedule generate: 'generate' on the schedule, 'create' on the invoice",
    status: 201,
    write: () => as('POST', `/api/scheduled-invoices/${s.schedule._id}/generate`, { period: '2026-01-10' }),
    entries: ({ invoice, schedule }: { invoice: Invoice; schedule: ScheduledInvoice }) => [
      {
        action: 'generate',
        entityType: 'schedule',
        entityId: schedule._id,
        label: 'Audit Visits (Audit Customer 2)',
        changes: {
          nextInvoiceDate: [dayToUtcMidnight('2026-01-10'), dayToUtcMidnight('2026-02-10')],
          generatedCount: [0, 1],
        },
      },
      {
        action: 'create',
        entityType: 'invoice',
        entityId: invoice._id,
        label: invoice.invoiceNumber,
        changes: whole(invoice, 'created'),
      },
    ],
  },
  {
    name: 'schedule delete',
    status: 204,
    write: () => deleteKeeping(`/api/scheduled-invoices/${s.schedule._id}`),
    entries: () => [
      entry(
        'delete',
        'schedule',
        s.schedule._id,
        'Audit Visits (Audit Customer 2)',
        whole(s.before, 'deleted', SCHEDULE_DERIVED),
      ),
    ],
  },
  {
    name: 'invoice delete',
    status: 204,
    prepare: async () => {
      s.invoice = await create(t, '/api/invoices', invoiceBody({ credit: true }));
    },
    write: () => deleteKeeping(`/api/invoices/${s.invoice._id}`),
    entries: () => [entry('delete', 'invoice', s.invoice._id, s.invoice.invoiceNumber, whole(s.before, 'deleted'))],
  },
  {
    name: 'product delete',
    status: 204,
    prepare: async () => {
      s.product = await create(t, '/api/products', {
        productName: 'Audit Unused',
        productPrice: 1,
        productType: s.productType._id,
      });
    },
    write: () => deleteKeeping(`/api/products/${s.product._id}`),
    entries: () => [entry('delete', 'product', s.product._id, 'Audit Unused', whole(s.before, 'deleted'))],
  },
  {
    name: 'customer delete',
    status: 204,
    prepare: async () => {
      s.customer = await createCustomer(t, lookups, { customerName: 'Audit Leaving' });
    },
    write: () => deleteKeeping(`/api/customers/${s.customer._id}`),
    entries: () => [entry('delete', 'customer', s.customer._id, 'Audit Leaving', whole(s.before, 'deleted'))],
  },
];

describe('every write appends its entries, in its transaction, as the user who made it', () => {
  it.each(steps)('$name', async ({ prepare, write, status, entries }) => {
    await prepare?.();
    await appended();
    const response = await write();
    expect(response.statusCode, response.body).toBe(status);
    const rows = await appended();
    const body = response.statusCode === 204 ? undefined : response.json().data;
    expect(
      rows.map((row) => ({
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        label: row.label,
        changes: byField(row.changes),
      })),
    ).toEqual(entries(body as never));
    for (const row of rows)
      expect({ username: row.actorUsername, id: row.actorId }).toEqual({
        username: ACCOUNTANT,
        id: expect.any(String),
      });
  });

  it("records the automation's generations as the system's", async () => {
    const products = [{ product: (await createProduct(t))._id, quantity: 1, unitPrice: 12_500 }];
    const schedule = await create<ScheduledInvoice>(t, '/api/scheduled-invoices', {
      ...scheduleBody(),
      customer: (await createCustomer(t, lookups))._id,
      products,
    });
    for (const step of ['activate', 'automate'])
      expect((await as('POST', `/api/scheduled-invoices/${schedule._id}/${step}`)).statusCode).toBe(200);
    await appended();

    expect(await runDueGenerations(t.db, '2026-02-10')).toBe(2);
    const rows = await appended();
    expect(rows.map((row) => [row.actorUsername, row.actorId, row.action, row.entityType])).toEqual([
      ['system', null, 'generate', 'schedule'],
      ['system', null, 'create', 'invoice'],
      ['system', null, 'generate', 'schedule'],
      ['system', null, 'create', 'invoice'],
    ]);
    expect(rows.map((row) => byField(row.changes).nextInvoiceDate).filter(Boolean)).toEqual([
      ['2026-01-10', '2026-02-10'].map(dayToUtcMidnight),
      ['2026-02-10', '2026-03-10'].map(dayToUtcMidnight),
    ]);
  });
});

describe('a write that fails leaves no entry', () => {
  const f = {} as {
    kind: { _id: string };
    customer: Customer;
    invoice: (overrides?: object) => object;
    paid: Invoice;
    usedAdvance: Payment;
    schedule: ScheduledInvoice;
    sales: { authorization: string };
  };
  beforeAll(async () => {
    f.kind = await create(t, '/api/customer-kinds', { kindName: 'Failing Kind' });
    f.customer = await createCustomer(t, lookups, { customerName: 'Failing Customer', customerKind: f.kind._id });
    const products = [{ product: (await createProduct(t))._id, quantity: 1, unitPrice: 5_000 }];
    f.invoice = (overrides = {}) => ({
      customer: f.customer._id,
      dateOfCreation: DAY,
      credit: true,
      products,
      ...overrides,
    });
    f.paid = await create(t, '/api/invoices', f.invoice());
    await create(t, '/api/invoices', f.invoice({ manualInvoiceNumber: 'M-FAIL-1' }));
    f.usedAdvance = await create<Payment>(t, '/api/payments/advance', paymentBody(f.customer, { amount: 2_000 }));
    await create(
      t,
      '/api/payments/invoice',
      paymentBody(f.customer, {
        paymentMode: 'Advance',
        relatedInvoices: [{ invoice: f.paid._id, paidAmount: 2_000 }],
      }),
    );
    f.schedule = await create(t, '/api/scheduled-invoices', { ...scheduleBody(), customer: f.customer._id, products });
    f.sales = await t.signInAs('sales');
  });

  const missing = '00000000-0000-4000-8000-000000000000';
  const failures: { name: string; status: number; write: () => Promise<LightMyRequestResponse> }[] = [
    {
      name: 'a customer with a kind that does not exist',
      status: 400,
      write: () => as('POST', '/api/customers', customerBody(lookups, { customerKind: missing })),
    },
    {
      name: 'a customer edit to a city that does not exist',
      status: 400,
      write: () => as('PUT', `/api/customers/${f.customer._id}`, customerBody(lookups, { customerCity: missing })),
    },
    { name: 'an invalid body', status: 400, write: () => as('POST', '/api/customers', {}) },
    {
      name: 'an edit of a record that does not exist',
      status: 404,
      write: () => as('PUT', `/api/customers/${missing}`, customerBody(lookups)),
    },
    {
      name: 'a duplicate lookup name',
      status: 409,
      write: () => as('POST', '/api/customer-kinds', { kindName: 'FAILING kind' }),
    },
    { name: 'deleting a lookup in use', status: 409, write: () => as('DELETE', `/api/customer-kinds/${f.kind._id}`) },
    { name: 'deleting a customer in use', status: 409, write: () => as('DELETE', `/api/customers/${f.customer._id}`) },
    {
      name: 'a product with a type that does not exist',
      status: 400,
      write: () => as('POST', '/api/products', { productName: 'X', productPrice: 1, productType: missing }),
    },
    // Cash, so its payment is rolled back with it too.
    {
      name: 'a duplicate manual invoice number',
      status: 409,
      write: () => as('POST', '/api/invoices', f.invoice({ credit: false, manualInvoiceNumber: 'M-FAIL-1' })),
    },
    {
      name: 'an invoice edit that changes Credit to Cash',
      status: 409,
      write: () => as('PUT', `/api/invoices/${f.paid._id}`, f.invoice({ credit: false })),
    },
    {
      name: 'deleting an invoice with payments',
      status: 409,
      write: () => as('DELETE', `/api/invoices/${f.paid._id}`),
    },
    {
      name: 'overpaying an invoice',
      status: 409,
      write: () =>
        as(
          'POST',
          '/api/payments/invoice',
          paymentBody(f.customer, { relatedInvoices: [{ invoice: f.paid._id, paidAmount: 3_001 }] }),
        ),
    },
    {
      name: 'refunding more than the advance balance',
      status: 409,
      write: () => as('POST', '/api/payments/refund', paymentBody(f.customer, { amount: 1 })),
    },
    {
      name: 'deleting an advance already used',
      status: 409,
      write: () => as('DELETE', `/api/payments/${f.usedAdvance._id}`),
    },
    {
      name: "a payment edit to the 'Advance' mode",
      status: 400,
      write: () => as('PUT', `/api/payments/${f.usedAdvance._id}`, { paymentMode: 'Advance' }),
    },
    {
      name: 'pausing an inactive schedule',
      status: 409,
      write: () => as('POST', `/api/scheduled-invoices/${f.schedule._id}/pause`),
    },
    {
      name: 'generating a period not reached',
      status: 409,
      write: () => as('POST', `/api/scheduled-invoices/${f.schedule._id}/generate`, { period: '2026-03-10' }),
    },
    {
      name: 'a write the role may not make',
      status: 403,
      write: () => t.app.inject({ method: 'DELETE', url: `/api/customers/${f.customer._id}`, headers: f.sales }),
    },
  ];

  it.each(failures)('$name', async ({ write, status }) => {
    await appended();
    const response = await write();
    expect(response.statusCode, response.body).toBe(status);
    expect(await appended()).toEqual([]);
  });
});

describe('GET /audit-log', () => {
  const list = (query: string) =>
    read<{
      data: { _id: string; action: string; entityType: string; label: string; actor: { username: string } }[];
      pagination: { total: number };
    }>(`/api/audit-log?${query}`);

  it("gives a record's whole history, its deletion included, newest first", async () => {
    const customer = await createCustomer(t, lookups, { customerName: 'History Customer' });
    await t.request(
      'PUT',
      `/api/customers/${customer._id}`,
      customerBody(lookups, { customerName: 'History Customer', status: 'low' }),
    );
    await t.request('DELETE', `/api/customers/${customer._id}`);
    const history = await list(`entityType=customer&entityId=${customer._id}`);
    expect(history.data.map((entry) => [entry.action, entry.label])).toEqual([
      ['delete', 'History Customer'],
      ['update', 'History Customer'],
      ['create', 'History Customer'],
    ]);
    expect(history.pagination.total).toBe(3);
    expect(Number(history.data[0]?._id)).toBeGreaterThan(Number(history.data[2]?._id));
  });

  it('filters by actor, action and search, alone and combined', async () => {
    const total = (await list('limit=1')).pagination.total;
    const mine = await list(`actor=${ACCOUNTANT.toUpperCase()}&limit=1000`);
    const { n } = onlyRow(
      await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.actorUsername, ACCOUNTANT)),
    );
    expect(mine.pagination.total).toBe(n);
    expect(n).toBeGreaterThan(30);
    expect(new Set(mine.data.map((entry) => entry.actor.username))).toEqual(new Set([ACCOUNTANT]));
    expect((await list('actor=system')).data.every((entry) => entry.actor.username === 'system')).toBe(true);

    const refunds = await list('action=refund');
    expect(refunds.data.map((entry) => [entry.action, entry.entityType])).toEqual([['refund', 'payment']]);
    const deletes = await list(`action=delete&actor=${ACCOUNTANT}`);
    expect(new Set(deletes.data.map((entry) => entry.entityType))).toEqual(
      new Set([
        'product-type',
        'customer-kind',
        'customer-nationality',
        'customer-city',
        'bank',
        'customer',
        'product',
        'invoice',
        'schedule',
        'payment',
      ]),
    );

    expect((await list('search=audit visits&limit=100')).data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'activate', 'automate', 'pause', 'resume', 'generate', 'delete']),
    );
    // The search matches the username too.
    expect((await list('search=accountant')).pagination.total).toBe(n);
    expect((await list('search=audit visits&action=pause')).pagination.total).toBe(1);
    expect((await list('entityType=payment&action=update')).data.map((entry) => entry.label)).toEqual([
      s.payment.paymentNumber,
    ]);
    expect((await list('search=nothing like this')).pagination.total).toBe(0);
    expect((await list('limit=1')).pagination.total).toBe(total);
  });

  it('reads from and to as whole business days (Kuwait by default)', async () => {
    const today = businessToday(t.config.businessTz, new Date());
    const total = (await list('limit=1')).pagination.total;
    expect((await list(`from=${today}&to=${today}`)).pagination.total).toBe(total);
    expect((await list('to=2000-01-01')).pagination.total).toBe(0);

    // 2026-03-05 in Kuwait (UTC+3) runs from 2026-03-04T21:00Z to 2026-03-05T21:00Z.
    const moments = [
      '2026-03-04T20:59:59.999Z',
      '2026-03-04T21:00:00.000Z',
      '2026-03-05T20:59:59.999Z',
      '2026-03-05T21:00:00.000Z',
    ];
    for (const at of moments) {
      await appendAudit(
        t.db,
        { id: null, username: 'clock-test' },
        [{ action: 'update', entityType: 'customer', entityId: null, label: at }],
        new Date(at),
      );
    }
    const labels = async (query: string) => (await list(`actor=clock-test&${query}`)).data.map((entry) => entry.label);
    expect(await labels('from=2026-03-05&to=2026-03-05')).toEqual([moments[2], moments[1]]);
    expect(await labels('from=2026-03-05')).toEqual([moments[3], moments[2], moments[1]]);
    expect(await labels('to=2026-03-04')).toEqual([moments[0]]);
    expect(await labels('from=2026-03-06&to=2026-03-06')).toEqual([moments[3]]);
  });

  it('refuses bad filters with a 400, and roles without audit.read with a 403', async () => {
    for (const query of [
      'entityType=invoice-line',
      'action=erase',
      'entityId=12',
      'from=05/03/2026',
      'to=2026-02-30',
      'colour=red',
    ]) {
      expect((await t.request('GET', `/api/audit-log?${query}`)).statusCode, query).toBe(400);
    }
    expect((await as('GET', '/api/audit-log')).statusCode).toBe(403);
    expect((await as('GET', '/api/audit-log/verify')).statusCode).toBe(403);
  });
});

describe('the trail cannot be changed', () => {
  /** The database's own message when it refuses `statement`. */
  const refusalOf = (statement: ReturnType<typeof sql>) =>
    t.db.execute(statement).then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => (error.cause ?? error).message,
    );

  it('refuses UPDATE, DELETE and TRUNCATE in SQL', async () => {
    expect(await refusalOf(sql`update audit_log set label = 'changed'`)).toBe(
      'audit_log is append-only: UPDATE is not allowed',
    );
    expect(await refusalOf(sql`delete from audit_log where seq = 1`)).toBe(
      'audit_log is append-only: DELETE is not allowed',
    );
    expect(await refusalOf(sql`truncate audit_log`)).toBe('audit_log is append-only: TRUNCATE is not allowed');
  });

  it('reports an entry changed around the triggers at that entry', async () => {
    const verify = async () =>
      (await read<{ data: { ok: boolean; checked: number; firstBrokenId?: string } }>('/api/audit-log/verify')).data;
    const { n } = onlyRow(await t.db.select({ n: count() }).from(auditLog));
    expect(await verify()).toEqual({ ok: true, checked: n });

    const target = Math.floor(n / 2);
    // What a superuser could do: step around the trigger, change a label, put the trigger back.
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
    await t.db.execute(sql`update audit_log set label = label || ' (edited)' where seq = ${target}`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);

    expect(await verify()).toEqual({
      ok: false,
      checked: target - 1,
      firstBrokenId: String(target),
      problem: 'changed',
    });
    expect(await refusalOf(sql`update audit_log set label = 'again' where seq = ${target}`)).toBe(
      'audit_log is append-only: UPDATE is not allowed',
    );
  });
});

import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test';
import { safeError, urlForLog } from './logging';

/** A customer's name and an amount: neither may reach a log line. */
const SECRET = 'Alia Al-Sabah 4242';
const CARD = '5105105105105100';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: Record<string, unknown>[] = [];
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ db: { db: t.db, kind: t.dbKind }, config: t.config, logger: { level: 'debug', stream } });
  // Failures of every kind, carrying customer data in their SQL parameters or their detail.
  app.post('/boom/missing-table', async () =>
    t.db.execute(sql`select * from no_such_table where name = ${SECRET} and card = ${CARD}`),
  );
  app.post('/boom/duplicate', async () => {
    await t.db.execute(sql`insert into customer_kinds (kind_name) values (${SECRET})`);
    await t.db.execute(sql`insert into customer_kinds (kind_name) values (${SECRET})`);
  });
  app.post('/boom/transaction', async () =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`select ${SECRET}::int`);
    }),
  );
  app.post('/boom/plain', async () => {
    throw new Error('the ledger lost its balance');
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'tester', password: 'correct horse battery staple' },
  });
  headers = { authorization: `Bearer ${login.json().data.token}` };
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

describe('error logs', () => {
  it('never carry SQL parameters, key values or request bodies: a database failure logs its code, constraint and route', async () => {
    const before = lines.length;
    const failed = await app.inject({
      method: 'POST',
      url: '/boom/missing-table',
      payload: { customerName: SECRET, card: CARD },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: 'Internal server error', requestId: failed.headers['x-request-id'] });
    const duplicate = await app.inject({ method: 'POST', url: '/boom/duplicate', payload: { customerName: SECRET } });
    expect(duplicate.statusCode).toBe(409);
    const cast = await app.inject({ method: 'POST', url: '/boom/transaction', payload: { customerName: SECRET } });
    expect(cast.statusCode).toBe(400);

    const written = JSON.stringify(lines.slice(before));
    expect(written).not.toContain('Alia');
    expect(written).not.toContain('4242');
    expect(written).not.toContain(CARD);
    expect(written).not.toContain('no_such_table where');

    const [failure] = linesOf(String(failed.headers['x-request-id'])).filter((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({
      level: 50,
      route: '/boom/missing-table',
      err: { code: '42P01', stack: expect.stringContaining('at ') },
    });
    const [refused] = linesOf(String(duplicate.headers['x-request-id'])).filter(
      (line) => line.msg === 'database refused input',
    );
    expect(refused).toMatchObject({ code: '23505', constraint: 'customer_kinds_name_key', route: '/boom/duplicate' });
  });

  it("keeps the message of an error that is not the database's: our code's own words", async () => {
    const response = await app.inject({ method: 'POST', url: '/boom/plain' });
    const [failure] = linesOf(String(response.headers['x-request-id'])).filter((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ type: 'Error', message: 'the ledger lost its balance' });
  });
});

describe('request logs', () => {
  it('every line of a request carries its id, and URLs are logged without query values', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/customers?search=${encodeURIComponent(SECRET)}&page=1`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const id = String(response.headers['x-request-id']);
    const own = linesOf(id);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(own[0]?.req).toMatchObject({ method: 'GET', url: '/api/customers?search&page', route: '/api/customers' });
    expect(JSON.stringify(own)).not.toContain('Alia');

    const missing = await app.inject({ method: 'GET', url: `/nowhere?name=${encodeURIComponent(SECRET)}` });
    const notFound = linesOf(String(missing.headers['x-request-id']));
    expect(notFound.length).toBeGreaterThan(0);
    expect(JSON.stringify(notFound)).not.toContain('Alia');
  });

  it('request lines carry no body and no authorization header', async () => {
    const before = lines.length;
    await app.inject({ method: 'POST', url: '/api/customer-kinds', headers, payload: { kindName: SECRET } });
    const written = JSON.stringify(lines.slice(before));
    expect(written).not.toContain('Alia');
    expect(written).not.toContain(headers.authorization.slice(7));
  });
});

describe('at the default level', () => {
  it('writes no line for a request, answered or refused, and still one for a failure', async () => {
    const quiet: { msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) quiet.push(JSON.parse(line));
        done();
      },
    });
    const server = await buildApp({
      db: { db: t.db, kind: t.dbKind },
      config: t.config,
      logger: { level: 'info', stream },
    });
    server.post('/boom/plain', async () => {
      throw new Error('the ledger lost its balance');
    });
    try {
      expect((await server.inject({ method: 'GET', url: '/api/customers', headers })).statusCode).toBe(200);
      expect((await server.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
      expect((await server.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
      expect(quiet).toEqual([]);
      expect((await server.inject({ method: 'POST', url: '/boom/plain' })).statusCode).toBe(500);
      expect(quiet.map((line) => line.msg)).toEqual(['request failed']);
    } finally {
      await server.close();
    }
  });
});

describe('safeError and urlForLog', () => {
  it('drop the message of anything that came from the database, however deep the cause', () => {
    const pg = Object.assign(new Error(`duplicate key value violates unique constraint`), {
      code: '23505',
      constraint: 'customers_name_key',
      table: 'customers',
      detail: `Key (lower(name))=(${SECRET}) already exists.`,
    });
    const drizzle = Object.assign(new Error(`Failed query: insert into customers values ($1)\nparams: ${SECRET}`), {
      name: 'DrizzleQueryError',
      cause: pg,
    });
    const safe = safeError(drizzle);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'customers_name_key',
      table: 'customers',
    });
    expect(JSON.stringify(safe)).not.toContain('Alia');
    expect(safe.message).toBeUndefined();
  });

  it('log a URL with the names of its query parameters only', () => {
    expect(urlForLog('/api/customers?search=Alia&page=2&search=x')).toBe('/api/customers?search&page');
    expect(urlForLog('/api/customers')).toBe('/api/customers');
  });
});

import { afterEach, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inReportLane } from '../db/driver/lanes';
import { rowsOf } from '../db/rows';
import { createTestApp, expectFirstPagesKept, expectPrefixSearchesKept, type TestApp, ledgerFixture } from '../test';
import { REPORT_TOO_SLOW } from './errors';

// Reports never starve money (db/driver/lanes.ts): GETs read through their own pool with a statement
// timeout, and a report whose client went away is cancelled. A table locked by another session
// makes a report wait as long as the test needs, whatever the machine's speed.

let t: TestApp | undefined;
let locker: pg.Client | undefined;
afterEach(async () => {
  await locker?.end().catch(() => {});
  locker = undefined;
  await t?.close();
  t = undefined;
});

const urlOf = (app: TestApp) => (app.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;

/** Another session holding products in ACCESS EXCLUSIVE mode until it ends: every read of products waits. */
async function lockProducts(app: TestApp): Promise<pg.Client> {
  locker = new pg.Client({ connectionString: urlOf(app), application_name: 'test-locker' });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table products in access exclusive mode');
  return locker;
}

/** The statements the API's report connection keeps planned, by kind of name (db/driver/kept-plans.ts). */
async function keptStatements(app: TestApp, names: 'plan_%' | 'page_%'): Promise<string[]> {
  return rowsOf<{ statement: string }>(
    // Awaited inside the lane: drizzle runs a query when it is awaited.
    await inReportLane(
      async () => await app.apiDb.execute(sql`select statement from pg_prepared_statements where name like ${names}`),
    ),
  ).map((row) => row.statement);
}

/** The API's statements now waiting for the lock on products (pg_stat_activity). */
async function waitingOnProducts(client: pg.Client): Promise<number> {
  // The locker reads in its open transaction, which would otherwise keep its first snapshot of the activity.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'admin-system-api'
       and state = 'active' and wait_event_type = 'Lock' and query ilike '%"products"%'`,
  );
  return rows[0].n;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('report lane on PostgreSQL', () => {
  it('reports past the timeout answer 503 in our shape, and money is recorded while they hold every report connection', async () => {
    t = await createTestApp({ reportPoolSize: 2, reportTimeoutMs: 1_500 });
    const f = await ledgerFixture(t);
    const customer = await f.customer('Still Served');
    const lock = await lockProducts(t);
    const reports = [1, 2, 3].map(() => t!.request('GET', '/api/products?limit=10'));
    // Both report connections are stuck behind the lock; the third report waits for one of them.
    await until(async () => (await waitingOnProducts(lock)) === 2, 'two reports waiting on the lock');

    const advance = await t.request('POST', '/api/payments/advance', f.advanceBody(customer._id, 1_500));
    expect(advance.statusCode, advance.body).toBe(201);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready' });

    for (const report of await Promise.all(reports)) {
      expect(report.statusCode, report.body).toBe(503);
      expect(report.json()).toEqual({ message: REPORT_TOO_SLOW, requestId: report.headers['x-request-id'] });
    }
    await lock.query('rollback');
    // Nothing was left broken: reports answer again, and the advance is on the balance.
    const again = await t.request('GET', '/api/products?limit=10');
    expect(again.statusCode, again.body).toBe(200);
    expect((await f.balance(customer._id)).advanceBalance).toBe(1_500);
  });

  it('keeps the plan of a list page without parameters, a picked status included, on its report connection, at most 200, and answers from the rows of the moment', async () => {
    t = await createTestApp({ reportPoolSize: 1 });
    const app = t;
    const kept = (names: 'plan_%' | 'page_%') => keptStatements(app, names);
    // The unfiltered first page is one of the pages the list prepares itself (lists/page-rows.ts).
    await expectFirstPagesKept(t, async () => [...(await kept('plan_%')), ...(await kept('page_%'))]);

    for (let i = 0; i < 210; i++) await inReportLane(async () => await app.apiDb.execute(sql.raw(`select ${i} as n`)));
    expect((await kept('plan_%')).length).toBe(200);
  });

  it("keeps the plans of an invoice search by a piece of the numbers' prefix on its report connection, once whatever its case, and not of a number", async () => {
    t = await createTestApp({ reportPoolSize: 1 });
    const app = t;
    await expectPrefixSearchesKept(t, () => keptStatements(app, 'plan_%'));
  });

  it('keeps the plan of the aging report without a search, as of its day, and not of a search', async () => {
    t = await createTestApp({ reportPoolSize: 1 });
    for (const query of ['limit=10', 'limit=10', 'limit=10&search=Trader', 'limit=10&search=Other']) {
      const response = await t.request('GET', `/api/receivables/aging?${query}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const reports = (await keptStatements(t, 'plan_%')).filter((text) => text.includes('receivable_customers'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/'\d{4}-\d{2}-\d{2}'::date/);
    expect(reports[0]).not.toContain('ilike');
  });

  it("cancels a report's statement when its client goes away", async () => {
    t = await createTestApp({ reportTimeoutMs: 60_000 });
    const headers = await t.login();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const lock = await lockProducts(t);
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/api/products?limit=10`, {
      headers,
      signal: controller.signal,
    }).catch((error: Error) => error);
    // The list's count and rows run side by side: one or both statements wait.
    await until(async () => (await waitingOnProducts(lock)) > 0, 'the report waiting on the lock');

    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    // The lock is still held: only a cancel ends the statement (the timeout is a minute away).
    await until(async () => (await waitingOnProducts(lock)) === 0, 'the abandoned report cancelled');
    await lock.query('rollback');
    const after = await t.request('GET', '/api/products?limit=10');
    expect(after.statusCode, after.body).toBe(200);
  });
});

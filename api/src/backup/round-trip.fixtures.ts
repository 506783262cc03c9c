/**
 * A backup restored is the database it was taken from: the same rows (a content hash of every
 * table), the same money sums, the ledger's invariants still true, the audit chain intact, and
 * numbering (INV-, PAY-) that continues after the last number, not over it. What both round-trip tests
 * (backup.pglite.test.ts, backup.postgres.test.ts) compare.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect } from '@rstest/core';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Database, DbHandle } from '../db/connect';
import { migrate } from '../db/migrate';
import { onlyRow, rowsOf } from '../db/rows';
import { AuthService } from '../modules/auth/service';
import { seedDemoData } from '../seed';
import { TEST_USER } from '../test/harness';
import { tablesInLoadOrder } from './logical';

export const quiet = { info() {}, error() {} };
/** A private folder for one test file's backups, removed after it. */
export function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'admin-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

export interface Snapshot {
  tables: Record<string, string>;
  money: Record<string, string>;
  /** The dashboard's figures and the lists' blocks (rebuilt by the database as a logical restore loads the rows). */
  figures: Record<string, string>;
  invariantsBroken: Record<string, number>;
  sequences: Record<string, string>;
}

/** Everything a restore must bring back, sessions aside (a restore ends them on purpose). */
export async function snapshot(db: Database): Promise<Snapshot> {
  const one = async <T>(query: string) => onlyRow(rowsOf<T>(await db.execute(sql.raw(query))), query);
  const tables: Record<string, string> = {};
  for (const table of await tablesInLoadOrder(db)) {
    if (table === 'sessions') continue;
    tables[table] = (
      await one<{ print: string }>(
        `select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) as print from "${table}" t`,
      )
    ).print;
  }
  const money = await one<Record<string, string>>(`select
    (select coalesce(sum(total_amount), 0)::text from invoices) as invoiced,
    (select coalesce(sum(paid_amount), 0)::text from invoices) as paid,
    (select coalesce(sum(amount), 0)::text from payments) as payments,
    (select coalesce(sum(amount), 0)::text from payment_allocations) as allocated,
    (select coalesce(sum(advance_balance), 0)::text from customer_accounts) as advances`);
  const figures = Object.fromEntries(
    rowsOf<{ figure: string; amount: string }>(
      await db.execute(
        sql`select figure, sum(amount)::text as amount from dashboard_figures group by figure having sum(amount) <> 0
          union all select 'block ' || list || ' ' || block, sum(rows)::text from list_blocks group by list, block having sum(rows) <> 0
          order by figure`,
      ),
    ).map((row) => [row.figure, row.amount]),
  );
  const invariantsBroken = await one<Record<string, number>>(`select
    (select count(*)::int from invoices i where paid_amount <> coalesce((select sum(amount) from payment_allocations a where a.invoice_id = i.id), 0)) as "invoicePaidIsItsAllocations",
    (select count(*)::int from payments p where payment_type = 'invoice_payment'
       and amount <> coalesce((select sum(amount) from payment_allocations a where a.payment_id = p.id), 0)) as "paymentIsItsAllocations",
    (select count(*)::int from customer_accounts c where advance_balance <> coalesce((select sum(case when payment_type = 'invoice_payment' then -advance_used else amount end)
       from payments p where p.customer_id = c.customer_id), 0)) as "advanceBalanceIsItsPayments"`);
  const sequences = await one<Record<string, string>>(`select
    (select last_value::text from invoice_number_seq) as invoices, (select last_value::text from payment_number_seq) as payments`);
  return { tables, money, figures, invariantsBroken, sequences };
}

export const NO_BREAKS = { invoicePaidIsItsAllocations: 0, paymentIsItsAllocations: 0, advanceBalanceIsItsPayments: 0 };

/** A database with the demo data (invoices, payments, advances, the audit trail) and a user to sign in. */
export async function populate(handle: DbHandle, config: Config) {
  await migrate(handle);
  await seedDemoData(handle.db);
  await new AuthService(handle.db, config).createUser(TEST_USER);
  return signedInApp(handle, config);
}

/** After a restore: signing in works, sessions are gone, and the next numbers follow the last ones. */
export async function expectNumberingContinues(handle: DbHandle, config: Config, before: Snapshot) {
  const sessions = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from sessions`));
  expect(onlyRow(sessions).n).toBe(0);
  const { app, headers, customer, product, advance } = await signedInApp(handle, config);
  try {
    const invoice = await app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers,
      payload: { customer, dateOfCreation: '2026-11-21', products: [{ product, quantity: 1, unitPrice: 1_000 }] },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const payment = await advance(2_000);
    expect(payment.statusCode, payment.body).toBe(201);
    const number = (text: string) => Number(text.replace(/\D/g, ''));
    expect(number(invoice.json().invoiceNumber ?? invoice.json().data.invoiceNumber)).toBe(
      Number(before.sequences.invoices) + 1,
    );
    expect(number(payment.json().data.paymentNumber)).toBe(Number(before.sequences.payments) + 1);
  } finally {
    await app.close();
  }
}

/**
 * The app on `handle`, signed in as the test user (after a restore, its user came back with it),
 * and a money write through the API: an advance of `fils`.
 */
async function signedInApp(handle: DbHandle, config: Config) {
  const app = await buildApp({ db: handle, config });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: TEST_USER.username, password: TEST_USER.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const { customer, product } = onlyRow(
    rowsOf<{ customer: string; product: string }>(
      await handle.db.execute(
        sql`select (select id from customers order by customer_name limit 1) as customer, (select id from products order by product_name limit 1) as product`,
      ),
    ),
  );
  const advance = (fils: number) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/advance',
      headers,
      payload: { customer, paymentDate: '2026-11-21', paymentMode: 'Cash', amount: fils },
    });
  return { app, headers, customer, product, advance };
}

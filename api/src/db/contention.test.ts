import { describe, expect, it } from '@rstest/core';
import { count, eq, sql } from 'drizzle-orm';
import { WRITE_CONTENDED } from '../http/errors';
import { setUpApp, setUpLedger, setUpSession } from '../test';
import { WRITE_ATTEMPTS } from './contention';
import { payments } from './schema';
import { onlyRow, rowsOf } from './rows';

/**
 * A money write that PostgreSQL ends as a deadlock's victim runs again from the start. A trigger
 * makes the first inserts of payments fail that way (a sequence counts the attempts, as it is not
 * rolled back with them), so this holds on both databases.
 */
const t = setUpApp();
const f = setUpLedger(t);
const auth = setUpSession(t);

/** The next `failures` payment inserts fail as a deadlock's victim would; null restores them. */
async function deadlockNext(failures: number | null) {
  await t.db.execute(sql`drop trigger if exists deadlocked on payments`);
  if (failures === null) return;
  await t.db.execute(sql`drop sequence if exists deadlocked_attempts`);
  await t.db.execute(sql`create sequence deadlocked_attempts`);
  // The trigger runs as the API's role, which on PostgreSQL is not this sequence's owner.
  await t.db.execute(sql`grant usage on sequence deadlocked_attempts to public`);
  await t.db.execute(
    sql.raw(`create or replace function deadlocked() returns trigger language plpgsql as $$ begin
      if nextval('deadlocked_attempts') <= ${failures} then raise exception 'deadlock detected' using errcode = '40P01'; end if;
      return new; end $$`),
  );
  await t.db.execute(
    sql`create trigger deadlocked before insert on payments for each row execute function deadlocked()`,
  );
}

const attempts = async () =>
  Number(onlyRow(rowsOf<{ n: unknown }>(await t.db.execute(sql`select last_value as n from deadlocked_attempts`))).n);

const advance = (customer: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/advance',
    headers: { ...auth, 'idempotency-key': key },
    payload: f.advanceBody(customer, 750),
  });

const paymentsOf = async (customer: string) =>
  onlyRow(await t.db.select({ n: count() }).from(payments).where(eq(payments.customerId, customer))).n;

describe('a write that loses a deadlock', () => {
  it('runs again and records its money once, keeping its Idempotency-Key', async () => {
    const customer = (await f.customer())._id;
    await deadlockNext(WRITE_ATTEMPTS - 1);
    const first = await advance(customer, 'deadlocked-then-done');
    await deadlockNext(null);
    expect(first.statusCode, first.body).toBe(201);
    const again = await advance(customer, 'deadlocked-then-done');
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(await paymentsOf(customer)).toBe(1);
    expect((await f.balance(customer)).advanceBalance).toBe(750);
    expect((await t.request('GET', '/api/audit-log/verify')).json().data.ok).toBe(true);
  });

  it(`answers 503 with Retry-After after ${WRITE_ATTEMPTS} attempts, having saved nothing`, async () => {
    const customer = (await f.customer())._id;
    await deadlockNext(1_000);
    const refused = await advance(customer, 'always-deadlocked');
    const tried = await attempts();
    await deadlockNext(null);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ message: WRITE_CONTENDED, requestId: expect.any(String) });
    expect(tried).toBe(WRITE_ATTEMPTS);
    expect(await paymentsOf(customer)).toBe(0);
    // The key was not kept: the same request, come again, records the money.
    expect((await advance(customer, 'always-deadlocked')).statusCode).toBe(201);
    expect(await paymentsOf(customer)).toBe(1);
  });
});

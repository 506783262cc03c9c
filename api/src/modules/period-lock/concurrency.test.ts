import { describe, expect, it } from '@rstest/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { setUpApp, setUpLedger } from '../../test';

/**
 * Payments dated the day being closed, sent through two API instances of one database while an
 * admin closes the books through that day. On PostgreSQL each instance has its own pool, so the
 * writes and the close really race; PGlite runs them one after another, which must hold too.
 */
const t = setUpApp();
const f = setUpLedger(t);

const WRITES = 30;

describe('a close while payments dated the closed day are being written', () => {
  it('lets none of them land after the close: each is in the books before it, or refused', async () => {
    const customer = (await f.customer())._id;
    const other = await t.anotherInstance();
    const headers = await t.login();
    const payment = (i: number) =>
      (i % 2 ? other : t.app).inject({
        method: 'POST',
        url: '/api/payments/advance',
        headers,
        payload: f.advanceBody(customer, 1_000 + i, { paymentDate: '2026-11-20T00:00:00.000Z' }),
      });
    const answers = await Promise.all([
      ...Array.from({ length: WRITES / 2 }, (_, i) => payment(i)),
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/period-lock',
        headers,
        payload: { lockedThrough: '2026-11-20' },
      }),
      ...Array.from({ length: WRITES / 2 }, (_, i) => payment(WRITES / 2 + i)),
    ]);
    const close = answers[WRITES / 2]!;
    expect(close.statusCode, close.body).toBe(200);
    const writes = answers.filter((answer) => answer !== close);
    for (const refused of writes.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('The books are closed through 20/11/2026');
    }
    const made = writes.filter((answer) => answer.statusCode === 201).length;

    // The trail is in commit order: every payment written is before the close's entry.
    const [closed] = await t.db
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'period-lock'), eq(auditLog.action, 'close')));
    const payments = await t.db
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.action, 'create')))
      .orderBy(asc(auditLog.seq));
    expect(payments).toHaveLength(made);
    expect(payments.filter((entry) => Number(entry.seq) > Number(closed!.seq))).toEqual([]);
    const [count] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from payments where customer_id = ${customer}`),
    );
    expect(count!.n).toBe(made);
  });
});

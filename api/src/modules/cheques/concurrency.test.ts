import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from '@rstest/core';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, payments } from '../../db/schema';
import { onlyRow } from '../../db/rows';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';

/**
 * Staff clicking the same step at once on two API instances of one database. On PostgreSQL each
 * instance has its own pool, so the steps really contend for the account and cheque row locks;
 * PGlite runs them one after another, which must give the same answers.
 */
const t = setUpApp();
const f = setUpLedger(t);

const CLICKS = 20;

async function clickEverywhere(url: string, body: object): Promise<LightMyRequestResponse[]> {
  const other = await t.anotherInstance();
  const headers = await t.login();
  return Promise.all(
    Array.from({ length: CLICKS }, (_, i) =>
      (i % 2 ? other : t.app).inject({ method: 'POST', url, headers, payload: body }),
    ),
  );
}

const entriesOf = async (chequeId: string, action: 'clear' | 'bounce') =>
  onlyRow(
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, chequeId), eq(auditLog.action, action))),
  ).n;

describe(`${CLICKS} identical steps at once over two instances`, () => {
  it('clearing a post-dated cheque posts its payment once', async () => {
    const bank = await f.bank();
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const cheque = await f.cheque(customer._id, bank._id, 12_000, [[invoice.id, 10_000]], { chequeDate: '2026-12-01' });
    await f.step(cheque._id, 'deposit', { date: '2026-12-02' });

    const responses = await clickEverywhere(`/api/cheques/${cheque._id}/clear`, { date: '2026-12-03' });

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(`Cheque ${cheque.chequeNumber} is already cleared`);
    }
    expect(await entriesOf(cheque._id, 'clear')).toBe(1);
    const posted = await t.db.select().from(payments).where(eq(payments.chequeId, cheque._id));
    expect(posted.map((p) => p.amount).sort()).toEqual([10_000, 2_000].sort());
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 10_000, status: 'paid' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 2_000, totalDue: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('bouncing a cheque reverses what it posted once', async () => {
    const bank = await f.bank();
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 5_000);
    const cheque = await f.cheque(customer._id, bank._id, 8_000, [[invoice.id, 5_000]]);
    await f.step(cheque._id, 'deposit');

    const responses = await clickEverywhere(`/api/cheques/${cheque._id}/bounce`, {
      date: '2026-11-22',
      reason: 'Insufficient funds',
      charge: 1_500,
    });

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(`Cheque ${cheque.chequeNumber} is already bounced`);
    }
    expect(await entriesOf(cheque._id, 'bounce')).toBe(1);
    const entries = await t.db.select().from(payments).where(eq(payments.chequeId, cheque._id));
    expect(entries).toHaveLength(4);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 6_500 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

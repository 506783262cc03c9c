import { describe, expect, it } from '@rstest/core';
import { count, max } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { fullOnPostgres, ledgerViolations, runPool, setUpApp, setUpLedger } from '../../test';
import { onlyRow } from '../../db/rows';
import { pickCyclic } from '../../lib/pick-cyclic';

/**
 * Money written at once through two API instances on one database, as behind a load balancer. On
 * PostgreSQL each instance has its own pool, so the transactions really race to append to the
 * chain; it must come out whole: one entry per accepted write, gapless, every hash matching.
 */
const t = setUpApp();
const f = setUpLedger(t);

const WRITES = fullOnPostgres(1_000);
const IN_FLIGHT = 50;
const CUSTOMERS = 10;

const trailSize = async () => onlyRow(await t.db.select({ n: count(), last: max(auditLog.seq) }).from(auditLog));

describe('the audit chain under concurrent money writes', () => {
  it(`${WRITES} payments and advances, ${IN_FLIGHT} at a time through two instances: one entry each, and the chain verifies`, async () => {
    const other = await t.anotherInstance();
    const headers = await t.signInAs('accountant');
    // Several customers, so the writes do not all queue on one account's lock before the chain's.
    const accounts: { customer: string; invoice: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await f.customer();
      accounts.push({ customer: customer._id, invoice: (await f.invoice(customer._id, 1_000_000)).id });
    }
    const before = await trailSize();

    const responses = await runPool(WRITES, IN_FLIGHT, (i) => {
      const { customer, invoice } = pickCyclic(accounts, i);
      const advance = i % 3 === 0;
      return (i % 2 ? t.app : other).inject({
        method: 'POST',
        url: advance ? '/api/payments/advance' : '/api/payments/invoice',
        headers,
        payload: advance
          ? f.advanceBody(customer, 1_000)
          : f.payBody(customer, [[invoice, 100]], { useAdvanceBalance: i % 5 === 0 }),
      });
    });

    expect(responses.filter((response) => response.statusCode !== 201).map((response) => response.body)).toEqual([]);
    const after = await trailSize();
    expect(after.n - before.n).toBe(WRITES);
    expect(after.last).toBe(after.n);
    const verify = await t.request('GET', '/api/audit-log/verify');
    expect(verify.json()).toEqual({ data: { ok: true, checked: after.n } });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

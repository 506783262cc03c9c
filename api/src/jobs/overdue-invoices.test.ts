import { dayToUtcMidnight } from '@admin/shared/dates';
import { describe, expect, it } from '@rstest/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, invoices } from '../db/schema';
import { secondInstance, setUpApp, setUpLedger } from '../test';
import { runOverdueUpdates } from './overdue-invoices';

const t = setUpApp();
const f = setUpLedger(t);

describe('overdue job on two instances', () => {
  it('changes each invoice exactly once while both run it and staff pay some of them', async () => {
    const other = await secondInstance(t);
    const otherDb = other.db;
    const customer = await f.customer('Two Instances');
    // 250 invoices past due (more than two batches) and 20 overdue ones whose due date moved on.
    const late = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        f.invoice(customer._id, 1_000 + i, i % 2 ? 'sent' : 'unpaid', '2026-10-01T00:00:00.000Z'),
      ),
    );
    const moved = await Promise.all(
      Array.from({ length: 20 }, () => f.invoice(customer._id, 500, 'overdue', '2026-11-21T00:00:00.000Z')),
    );
    await t.db
      .update(invoices)
      .set({ dueDate: dayToUtcMidnight('2026-12-31') })
      .where(
        inArray(
          invoices.id,
          moved.map((invoice) => invoice.id),
        ),
      );

    const [a, b, c] = await Promise.all([
      runOverdueUpdates(t.db, '2026-11-21'),
      runOverdueUpdates(otherDb, '2026-11-21'),
      runOverdueUpdates(t.db, '2026-11-21'),
      // Staff pay ten of them meanwhile: a payment and the job never lose each other's change.
      ...late.slice(0, 10).map((invoice) => f.pay(customer._id, [[invoice.id, invoice.totalAmount]])),
    ]);
    // Each of the 260 unpaid ones and the 20 moved ones is changed once; of the ten paid meanwhile,
    // those the job reached before their payment were made overdue first, the others never.
    const changed = a + b + c;
    expect(changed).toBeGreaterThanOrEqual(260);
    expect(changed).toBeLessThanOrEqual(270);

    const ids = [...late, ...moved].map((invoice) => invoice.id);
    const entries = await t.db
      .select({ entityId: auditLog.entityId, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.actorUsername, 'system'), inArray(auditLog.entityId, ids)))
      .groupBy(auditLog.entityId);
    expect(entries).toHaveLength(changed);
    expect(entries.every((entry) => Number(entry.n) === 1)).toBe(true);
    const withEntry = new Set(entries.map((entry) => entry.entityId));
    expect([...late.slice(10), ...moved].every((invoice) => withEntry.has(invoice.id))).toBe(true);

    const statuses = await t.db
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(inArray(invoices.id, ids));
    const byId = new Map(statuses.map((row) => [row.id, row.status]));
    expect(late.slice(0, 10).map((invoice) => byId.get(invoice.id))).toEqual(Array(10).fill('paid'));
    expect(new Set(late.slice(10).map((invoice) => byId.get(invoice.id)))).toEqual(new Set(['overdue']));
    expect(new Set(moved.map((invoice) => byId.get(invoice.id)))).toEqual(new Set(['unpaid']));
    expect(await runOverdueUpdates(otherDb, '2026-11-21')).toBe(0);
    await other.close();
  });
});

describe('overdue job when the process stops', () => {
  it('stops between batches when told to, each batch whole, and the next run changes the rest', async () => {
    const customer = await f.customer('Stopping');
    const late = await Promise.all(
      Array.from({ length: 150 }, (_, i) => f.invoice(customer._id, 2_000 + i, 'unpaid', '2026-10-01T00:00:00.000Z')),
    );
    let batches = 0;
    expect(await runOverdueUpdates(t.db, '2026-11-21', () => batches++ < 1)).toBe(100);
    const overdue = async () =>
      (
        await t.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.status, 'overdue'),
              inArray(
                invoices.id,
                late.map((invoice) => invoice.id),
              ),
            ),
          )
      ).length;
    expect(await overdue()).toBe(100);
    expect(await runOverdueUpdates(t.db, '2026-11-21')).toBe(50);
    expect(await overdue()).toBe(150);
  });
});

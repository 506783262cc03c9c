import type { FieldChange } from '@admin/shared/contract';
import type { CalendarDay } from '@admin/shared/dates';
import { asc, inArray, or, sql } from 'drizzle-orm';
import { appendAudit, SYSTEM_ACTOR, type AuditEvent } from '../audit/trail';
import type { Database } from '../db/connect';
import { invoices } from '../db/schema';
import { becomesOverdue, overdueNoLonger } from '../modules/invoices/due-dates';

const BATCH = 100;

/** Invoices whose status the overdue rule changes on `today` (see modules/invoices/due-dates.ts). */
const needsChange = (today: CalendarDay) => or(becomesOverdue(today), overdueNoLonger(today));

/**
 * Changes one batch in one transaction, recorded in the audit trail as the system's: locks up to
 * BATCH invoices that still need the change (re-read under the lock, so one that a payment, an
 * edit or another instance changed meanwhile is left alone), sets their status, and writes one
 * entry per invoice. With `skipLocked`, invoices another process holds are passed over.
 */
async function changeBatch(db: Database, today: CalendarDay, skipLocked: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
      .from(invoices)
      .where(needsChange(today))
      .orderBy(asc(invoices.id))
      .limit(BATCH)
      .for('update', skipLocked ? { skipLocked: true } : {});
    if (!rows.length) return 0;
    await tx
      .update(invoices)
      .set({
        status: sql`case when ${invoices.status} = 'overdue' then 'unpaid' else 'overdue' end`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          invoices.id,
          rows.map((row) => row.id),
        ),
      );
    const events: AuditEvent[] = rows.map((row) => {
      const change: FieldChange = {
        field: 'status',
        before: row.status,
        after: row.status === 'overdue' ? 'unpaid' : 'overdue',
      };
      return { action: 'update', entityType: 'invoice', entityId: row.id, label: row.invoiceNumber, changes: [change] };
    });
    await appendAudit(tx, SYSTEM_ACTOR, events);
    return rows.length;
  });
}

/**
 * Makes every sent or unpaid invoice whose due date is before `today` overdue, and every overdue
 * one whose due date is today or later unpaid again. Safe in several processes at once: each
 * invoice is changed by exactly one of them, because the change is made under the row's lock and
 * only while the invoice still needs it. Invoices another process holds are skipped at first and
 * waited for at the end, so when it returns no invoice needs the change. Returns how many it changed.
 * Before each batch it asks `keepGoing` (false once the process is stopping): it then returns
 * between batches, each whole, and the next run changes the rest.
 */
export async function runOverdueUpdates(
  db: Database,
  today: CalendarDay,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let changed = 0;
  for (;;) {
    if (!keepGoing()) return changed;
    const n = await changeBatch(db, today, true);
    changed += n;
    if (n < BATCH) break;
  }
  for (;;) {
    if (!keepGoing()) return changed;
    const n = await changeBatch(db, today, false);
    changed += n;
    if (n === 0) return changed;
  }
}

import { PAYABLE_STATUSES, REMINDER_MESSAGES, type Invoice, type PromiseToPayInput } from '@admin/shared/contract';
import { toDay, type CalendarDay } from '@admin/shared/dates';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database } from '../../db/connect';
import { invoices } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../http/errors';
import { INVOICE_AUDIT, InvoiceService } from '../invoices/service';

/**
 * Records the customer's promise to pay `invoiceId` by `input.date` (today or later), replacing an
 * earlier one: the reminders job skips the invoice until the day after. Audited on the invoice
 * ('promise'), so its history shows each promise. Only an invoice that still owes can be promised.
 */
export function recordPromise(
  db: Database,
  actor: Actor,
  invoiceId: string,
  input: PromiseToPayInput,
  today: CalendarDay,
): Promise<Invoice> {
  if (toDay(input.date) < today) throw fieldError('date', REMINDER_MESSAGES.promisePast);
  const service = new InvoiceService(db);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    if (!locked) throw notFound('Invoice not found');
    const before = await service.get(invoiceId, tx);
    const open = (PAYABLE_STATUSES as readonly string[]).includes(before.status) && before.remainingAmount > 0;
    if (!open) throw conflict(REMINDER_MESSAGES.promiseNotOpen);
    await tx
      .update(invoices)
      .set({ promisedUntil: input.date, promiseNote: input.note || null, updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId));
    const after = await service.get(invoiceId, tx);
    await appendAudit(tx, actor, [recordEvent(INVOICE_AUDIT, 'promise', before, after)]);
    return after;
  });
}

import { PAYABLE_STATUSES, type PaymentMode } from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight, type CalendarDay, type Day } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/trail';
import type { Database, Transaction } from '../db/connect';
import { invoices, paymentAllocations, payments } from '../db/schema';
import { pickCyclic } from '../lib/pick-cyclic';
import { PaymentService } from '../modules/payments/service';

function daysBefore(today: CalendarDay, days: number): Day {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return dayToUtcMidnight(date.toISOString().slice(0, 10));
}

/**
 * Advances for the first customers with open invoices, then part payments of some of those
 * invoices, some from the advance; and one refund. All through the ledger, so balances and
 * invoice statuses are what the screens would have made them.
 */
export async function seedPayments(tx: Transaction, now: Date): Promise<void> {
  const service = new PaymentService(tx as unknown as Database);
  const openInvoices = await tx
    .select({ id: invoices.id, customerId: invoices.customerId, totalAmount: invoices.totalAmount })
    .from(invoices)
    .where(
      and(eq(invoices.credit, true), inArray(invoices.status, [...PAYABLE_STATUSES]), eq(invoices.paidAmount, fils(0))),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const today = businessToday(undefined, now);
  const modes: PaymentMode[] = ['Knet', 'Cash', 'Bank Transfer', 'Credit Card', 'Check'];
  const customers = [...new Set(openInvoices.map((invoice) => invoice.customerId))];
  const created: { id: string; day: string }[] = [];
  const record = (id: string, day: string) => created.push({ id, day });

  for (const [i, customer] of customers.slice(0, 4).entries()) {
    const paymentDate = daysBefore(today, 40 - i * 3);
    const advance = await service.createAdvance(tx, SYSTEM_ACTOR, {
      customer,
      paymentDate,
      paymentMode: pickCyclic(modes, i),
      amount: fils(50_000 + i * 12_500),
      referenceNumber: `ADV-${101 + i}`,
      notes: i === 0 ? 'Deposit for the annual contract' : null,
    });
    record(advance._id, paymentDate);
  }

  for (const [i, invoice] of openInvoices.slice(0, 9).entries()) {
    const paymentDate = daysBefore(today, 20 - i * 2);
    // Part of each invoice, so the demo shows remaining amounts; every third partly from the advance.
    const paidAmount = fils(Math.max(1, Math.floor((invoice.totalAmount * (i % 2 === 0 ? 1 : 3)) / 4)));
    const { payment } = await service.createInvoicePayment(tx, SYSTEM_ACTOR, {
      customer: invoice.customerId,
      paymentDate,
      paymentMode: pickCyclic(modes, i + 1),
      relatedInvoices: [{ invoice: invoice.id, paidAmount }],
      useAdvanceBalance: i % 3 === 0,
      referenceNumber: i % 2 === 0 ? `RCPT-${5000 + i}` : null,
    });
    record(payment._id, paymentDate);
  }

  const refundDate = daysBefore(today, 1);
  const refund = await service.createRefund(tx, SYSTEM_ACTOR, {
    customer: pickCyclic(customers, 1), // the second customer given an advance above
    paymentDate: refundDate,
    paymentMode: 'Bank Transfer',
    amount: fils(5_000),
    notes: 'Part of the deposit returned at the customer’s request',
  });
  record(refund._id, refundDate);

  // One transaction has one now(): spread creation times so "most recent" reads naturally. Cash
  // invoices' settlements were made with their invoice.
  await tx.execute(sql`update ${payments} p set created_at = i.created_at
    from ${paymentAllocations} a join ${invoices} i on i.id = a.invoice_id
    where a.payment_id = p.id and i.credit = false`);
  for (const [i, { id, day }] of created.entries()) {
    await tx
      .update(payments)
      .set({ createdAt: sql`${day}::timestamptz + make_interval(hours => 9, mins => ${i})` })
      .where(eq(payments.id, id));
  }
}

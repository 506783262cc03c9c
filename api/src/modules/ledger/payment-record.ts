import type { Payment } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { AuditedKind } from '../../audit/changes';
import type { Database } from '../../db/connect';
import { readFils } from '../../db/money-sql';
import { customers, invoices, paymentAllocations, payments } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * A payment as the API answers it and as the trail records it. Here, beside the money moves, because
 * every area that records money reads it: the payments themselves and a Cash invoice's settlement.
 */

/** Each payment's allocations as JSON, in invoice-number order. */
const allocationsJson = sql<Payment['allocations']>`(
  select coalesce(json_agg(json_build_object('invoice', i.id, 'invoiceNumber', i.invoice_number, 'amount', a.amount)
    order by i.invoice_number), '[]'::json)
  from ${paymentAllocations} a join ${invoices} i on i.id = a.invoice_id
  where a.payment_id = "payments"."id")`;

const columns = {
  payment: payments,
  customerName: customers.customerName,
  allocations: allocationsJson,
};

/** Payments with what their wire form needs (customer name, allocations); `db` may be a transaction. */
export function selectPayments(db: Database) {
  return db.select(columns).from(payments).innerJoin(customers, eq(customers.id, payments.customerId));
}

export function toPayment(row: {
  payment: typeof payments.$inferSelect;
  customerName: string;
  allocations: Payment['allocations'];
}): Payment {
  const p = row.payment;
  return {
    _id: p.id,
    paymentNumber: p.paymentNumber,
    customer: { _id: p.customerId, customerName: row.customerName },
    paymentType: p.paymentType,
    paymentMode: p.paymentMode,
    amount: p.amount,
    advanceUsed: p.advanceUsed,
    remainingAmountPaid: fils(p.amount - p.advanceUsed),
    allocations: row.allocations.map((line) => ({ ...line, amount: readFils(line.amount) })),
    paymentDate: p.paymentDate,
    referenceNumber: p.referenceNumber,
    notes: p.notes,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** One payment's wire form; 404 when there is none. */
export async function readPayment(db: Database, id: string): Promise<Payment> {
  const [row] = await selectPayments(db).where(eq(payments.id, id));
  if (!row) throw notFound('Payment not found');
  return toPayment(row);
}

export const PAYMENT_AUDIT: AuditedKind<Payment> = { entityType: 'payment', label: (payment) => payment.paymentNumber };

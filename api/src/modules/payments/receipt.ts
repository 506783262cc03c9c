import { paymentParts, receiptNumberOf, type PaymentReceipt, type ReceiptInvoice } from '@admin/shared/contract';
import { amountInWords } from '@admin/shared/amount-in-words';
import { fils } from '@admin/shared/money';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect';
import { filsOf } from '../../db/money-sql';
import { banks, cheques, customers, invoices, paymentAllocations, payments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/** The entry that took a payment back, and for a reversal the payment it took back. */
const takenBackBy = alias(payments, 'taken_back_by');
const original = alias(payments, 'original');

/**
 * What a payment's receipt states (GET /payments/{id}/receipt). 404 for no such payment; 409 for a
 * reversal entry, which takes money back and has no receipt of its own.
 */
export async function readReceipt(db: Database, id: string): Promise<PaymentReceipt> {
  const [row] = await db
    .select({
      payment: payments,
      customer: {
        _id: customers.id,
        customerName: customers.customerName,
        customerAlternateName: customers.customerAlternateName,
      },
      cheque: {
        _id: cheques.id,
        chequeNumber: cheques.chequeNumber,
        chequeDate: cheques.chequeDate,
        drawerName: cheques.drawerName,
      },
      bank: { _id: banks.id, bankName: banks.name, bankNameAr: banks.nameAr },
      takenBackBy: { paymentNumber: takenBackBy.paymentNumber, paymentDate: takenBackBy.paymentDate },
      original: { paymentNumber: original.paymentNumber },
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(cheques, eq(cheques.id, payments.chequeId))
    .leftJoin(banks, eq(banks.id, cheques.bankId))
    .leftJoin(takenBackBy, eq(takenBackBy.reversesPaymentId, payments.id))
    .leftJoin(original, eq(original.id, payments.reversesPaymentId))
    .where(eq(payments.id, id));
  if (!row) throw notFound('Payment not found');
  const p = row.payment;
  if (row.original) {
    throw conflict(`${p.paymentNumber} takes back ${row.original.paymentNumber}: a reversal has no receipt`);
  }

  const total = fils(Math.abs(p.amount));
  return {
    _id: p.id,
    receiptNumber: receiptNumberOf(p.paymentNumber, p.paymentType),
    paymentNumber: p.paymentNumber,
    paymentType: p.paymentType,
    paymentDate: p.paymentDate,
    customer: row.customer,
    parts: paymentParts(p),
    total,
    amountInWords: { en: amountInWords(total, 'en'), ar: amountInWords(total, 'ar') },
    invoices: p.paymentType === 'invoice_payment' ? await settledInvoices(db, p.id, p.paymentNumber) : [],
    cheque: row.cheque && row.bank ? { ...row.cheque, bank: row.bank } : null,
    takenBackBy: row.takenBackBy,
    referenceNumber: p.referenceNumber,
    notes: p.notes,
  };
}

/**
 * The invoices a payment settled, each with what it still owed once the payment was recorded: its
 * total less the allocations of every payment recorded up to this one, reversal entries included.
 * Numbers are issued under the customer's account lock (modules/ledger/moves.ts), and an invoice
 * belongs to one customer, so among an invoice's payments a lower number was recorded earlier.
 */
async function settledInvoices(db: Database, paymentId: string, paymentNumber: string): Promise<ReceiptInvoice[]> {
  const issued = Number(paymentNumber.slice('PAY-'.length));
  const paidUpToThis = sql`(select sum(e.amount) from ${paymentAllocations} e
    join ${payments} ep on ep.id = e.payment_id
    where e.invoice_id = ${invoices.id} and substr(ep.payment_number, 5)::int8 <= ${issued})`;
  return db
    .select({
      invoice: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      paidAmount: paymentAllocations.amount,
      remainingAfter: filsOf(sql`greatest(${invoices.totalAmount} - coalesce(${paidUpToThis}, 0), 0)`),
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(invoices.invoiceNumber));
}

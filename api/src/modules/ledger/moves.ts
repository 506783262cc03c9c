import { ADVANCE_MODE, PAYABLE_STATUSES, type PaymentMode, type PaymentType } from '@admin/shared/contract';
import type { Day } from '@admin/shared/dates';
import { fils, formatKd, type Fils } from '@admin/shared/money';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connect';
import { customerAccounts, customers, invoices, paymentAllocations, payments } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../http/errors';
import { onlyRow } from '../../db/rows';

/**
 * The money moves of the ledger. Each runs inside the caller's transaction and keeps, in that
 * transaction, the invariants the tests recompute:
 *   sum(allocations of an invoice) = invoices.paid_amount
 *   sum(allocations of a payment)  = payments.amount (invoice payments)
 *   advance_balance = advances − advance used − refunded
 * Locks are always taken in one order: the customer's account row first, then invoices by id,
 * then the figures their writes' triggers keep (receivable_due, receivable_customers), so two
 * money transactions wait for each other but do not deadlock (docs/decisions.md, "One lock order").
 * A cheque's step locks its cheque row between the account and the invoices (modules/cheques).
 */

/** The next PAY-000001-style number; it widens past PAY-999999 instead of truncating. */
const nextPaymentNumber = sql<string>`(select 'PAY-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('payment_number_seq') as n)`;

/**
 * Locks the customer's account row (creating it on first use) and returns the advance balance.
 * 400 on `customer` when there is no such customer.
 */
export async function lockAccount(tx: Transaction, customerId: string): Promise<Fils> {
  await tx.execute(
    sql`insert into ${customerAccounts} (customer_id) select ${customers.id} from ${customers} where ${customers.id} = ${customerId} on conflict do nothing`,
  );
  const [account] = await tx
    .select({ advanceBalance: customerAccounts.advanceBalance })
    .from(customerAccounts)
    .where(eq(customerAccounts.customerId, customerId))
    .for('update');
  if (!account) throw fieldError('customer', 'Customer not found');
  return account.advanceBalance;
}

/** Moves the advance balance of an account locked by lockAccount; the CHECK refuses a negative one. */
export async function changeAdvanceBalance(tx: Transaction, customerId: string, delta: Fils): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(customerAccounts)
    .set({ advanceBalance: sql`${customerAccounts.advanceBalance} + ${delta}`, updatedAt: sql`now()` })
    .where(eq(customerAccounts.customerId, customerId));
}

export type LockedInvoice = {
  id: string;
  invoiceNumber: string;
  customerId: string;
  totalAmount: Fils;
  paidAmount: Fils;
  creditedAmount: Fils;
  status: string;
};

/** What an invoice still owes: its total less what was paid and what its credit notes took back. */
export const remainingOf = (invoice: { totalAmount: Fils; paidAmount: Fils; creditedAmount: Fils }): Fils =>
  fils(invoice.totalAmount - invoice.paidAmount - invoice.creditedAmount);

/** Locks invoices in id order (after the account) and returns them by id. */
export async function lockInvoices(tx: Transaction, ids: string[]): Promise<Map<string, LockedInvoice>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerId: invoices.customerId,
      totalAmount: invoices.totalAmount,
      paidAmount: invoices.paidAmount,
      creditedAmount: invoices.creditedAmount,
      status: invoices.status,
    })
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Why `invoice` cannot take `amount` now, as an HttpError, or undefined when it can. */
export function refusalToPay(invoice: LockedInvoice, amount: Fils) {
  if (!(PAYABLE_STATUSES as readonly string[]).includes(invoice.status) && invoice.status !== 'paid') {
    return conflict(`Invoice ${invoice.invoiceNumber} is ${invoice.status} and cannot be paid`);
  }
  const remaining = remainingOf(invoice);
  if (amount > remaining) {
    return conflict(
      `Payment of ${formatKd(amount)} exceeds the remaining ${formatKd(remaining)} on ${invoice.invoiceNumber}`,
    );
  }
  return undefined;
}

/**
 * Adds (or, negative, takes back) `amount` on a locked invoice's paid amount and `credited` on its
 * credited amount. Owing nothing makes it paid, or cancelled when credit notes took all of it back;
 * owing again makes a paid invoice unpaid. The invoices' CHECKs refuse paid and credited above the
 * total or below 0.
 */
export async function changePaidAmount(
  tx: Transaction,
  invoiceId: string,
  amount: Fils,
  credited: Fils = fils(0),
): Promise<void> {
  const paid = sql`${invoices.paidAmount} + ${amount}`;
  const creditedAfter = sql`${invoices.creditedAmount} + ${credited}`;
  await tx
    .update(invoices)
    .set({
      paidAmount: paid,
      creditedAmount: creditedAfter,
      status: sql`case when ${creditedAfter} = ${invoices.totalAmount} and ${creditedAfter} > 0 then 'cancelled'
        when ${paid} + ${creditedAfter} = ${invoices.totalAmount} then 'paid'
        when ${invoices.status} = 'paid' then 'unpaid' else ${invoices.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, invoiceId));
}

export interface NewPayment {
  customerId: string;
  paymentType: PaymentType;
  paymentMode: PaymentMode;
  /** Signed: negative for refunds. */
  amount: Fils;
  advanceUsed?: Fils;
  paymentDate: Day;
  referenceNumber?: string | null;
  notes?: string | null;
  /** Invoice payments: what goes on each invoice; the invoices must be locked. */
  allocations?: { invoiceId: string; amount: Fils }[];
  /** The cheque that posts it (or whose bounce or return reverses it). */
  chequeId?: string;
  /** A reversal: the payment it takes back (see insertReversal). */
  reversesPaymentId?: string;
  /** The staff user recording it (the actor's id); null for the system. */
  recordedBy: string | null;
}

/** Inserts a payment with the next number, its allocations and their effect on the invoices. */
export async function insertPayment(tx: Transaction, payment: NewPayment): Promise<string> {
  const inserted = await tx
    .insert(payments)
    .values({
      paymentNumber: nextPaymentNumber,
      customerId: payment.customerId,
      paymentType: payment.paymentType,
      paymentMode: payment.paymentMode,
      amount: payment.amount,
      advanceUsed: payment.advanceUsed ?? fils(0),
      paymentDate: payment.paymentDate,
      referenceNumber: payment.referenceNumber || null,
      notes: payment.notes || null,
      chequeId: payment.chequeId ?? null,
      reversesPaymentId: payment.reversesPaymentId ?? null,
      recordedBy: payment.recordedBy,
    })
    .returning({ id: payments.id });
  const { id } = onlyRow(inserted);
  const allocations = payment.allocations ?? [];
  if (allocations.length) {
    await tx.insert(paymentAllocations).values(allocations.map((line) => ({ paymentId: id, ...line })));
    for (const line of allocations) await changePaidAmount(tx, line.invoiceId, line.amount);
  }
  return id;
}

export interface LockedPayment {
  payment: typeof payments.$inferSelect;
  /** The customer's advance balance, read under the account lock. */
  balance: Fils;
}

/** Locks a payment for a delete: its customer's account first, then the payment row (the ledger's order). */
export async function lockPayment(tx: Transaction, paymentId: string): Promise<LockedPayment> {
  const [known] = await tx.select({ customerId: payments.customerId }).from(payments).where(eq(payments.id, paymentId));
  if (!known) throw notFound('Payment not found');
  const balance = await lockAccount(tx, known.customerId);
  // Read again under the account lock: a concurrent delete of the same payment has finished by now.
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw notFound('Payment not found');
  return { payment, balance };
}

/**
 * Deletes a payment locked by lockPayment and every effect it had, or refuses with 409 when the
 * customer's advance balance no longer holds what an advance added (it has been used or refunded).
 */
export async function reversePayment(tx: Transaction, { payment, balance }: LockedPayment): Promise<void> {
  // What a cheque moved is taken back by the cheque's own steps, with an entry of their own.
  if (payment.chequeId)
    throw conflict(`${payment.paymentNumber} came from a cheque: bounce or return the cheque instead`);
  let balanceChange: Fils;
  if (payment.paymentType === 'advance') {
    if (balance < payment.amount) throw conflict('This advance has already been used');
    balanceChange = fils(-payment.amount);
  } else if (payment.paymentType === 'refund') {
    balanceChange = fils(-payment.amount);
  } else {
    const allocations = await tx
      .select({ invoiceId: paymentAllocations.invoiceId, amount: paymentAllocations.amount })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id));
    const locked = await lockInvoices(
      tx,
      allocations.map((line) => line.invoiceId),
    );
    refuseCreditedBack(payment.paymentNumber, allocations, locked);
    for (const line of allocations) await changePaidAmount(tx, line.invoiceId, fils(-line.amount));
    balanceChange = payment.advanceUsed;
  }
  await changeAdvanceBalance(tx, payment.customerId, balanceChange);
  await tx.delete(payments).where(eq(payments.id, payment.id));
}

/**
 * 409 when a credit note moved part of what a payment paid on an invoice to the advance balance:
 * that part is no longer on the invoice to take back (docs/decisions.md, "Credit notes").
 */
function refuseCreditedBack(
  paymentNumber: string,
  allocations: { invoiceId: string; amount: Fils }[],
  locked: Map<string, LockedInvoice>,
): void {
  for (const line of allocations) {
    const invoice = locked.get(line.invoiceId);
    if (invoice && invoice.paidAmount < line.amount) {
      throw conflict(
        `${paymentNumber} cannot be taken back: a credit note on ${invoice.invoiceNumber} moved what it paid to the advance balance`,
      );
    }
  }
}

/**
 * Takes a payment back by an entry of its own, dated `day`: the payment negated, its allocations
 * too, so every sum of the ledger nets it out and the invoices it paid are due again exactly as
 * before. An advance leaves the balance only as far as the balance still holds it; the part the
 * customer already spent is returned (`unrecovered`) for the caller to bill. Only for payments that
 * used no advance (a cheque's). The account must be locked by lockAccount, whose balance is given.
 */
export async function insertReversal(
  tx: Transaction,
  payment: typeof payments.$inferSelect,
  balance: Fils,
  entry: { paymentDate: Day; notes: string; recordedBy: string | null },
): Promise<{ id: string | null; unrecovered: Fils }> {
  if (payment.advanceUsed !== 0 || payment.paymentType === 'refund') {
    throw new Error(`${payment.paymentNumber} cannot be reversed by an entry: it is not money received`);
  }
  const fromAdvance = payment.paymentType === 'advance';
  const taken = fils(fromAdvance ? Math.min(payment.amount, balance) : payment.amount);
  const unrecovered = fils(payment.amount - taken);
  if (taken === 0) return { id: null, unrecovered };
  const allocations = fromAdvance
    ? []
    : await tx
        .select({ invoiceId: paymentAllocations.invoiceId, amount: paymentAllocations.amount })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.paymentId, payment.id));
  const locked = await lockInvoices(
    tx,
    allocations.map((line) => line.invoiceId),
  );
  refuseCreditedBack(payment.paymentNumber, allocations, locked);
  const id = await insertPayment(tx, {
    customerId: payment.customerId,
    paymentType: payment.paymentType,
    paymentMode: payment.paymentMode,
    amount: fils(-taken),
    paymentDate: entry.paymentDate,
    referenceNumber: payment.referenceNumber,
    notes: entry.notes,
    allocations: allocations.map((line) => ({ invoiceId: line.invoiceId, amount: fils(-line.amount) })),
    chequeId: payment.chequeId ?? undefined,
    reversesPaymentId: payment.id,
    recordedBy: entry.recordedBy,
  });
  if (fromAdvance) await changeAdvanceBalance(tx, payment.customerId, fils(-taken));
  return { id, unrecovered };
}

/**
 * A Cash invoice is settled at the counter: records its full payment in mode Cash, in the caller's
 * transaction, right after the invoice is inserted. The invoice becomes paid. A zero total needs no
 * payment and is simply paid. Returns the payment's id (null for a zero total). The caller locks
 * the account (lockAccount) before inserting the invoice, whose triggers take the figures.
 */
export async function settleCashInvoice(
  tx: Transaction,
  settlement: { invoiceId: string; customerId: string; amount: Fils; paymentDate: Day; recordedBy: string | null },
): Promise<string | null> {
  await lockAccount(tx, settlement.customerId);
  if (!(await lockInvoices(tx, [settlement.invoiceId])).has(settlement.invoiceId)) throw notFound('Invoice not found');
  if (settlement.amount === 0) {
    await changePaidAmount(tx, settlement.invoiceId, fils(0));
    return null;
  }
  return insertPayment(tx, {
    customerId: settlement.customerId,
    paymentType: 'invoice_payment',
    paymentMode: 'Cash',
    amount: settlement.amount,
    paymentDate: settlement.paymentDate,
    allocations: [{ invoiceId: settlement.invoiceId, amount: settlement.amount }],
    recordedBy: settlement.recordedBy,
  });
}

/** Mode stored for an invoice payment: all of it from the advance balance is mode 'Advance'. */
export function invoicePaymentMode(chosen: PaymentMode, amount: Fils, advanceUsed: Fils): PaymentMode {
  return advanceUsed === amount ? ADVANCE_MODE : chosen;
}

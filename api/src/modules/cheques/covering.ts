import type { CoveringCheque } from '@admin/shared/contract';
import { and, asc, eq, exists, inArray, isNull, type AnyColumn } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/connect';
import { chequeInvoices, cheques } from '../../db/schema';

/** A cheque that has posted nothing yet (post-dated, in hand or deposited). */
const unposted = and(isNull(cheques.postedDate), inArray(cheques.status, ['in_hand', 'deposited']));

/** Whether such a cheque is meant for the invoice `invoiceId` names (the reminders leave it alone). */
export const coveredByCheque = (db: Database | Transaction, invoiceId: AnyColumn) =>
  exists(
    db
      .select({ one: chequeInvoices.invoiceId })
      .from(chequeInvoices)
      .innerJoin(cheques, eq(cheques.id, chequeInvoices.chequeId))
      .where(and(eq(chequeInvoices.invoiceId, invoiceId), unposted)),
  );

/**
 * The cheques meant for each of `invoiceIds` that have posted nothing yet (post-dated, in hand or
 * deposited): a promise on the invoice, not money. Apart from the cheques' service, which bills
 * through the invoices' one, so that the invoices can read it without a cycle.
 */
export async function coveringCheques(db: Database, invoiceIds: string[]): Promise<Map<string, CoveringCheque[]>> {
  const covered = new Map<string, CoveringCheque[]>();
  if (!invoiceIds.length) return covered;
  const rows = await db
    .select({
      invoiceId: chequeInvoices.invoiceId,
      _id: cheques.id,
      chequeNumber: cheques.chequeNumber,
      chequeDate: cheques.chequeDate,
      amount: chequeInvoices.amount,
    })
    .from(chequeInvoices)
    .innerJoin(cheques, eq(cheques.id, chequeInvoices.chequeId))
    .where(and(inArray(chequeInvoices.invoiceId, invoiceIds), unposted))
    .orderBy(asc(cheques.chequeDate), asc(cheques.chequeNumber));
  for (const { invoiceId, ...cheque } of rows) covered.set(invoiceId, [...(covered.get(invoiceId) ?? []), cheque]);
  return covered;
}

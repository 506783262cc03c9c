import { CREDIT_REFUSALS, fillMessage, PAYABLE_STATUSES, type FieldChange } from '@admin/shared/contract';
import { addDays, type CalendarDay } from '@admin/shared/dates';
import { fils, formatKd, type Fils } from '@admin/shared/money';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connect';
import { onlyRow } from '../../db/rows';
import { customers, invoices } from '../../db/schema';
import { conflict } from '../../http/errors';
import { exposureOf } from './exposure';

/** The customer's exposure now, read in the caller's transaction. */
async function exposureNow(tx: Transaction, customerId: string): Promise<Fils> {
  const [row] = await tx
    .select({ exposure: exposureOf(sql`${customerId}::uuid`) })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.exposure ?? fils(0);
}

/**
 * Before a Credit invoice's write, with the customer's account locked (lockAccount, so it holds
 * until commit): their exposure, or undefined when their credit has neither a limit nor an
 * overdue rule and nothing needs checking.
 */
export async function creditBefore(tx: Transaction, customerId: string): Promise<Fils | undefined> {
  const [rules] = await tx
    .select({ creditLimit: customers.creditLimit, maxOverdueDays: customers.maxOverdueDays })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!rules || (rules.creditLimit === null && rules.maxOverdueDays === null)) return undefined;
  return exposureNow(tx, customerId);
}

/** The oldest invoice of the customer still owing something and due before `dueBefore`. */
async function oldestOverdue(tx: Transaction, customerId: string, dueBefore: CalendarDay) {
  const [invoice] = await tx
    .select({ invoiceNumber: invoices.invoiceNumber, dueDate: invoices.dueDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, customerId),
        inArray(invoices.status, PAYABLE_STATUSES),
        gt(sql`${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}`, 0),
        sql`${invoices.dueDate} < ${dueBefore}::date`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber))
    .limit(1);
  return invoice;
}

const daysBetween = (from: string, to: CalendarDay) =>
  Math.round((Date.parse(to) - Date.parse(from.slice(0, 10))) / 86_400_000);

/** Why the customer's credit refuses what was just written, or undefined: the limit first, then the overdue rule. */
async function refusalOf(tx: Transaction, customerId: string, today: CalendarDay): Promise<string | undefined> {
  const { customerName, creditLimit, maxOverdueDays, exposure } = onlyRow(
    await tx
      .select({
        customerName: customers.customerName,
        creditLimit: customers.creditLimit,
        maxOverdueDays: customers.maxOverdueDays,
        exposure: exposureOf(sql`${customerId}::uuid`),
      })
      .from(customers)
      .where(eq(customers.id, customerId)),
    'the customer of the invoice just written',
  );
  if (creditLimit !== null && exposure > creditLimit) {
    const limit = formatKd(creditLimit, 'en');
    return fillMessage(CREDIT_REFUSALS.limit, { limit, customer: customerName, exposure: formatKd(exposure, 'en') });
  }
  if (maxOverdueDays === null) return undefined;
  const overdue = await oldestOverdue(tx, customerId, addDays(today, -maxOverdueDays));
  if (!overdue) return undefined;
  return fillMessage(CREDIT_REFUSALS.overdue, {
    invoice: overdue.invoiceNumber,
    customer: customerName,
    days: daysBetween(overdue.dueDate, today),
    allowed: maxOverdueDays,
  });
}

/** What an accountant or admin sends to issue a Credit invoice the customer's credit refuses. */
export interface CreditOverride {
  reason: string;
}

/**
 * Checks a Credit invoice's create or edit after it was written, in its transaction, with the
 * customer's account locked first (so a concurrent invoice of the same customer waits and then
 * sees this one). Only a write that raised the exposure is checked: an edit down, a draft, or a
 * change that leaves the customer's exposure as it was passes. A refusal is a 409 whose `override`
 * error invites the override; with an override (its permission checked by the route), the refusal
 * and the reason are returned as a change for the invoice's audit entry.
 */
export async function checkCredit(
  tx: Transaction,
  customerId: string,
  exposureBefore: Fils,
  today: CalendarDay,
  override: CreditOverride | undefined,
): Promise<FieldChange | undefined> {
  if ((await exposureNow(tx, customerId)) <= exposureBefore) return undefined;
  const refusal = await refusalOf(tx, customerId, today);
  if (!refusal) return undefined;
  if (!override) throw conflict(refusal, { override: refusal });
  return { field: 'creditOverride', before: null, after: { reason: override.reason, refused: refusal } };
}

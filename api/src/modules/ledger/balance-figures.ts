import { PAYABLE_STATUSES, type CustomerBalance } from '@admin/shared/contract';
import { dayToUtcMidnight } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import { sql } from 'drizzle-orm';
import { filsOf } from '../../db/money-sql';
import { listSql } from '../../db/schema/columns';
import { customerAccounts, invoices, payments } from '../../db/schema';

// Written out qualified: inside the subqueries below an unqualified "id" would be the inner table's.
const customerId = sql.raw('"customers"."id"');
const payable = listSql(PAYABLE_STATUSES);

/**
 * A customer's balance figures as columns of a select from customers: one query answers a
 * whole page, each figure read through the indexes on customer_id.
 */
export const balanceFigures = {
  advanceBalance: filsOf(
    sql`select ${customerAccounts.advanceBalance} from ${customerAccounts} where ${customerAccounts.customerId} = ${customerId}`,
  ),
  totalDue: filsOf(
    sql`select sum(${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}) from ${invoices} where ${invoices.customerId} = ${customerId} and ${invoices.status} in ${payable}`,
  ),
  totalPaid: filsOf(
    sql`select sum(${payments.amount}) from ${payments} where ${payments.customerId} = ${customerId} and ${payments.paymentType} = 'invoice_payment'`,
  ),
  // The day as text: the drivers disagree on how a bare date value comes back. A reversal (a
  // bounced cheque's) is money taken back, not paid.
  lastPaymentDay: sql<string | null>`(select to_char(max(${payments.paymentDate}), 'YYYY-MM-DD') from ${payments}
    where ${payments.customerId} = ${customerId} and ${payments.paymentType} <> 'refund' and ${payments.reversesPaymentId} is null)`,
};

type Figures = { advanceBalance: Fils; totalDue: Fils; totalPaid: Fils; lastPaymentDay: string | null };

export function toBalance({ advanceBalance, totalDue, totalPaid, lastPaymentDay }: Figures): CustomerBalance {
  return {
    advanceBalance,
    totalDue,
    netBalance: fils(advanceBalance - totalDue),
    totalPaid,
    lastPaymentDate: lastPaymentDay ? dayToUtcMidnight(lastPaymentDay) : null,
  };
}

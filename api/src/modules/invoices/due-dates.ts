import { toDay, type CalendarDay } from '@admin/shared/dates';
import { sql, type SQL } from 'drizzle-orm';
import { customers, invoices } from '../../db/schema';

/**
 * Due dates and the overdue rule. A Credit invoice is due on its date plus the customer's payment
 * terms unless staff chose another day; a Cash invoice is due (and paid) on its date. An invoice
 * still due ('sent' or 'unpaid') whose due date is before the business day is overdue; an overdue
 * one whose due date is today or later (moved, or brought back by a deleted payment) is unpaid again.
 */

/** The due date by the customer's terms, computed by the database in the write that stores it. */
export function dueDateByTerms(customerId: string, credit: boolean, dateOfCreation: string): SQL {
  const terms = credit ? sql`${customers.paymentTermsDays}` : sql`0`;
  return sql`(select ${toDay(dateOfCreation)}::date + ${terms} from ${customers} where ${customers.id} = ${customerId})`;
}

/** The same rule in SQL: invoices whose status it would change on `today`. */
export const becomesOverdue = (today: CalendarDay) =>
  sql`${invoices.status} in ('sent', 'unpaid') and ${invoices.dueDate} < ${today}::date`;
export const overdueNoLonger = (today: CalendarDay) =>
  sql`${invoices.status} = 'overdue' and ${invoices.dueDate} >= ${today}::date`;

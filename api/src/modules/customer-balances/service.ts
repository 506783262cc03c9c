import { PAYABLE_STATUSES, type CustomerBalance, type CustomerBalanceListQuery, type CustomerBalanceRow } from '@admin/shared/contract';
import { dayToUtcMidnight } from '@admin/shared/dates';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { filsOf } from '../../db/money-sql';
import { listSql } from '../../db/schema/columns';
import { customerAccounts, customers, invoices, payments } from '../../db/schema';
import { figuresFor, totalOf } from '../../db/figures';
import { listing, orderOf, pageIds, type Listing, type ListOrder } from '../../http/pagination';
import { customerNameSearch } from '../customers/service';

// Written out qualified: inside the subqueries below an unqualified "id" would be the inner table's.
const customerId = sql.raw('"customers"."id"');
const payable = listSql(PAYABLE_STATUSES);

/**
 * A customer's balance figures as columns of a select from customers: one query answers a
 * whole page, each figure read through the indexes on customer_id.
 */
export const balanceFigures = {
  advanceBalance: filsOf(sql`select ${customerAccounts.advanceBalance} from ${customerAccounts} where ${customerAccounts.customerId} = ${customerId}`),
  totalDue: filsOf(
    sql`select sum(${invoices.totalAmount} - ${invoices.paidAmount}) from ${invoices} where ${invoices.customerId} = ${customerId} and ${invoices.status} in ${payable}`,
  ),
  totalPaid: filsOf(
    sql`select sum(${payments.amount}) from ${payments} where ${payments.customerId} = ${customerId} and ${payments.paymentType} = 'invoice_payment'`,
  ),
  // The day as text: the drivers disagree on how a bare date value comes back.
  lastPaymentDay: sql<string | null>`(select to_char(max(${payments.paymentDate}), 'YYYY-MM-DD') from ${payments}
    where ${payments.customerId} = ${customerId} and ${payments.paymentType} <> 'refund')`,
};

type Figures = { advanceBalance: number; totalDue: number; totalPaid: number; lastPaymentDay: string | null };

export function toBalance({ advanceBalance, totalDue, totalPaid, lastPaymentDay }: Figures): CustomerBalance {
  return {
    advanceBalance,
    totalDue,
    netBalance: advanceBalance - totalDue,
    totalPaid,
    lastPaymentDate: lastPaymentDay ? dayToUtcMidnight(lastPaymentDay) : null,
  };
}

/** The customers list's order: newest first. */
const BALANCE_ORDER: ListOrder<NonNullable<CustomerBalanceListQuery['sort']>> = {
  columns: { customerName: customers.customerName, status: customers.status, createdAt: customers.createdAt },
  byDefault: { sort: ['createdAt'], order: 'desc' },
  id: customers.id,
};

function filterOf(query: CustomerBalanceListQuery): SQL | undefined {
  return and(
    customerNameSearch(query.search),
    query.status ? eq(customers.status, query.status) : undefined,
  );
}

export class CustomerBalanceService {
  constructor(private readonly db: Database) {}

  /** A page of customers, in the customers list's order, each with its balance figures. */
  list(query: CustomerBalanceListQuery): Listing<CustomerBalanceRow> {
    const where = filterOf(query);
    return listing(
      query,
      () => totalOf(this.db, figuresFor(query, 'customers', { status: 'status' }), async () => (await this.db.select({ n: count() }).from(customers).where(where))[0].n),
      async (offset, limit) => {
        const order = orderOf(BALANCE_ORDER, query);
        // The figures' subqueries run for the page's customers only, whatever the page.
        const rows = await this.db
          .select({
            id: customers.id,
            customerName: customers.customerName,
            customerAlternateName: customers.customerAlternateName,
            status: customers.status,
            ...balanceFigures,
          })
          .from(customers)
          .where(pageIds(this.db, customers.id, where, order, offset, limit))
          .orderBy(...order);
        return rows.map(({ id, customerName, customerAlternateName, status, ...figures }) => ({
          _id: id,
          customerName,
          customerAlternateName,
          status,
          ...toBalance(figures),
        }));
      },
    );
  }
}

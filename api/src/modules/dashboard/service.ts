import type { DashboardSummary } from '@admin/shared/contract';
import { addMonthsKeepingDay, businessToday } from '@admin/shared/dates';
import { and, desc, eq, gte, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers, invoices, payments, products } from '../../db/schema';

const RECENT = 5;
const MONTHS = 12;

const countOf = (table: SQLWrapper) =>
  sql<number>`(select count(*) from ${table})::int8`.mapWith(Number);
const sumOf = (expression: SQL) => sql<number>`coalesce((${expression}), 0)::int8`.mapWith(Number);
const month = (column: SQLWrapper) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Invoices that bill the customer: drafts are not sent yet and cancelled ones are void. */
const billed = notInArray(invoices.status, ['draft', 'cancelled']);

export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly businessTz: string,
    private readonly now: () => Date,
  ) {}

  async summary(): Promise<DashboardSummary> {
    const firstMonth = addMonthsKeepingDay(`${businessToday(this.businessTz, this.now()).slice(0, 7)}-01`, 1 - MONTHS);
    const [[figures], recentProducts, recentInvoices, recentPayments, invoiced, collected] = await Promise.all([
      this.db
        .select({
          invoices: countOf(invoices),
          payments: countOf(payments),
          products: countOf(products),
          customers: countOf(customers),
          advancePayments: sumOf(sql`select sum(${payments.amount}) from ${payments} where ${payments.paymentType} = 'advance'`),
          invoicePayments: sumOf(sql`select sum(${payments.amount}) from ${payments} where ${payments.paymentType} = 'invoice_payment'`),
          refunds: sumOf(sql`select -sum(${payments.amount}) from ${payments} where ${payments.paymentType} = 'refund'`),
          overdue: sumOf(sql`select sum(${invoices.totalAmount} - ${invoices.paidAmount}) from ${invoices} where ${invoices.status} = 'overdue'`),
        })
        .from(sql`(select 1) as one`),
      this.db
        .select({ _id: products.id, productName: products.productName, productPrice: products.productPrice })
        .from(products)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(RECENT),
      this.db
        .select({
          _id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          customer: { _id: customers.id, customerName: customers.customerName },
          totalAmount: invoices.totalAmount,
        })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(RECENT),
      this.db
        .select({
          _id: payments.id,
          paymentNumber: payments.paymentNumber,
          customer: { _id: customers.id, customerName: customers.customerName },
          paymentType: payments.paymentType,
          amount: payments.amount,
        })
        .from(payments)
        .innerJoin(customers, eq(customers.id, payments.customerId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(RECENT),
      this.db
        .select({ month: month(invoices.dateOfCreation), total: sumOf(sql`sum(${invoices.totalAmount})`) })
        .from(invoices)
        .where(and(billed, gte(invoices.dateOfCreation, firstMonth)))
        .groupBy(month(invoices.dateOfCreation)),
      this.db
        .select({ month: month(payments.paymentDate), total: sumOf(sql`sum(${payments.amount})`) })
        .from(payments)
        .where(and(eq(payments.paymentType, 'invoice_payment'), gte(payments.paymentDate, firstMonth)))
        .groupBy(month(payments.paymentDate)),
    ]);
    const byMonth = (rows: { month: string; total: number }[]) => new Map(rows.map((row) => [row.month, row.total]));
    const invoicedByMonth = byMonth(invoiced);
    const collectedByMonth = byMonth(collected);
    const monthly = Array.from({ length: MONTHS }, (_, index) => {
      const key = addMonthsKeepingDay(firstMonth, index).slice(0, 7);
      return { month: key, invoiced: invoicedByMonth.get(key) ?? 0, collected: collectedByMonth.get(key) ?? 0 };
    });
    const { advancePayments, invoicePayments, refunds, overdue, ...counts } = figures;
    return {
      counts,
      totals: { advancePayments, invoicePayments, refunds, overdue },
      recent: { products: recentProducts, invoices: recentInvoices, payments: recentPayments },
      monthly,
    };
  }
}

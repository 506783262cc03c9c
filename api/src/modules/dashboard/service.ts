import type { DashboardSummary } from '@admin/shared/contract';
import { addMonthsKeepingDay, businessToday } from '@admin/shared/dates';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { readFigures } from '../../db/figures';
import { customers, invoices, payments, products } from '../../db/schema';

const RECENT = 5;
const MONTHS = 12;

/**
 * The summary reads its counts, totals and months from dashboard_figures (db/figures.ts), which
 * the database keeps in the transaction of every write, so the figures are exact without reading
 * every row; only the five most recent of each kind are read from their tables (by index).
 */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly businessTz: string,
    private readonly now: () => Date,
  ) {}

  async summary(): Promise<DashboardSummary> {
    const firstMonth = addMonthsKeepingDay(`${businessToday(this.businessTz, this.now()).slice(0, 7)}-01`, 1 - MONTHS);
    const [figures, recentProducts, recentInvoices, recentPayments] = await Promise.all([
      readFigures(this.db),
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
    ]);
    const figure = (name: string) => figures.get(name) ?? 0;
    const monthly = Array.from({ length: MONTHS }, (_, index) => {
      const key = addMonthsKeepingDay(firstMonth, index).slice(0, 7);
      return { month: key, invoiced: figure(`invoiced:${key}`), collected: figure(`collected:${key}`) };
    });
    return {
      counts: { invoices: figure('invoices'), payments: figure('payments'), products: figure('products'), customers: figure('customers') },
      totals: {
        advancePayments: figure('paid:advance'),
        invoicePayments: figure('paid:invoice_payment'),
        refunds: -figure('paid:refund') || 0,
        overdue: figure('overdue'),
      },
      recent: { products: recentProducts, invoices: recentInvoices, payments: recentPayments },
      monthly,
    };
  }
}

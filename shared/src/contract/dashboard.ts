import type { Fils } from '../money';
import type { PaymentType } from './payments';

/** GET /dashboard/summary: `{ data: DashboardSummary }`, computed over every row, money in fils. */
export interface DashboardSummary {
  counts: { invoices: number; payments: number; products: number; customers: number };
  totals: {
    /** Sum of the advance payments on record (refunds are not subtracted; see `refunds`). */
    advancePayments: Fils;
    /** Sum of the invoice payments on record, the advance-funded parts included. */
    invoicePayments: Fils;
    /** Sum paid back by refunds, as a positive amount. */
    refunds: Fils;
    /** What remains to be paid on overdue invoices. */
    overdue: Fils;
  };
  recent: {
    products: { _id: string; productName: string; productPrice: Fils }[];
    invoices: {
      _id: string;
      invoiceNumber: string;
      customer: { _id: string; customerName: string };
      totalAmount: Fils;
    }[];
    payments: {
      _id: string;
      paymentNumber: string;
      customer: { _id: string; customerName: string };
      paymentType: PaymentType;
      amount: Fils;
    }[];
  };
  /** The last 12 months up to the current business month, oldest first. */
  monthly: { month: string; invoiced: Fils; collected: Fils }[];
}

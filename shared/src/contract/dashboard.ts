import type { PaymentType } from './payments';

/** GET /dashboard/summary: `{ data: DashboardSummary }`, computed over every row, money in fils. */
export interface DashboardSummary {
  counts: { invoices: number; payments: number; products: number; customers: number };
  totals: {
    /** Sum of the advance payments on record (refunds are not subtracted; see `refunds`). */
    advancePayments: number;
    /** Sum of the invoice payments on record, the advance-funded parts included. */
    invoicePayments: number;
    /** Sum paid back by refunds, as a positive amount. */
    refunds: number;
    /** What remains to be paid on overdue invoices. */
    overdue: number;
  };
  recent: {
    products: { _id: string; productName: string; productPrice: number }[];
    invoices: {
      _id: string;
      invoiceNumber: string;
      customer: { _id: string; customerName: string };
      totalAmount: number;
    }[];
    payments: {
      _id: string;
      paymentNumber: string;
      customer: { _id: string; customerName: string };
      paymentType: PaymentType;
      amount: number;
    }[];
  };
  /** The last 12 months up to the current business month, oldest first. */
  monthly: { month: string; invoiced: number; collected: number }[];
}

import * as v from 'valibot';
import { FilsField } from './common';
import { PAYMENT_TYPES } from './payments';

const NamedCustomerSchema = v.strictObject({ _id: v.string(), customerName: v.string() });

/** GET /dashboard/summary: `{ data: DashboardSummary }`, computed over every row, money in fils. */
export const DashboardSummarySchema = v.strictObject({
  counts: v.strictObject({ invoices: v.number(), payments: v.number(), products: v.number(), customers: v.number() }),
  totals: v.strictObject({
    /** Sum of the advance payments on record (refunds are not subtracted; see `refunds`). */
    advancePayments: FilsField,
    /** Sum of the invoice payments on record, the advance-funded parts included. */
    invoicePayments: FilsField,
    /** Sum paid back by refunds, as a positive amount. */
    refunds: FilsField,
    /** What remains to be paid on overdue invoices. */
    overdue: FilsField,
  }),
  recent: v.strictObject({
    products: v.array(v.strictObject({ _id: v.string(), productName: v.string(), productPrice: FilsField })),
    invoices: v.array(
      v.strictObject({
        _id: v.string(),
        invoiceNumber: v.string(),
        customer: NamedCustomerSchema,
        totalAmount: FilsField,
      }),
    ),
    payments: v.array(
      v.strictObject({
        _id: v.string(),
        paymentNumber: v.string(),
        customer: NamedCustomerSchema,
        paymentType: v.picklist(PAYMENT_TYPES),
        amount: FilsField,
      }),
    ),
  }),
  /** The last 12 months up to the current business month, oldest first. */
  monthly: v.array(v.strictObject({ month: v.string(), invoiced: FilsField, collected: FilsField })),
});
export type DashboardSummary = v.InferOutput<typeof DashboardSummarySchema>;

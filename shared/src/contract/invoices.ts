import * as v from 'valibot';
import { formatKd, MAX_FILS, type Fils } from '../money';
import {
  DayField,
  daySchema,
  FilsField,
  ListQueryEntries,
  moneySchema,
  nameSchema,
  oneLine,
  optionalLine,
  optionalText,
  queryFilter,
  REAL_DATE_MESSAGE,
  refSchema,
  StampEntries,
  statusListFilter,
} from './common';
import { CoveringChequeSchema } from './cheques';
import { PromiseToPaySchema } from './reminders';
import { PAYMENT_MODES } from './payments';
import {
  DiscountField,
  discountEntry,
  discountFitsLine,
  DISCOUNT_MESSAGES,
  invoiceAmounts,
  type Discount,
} from './discounts';
import { dateRangeEntries, sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'unpaid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What staff may choose; 'paid' is set only by recorded payments. */
export const STAFF_INVOICE_STATUSES = [
  'draft',
  'sent',
  'unpaid',
  'overdue',
  'cancelled',
] as const satisfies readonly InvoiceStatus[];
export const DEFAULT_INVOICE_STATUS: InvoiceStatus = 'unpaid';
/** Invoices in these statuses are due and can be paid; draft and cancelled are not due, paid is settled. */
export const PAYABLE_STATUSES = ['sent', 'unpaid', 'overdue'] as const satisfies readonly InvoiceStatus[];

export const MAX_LINES = 200;
export const MAX_QUANTITY = 1_000_000;
/** Automatic numbers look like INV-000123; a manual number may not, so the two never collide. */
export const AUTOMATIC_NUMBER = /^INV-\d+$/i;

export const TOTAL_MISMATCH = 'Total amount does not match the lines';
/** A total that differs is told the figure the lines come to. */
export const totalMismatch = (total: Fils | null) =>
  total === null ? TOTAL_MISMATCH : `Total amount does not match the lines: they come to ${formatKd(total, 'en')}`;
export const PAID_BY_PAYMENTS = 'An invoice becomes paid when its payments cover the total';
export const DUE_BEFORE_DATE = 'Due date cannot be before the invoice date';

/** A due date sent with the invoice cannot come before the invoice's own date. */
export const dueDateAgrees = (input: { dateOfCreation: string; dueDate?: string | null }) =>
  !input.dueDate || input.dueDate >= input.dateOfCreation;

/** One product line of an invoice or a schedule; unitPrice in fils, an optional discount off the line. */
export const LineInputSchema = v.pipe(
  v.strictObject({
    product: refSchema('Product is required'),
    quantity: v.pipe(
      v.number('Quantity must be at least 1'),
      v.integer('Quantity must be a whole number'),
      v.minValue(1, 'Quantity must be at least 1'),
      v.maxValue(MAX_QUANTITY, `Quantity cannot be more than ${MAX_QUANTITY.toLocaleString('en-US')}`),
    ),
    unitPrice: moneySchema('Unit price is required', 0, 'Unit price cannot be negative'),
    discount: discountEntry,
  }),
  v.forward(
    v.partialCheck([['quantity'], ['unitPrice'], ['discount']], discountFitsLine, DISCOUNT_MESSAGES.exceedsLine),
    ['discount'],
  ),
);
export type LineInput = v.InferOutput<typeof LineInputSchema>;

/**
 * The total after the lines' and the invoice's discounts in fils (shared/src/contract/discounts.ts),
 * or null when a discount exceeds what it is off or an amount passes MAX_FILS.
 */
export function totalOfLines(
  lines: readonly { quantity: number; unitPrice: Fils; discount?: Discount | null }[],
  discount?: Discount | null,
): Fils | null {
  return invoiceAmounts(lines, discount)?.total ?? null;
}

/** The lines, the whole's discount and the optional client total, shared by invoices and schedules. */
export const linesEntries = {
  products: v.pipe(
    v.array(LineInputSchema, 'Product is required'),
    v.minLength(1, 'Product is required'),
    v.maxLength(MAX_LINES, `At most ${MAX_LINES} lines`),
    // Compared without the exact arithmetic, so a line with another problem reports only that.
    v.check(
      (lines) => lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0) <= MAX_FILS,
      'Amount is too large',
    ),
  ),
  /** Off the sum of the line totals, after the lines' own discounts. */
  discount: discountEntry,
  totalAmount: v.optional(moneySchema('Total amount is required')),
};

type LinesInput = { products: LineInput[]; discount?: Discount | null; totalAmount?: number };

/** The whole's discount cannot exceed the total of the lines (a line's own problem is reported by the line). */
export const discountFits = (input: LinesInput) =>
  !input.products.length ||
  invoiceAmounts(input.products) === null ||
  totalOfLines(input.products, input.discount) !== null;

/**
 * A total sent with the lines must agree with them, so a stale form cannot save a wrong amount.
 * Without lines there is nothing to compare (the lines' own message says so).
 */
export const totalAgrees = (input: LinesInput) =>
  input.totalAmount === undefined ||
  !input.products.length ||
  input.totalAmount === totalOfLines(input.products, input.discount);

/** What a differing total is told: the total the lines and discounts come to. */
export const totalDiffers = (issue: { input: unknown }) => {
  const input = issue.input as LinesInput;
  return totalMismatch(totalOfLines(input.products, input.discount));
};

export const OVERRIDE_MESSAGES = {
  reason: 'A reason is required to override the credit limit',
  reasonMax: 'The reason cannot exceed 500 characters',
} as const;

/** POST /invoices and PUT /invoices/{id}. Money in fils, dates as days. */
export const InvoiceInputSchema = v.pipe(
  v.strictObject({
    customer: refSchema('Customer is required'),
    dateOfCreation: daySchema('Date is required'),
    /**
     * Credit invoices: when it must be paid; absent or null is the date plus the customer's payment
     * terms. Cash invoices are due on their date, whatever is sent.
     */
    dueDate: v.optional(v.nullable(daySchema('Due date must be a date such as 2026-12-31', REAL_DATE_MESSAGE))),
    /** true: Credit, false: Cash (settled in full when created). */
    credit: v.optional(v.boolean('Payment type must be Credit or Cash'), true),
    manualInvoiceNumber: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          oneLine(),
          v.trim(),
          v.maxLength(50, 'Manual invoice number cannot exceed 50 characters'),
          v.check(
            (value) => !AUTOMATIC_NUMBER.test(value),
            'Manual invoice numbers cannot take the automatic form INV-000123',
          ),
        ),
      ),
    ),
    referenceNumber: optionalLine(100, 'Reference number cannot exceed 100 characters'),
    notes: optionalText(2000, 'Notes cannot exceed 2000 characters'),
    /** Makes the invoice a debit note: the credit note (of the same customer) it corrects. */
    debitNoteFor: v.optional(v.nullable(refSchema('Credit note not found'))),
    status: v.optional(
      v.pipe(
        v.picklist(INVOICE_STATUSES, 'Invalid status'),
        v.check((status) => status !== 'paid', PAID_BY_PAYMENTS),
      ),
    ),
    /**
     * Issues a Credit invoice that the customer's credit limit or overdue rule refuses; only from
     * those with invoices.overrideCreditLimit, recorded with its reason in the invoice's audit entry.
     */
    override: v.optional(
      v.strictObject({
        reason: nameSchema({ required: OVERRIDE_MESSAGES.reason, max: OVERRIDE_MESSAGES.reasonMax }, 1, 500),
      }),
    ),
    ...linesEntries,
  }),
  v.forward(v.partialCheck([['products'], ['discount']], discountFits, DISCOUNT_MESSAGES.exceedsLines), ['discount']),
  v.forward(v.partialCheck([['products'], ['discount'], ['totalAmount']], totalAgrees, totalDiffers), ['totalAmount']),
  v.forward(v.partialCheck([['dateOfCreation'], ['dueDate']], dueDateAgrees, DUE_BEFORE_DATE), ['dueDate']),
);
export type InvoiceInput = v.InferOutput<typeof InvoiceInputSchema>;

/** GET /invoices: page, limit, search (numbers and customer name), status, credit, customer. */
export const InvoiceListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: statusListFilter(INVOICE_STATUSES),
  credit: queryFilter(
    v.pipe(
      v.picklist(['true', 'false'], 'Invalid payment type'),
      v.transform((text) => text === 'true'),
    ),
  ),
  customer: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer'))),
  ...dateRangeEntries,
  ...sortEntries(LIST_SORTS.invoices),
});
export type InvoiceListQuery = v.InferOutput<typeof InvoiceListQuerySchema>;

/** A product line as an answer holds it (an invoice's, a schedule's or a credit note's). */
export const LineSchema = v.strictObject({
  product: v.strictObject({ _id: v.string(), productName: v.string() }),
  quantity: v.number(),
  unitPrice: FilsField,
  /** The line's own discount, only when it has one. */
  discount: v.optional(DiscountField),
  /** Quantity × unit price less the line's discount. */
  lineTotal: FilsField,
});
export type Line = v.InferOutput<typeof LineSchema>;

/** An invoice as the API answers it: exactly these fields. */
export const InvoiceSchema = v.strictObject({
  ...StampEntries,
  invoiceNumber: v.string(),
  manualInvoiceNumber: v.nullable(v.string()),
  referenceNumber: v.nullable(v.string()),
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  credit: v.boolean(),
  /** The invoice's day. */
  dateOfCreation: DayField,
  /** The day it must be paid by; the day after, it is overdue. */
  dueDate: DayField,
  products: v.array(LineSchema),
  /** Off the sum of the line totals, only when it has one. */
  discount: v.optional(DiscountField),
  /** The sum of the line totals less the invoice's discount. */
  totalAmount: FilsField,
  paidAmount: FilsField,
  /** What its credit notes took back (cancellations and write-offs included). */
  creditedAmount: FilsField,
  /** total − paid − credited: what it still owes. */
  remainingAmount: FilsField,
  status: v.picklist(INVOICE_STATUSES),
  /** A debit note: the credit note it corrects (only on debit notes). */
  debitNoteFor: v.optional(v.strictObject({ _id: v.string(), creditNoteNumber: v.string() })),
  notes: v.nullable(v.string()),
  /** The schedule that generated it, while that schedule exists. */
  schedule: v.nullable(v.strictObject({ _id: v.string(), scheduleName: v.string() })),
  /** The schedule period it was generated for. */
  schedulePeriod: v.nullable(DayField),
  /**
   * Post-dated cheques meant for it that have not cleared yet, when there are any: a promise the
   * screen names ('Covered by cheque 004512 due 15/01/2027'), not money paid.
   */
  coveredByCheques: v.optional(v.array(CoveringChequeSchema)),
  /** The customer's promise to pay, when one was recorded (POST /invoices/:id/promise). */
  promise: v.optional(PromiseToPaySchema),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

/**
 * GET /invoices/{id}/payments: what was paid on the invoice, oldest first; a payment taken back
 * (its cheque bounced or was returned) shows as its own negative entry.
 */
export const InvoiceSettlementSchema = v.strictObject({
  payment: v.strictObject({ _id: v.string(), paymentNumber: v.string() }),
  paymentDate: DayField,
  paymentMode: v.picklist(PAYMENT_MODES),
  /** What this payment put on (or, negative, took off) this invoice. */
  amount: FilsField,
  cheque: v.nullable(v.strictObject({ _id: v.string(), chequeNumber: v.string() })),
});
export type InvoiceSettlement = v.InferOutput<typeof InvoiceSettlementSchema>;

/** GET /invoices/{id}/payment-status */
export const InvoicePaymentStatusSchema = v.strictObject({
  paymentStatus: v.strictObject({
    totalAmount: FilsField,
    totalPaid: FilsField,
    remainingAmount: FilsField,
    status: v.picklist(INVOICE_STATUSES),
  }),
});
export type InvoicePaymentStatus = v.InferOutput<typeof InvoicePaymentStatusSchema>;

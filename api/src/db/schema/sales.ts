import { CREDIT_NOTE_REASONS, DISCOUNT_KINDS, INVOICE_STATUSES, PAYABLE_STATUSES } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, listSql, money, trigramIndex, updatedAt } from './columns';
import { users } from './auth';
import { customers, products } from './masters';

/** Automatic invoice numbers: INV-000001, INV-000002… Gaps are possible (a rolled-back create), repeats never. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq');

/** The next automatic number; it widens past INV-999999 instead of truncating. */
export const nextInvoiceNumber = () =>
  sql<string>`(select 'INV-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('invoice_number_seq') as n)`;

const INVOICE_STATUS_SQL = listSql(INVOICE_STATUSES);
/** The statuses of an invoice still due, for partial indexes. */
const OPEN_STATUS_SQL = listSql(PAYABLE_STATUSES);
const SCHEDULE_STATUS_SQL = sql.raw(`('inactive', 'active', 'paused', 'completed')`);

/**
 * A discount (migration 0023_discounts): 'percent' keeps hundredths of a percent (12.5 % = 1250),
 * 'amount' fils; both null is none.
 */
const discountColumns = () => ({
  discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
  discountValue: bigint('discount_value', { mode: 'number' }),
});
const discountCheck = (name: string, t: { discountKind: AnyPgColumn; discountValue: AnyPgColumn }) =>
  check(
    name,
    sql`(${t.discountKind} is null and ${t.discountValue} is null) or (${t.discountKind} = 'percent' and ${t.discountValue} between 0 and 10000) or (${t.discountKind} = 'amount' and ${t.discountValue} >= 0)`,
  );

/**
 * A recurring invoice: its lines are copied into one invoice per period. Period k falls on
 * start_date + k * recurring_period months (always counted from the start, so 31 Jan stays on the
 * 31st where the month has one); periods_generated is the k of next_invoice_date.
 */
export const scheduledInvoices = pgTable(
  'scheduled_invoices',
  {
    id: id(),
    scheduleName: text('schedule_name').notNull(),
    referenceNumber: text('reference_number'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    dateOfCreation: day('date_of_creation').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    recurringPeriod: integer('recurring_period').notNull(),
    ...discountColumns(),
    totalAmount: money('total_amount').notNull(),
    notes: text('notes'),
    status: text('status', { enum: ['inactive', 'active', 'paused', 'completed'] })
      .notNull()
      .default('inactive'),
    automated: boolean('automated').notNull().default(false),
    nextInvoiceDate: day('next_invoice_date').notNull(),
    periodsGenerated: integer('periods_generated').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_invoices_created_idx').on(t.createdAt, t.id),
    index('scheduled_invoices_customer_idx').on(t.customerId),
    // The due list and the automation job read active schedules by next date.
    index('scheduled_invoices_due_idx').on(t.status, t.nextInvoiceDate),
    trigramIndex('scheduled_invoices_name_trgm_idx', t.scheduleName),
    check('scheduled_invoices_status_check', sql`${t.status} in ${SCHEDULE_STATUS_SQL}`),
    check('scheduled_invoices_period_check', sql`${t.recurringPeriod} between 1 and 12`),
    check('scheduled_invoices_end_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('scheduled_invoices_total_check', sql`${t.totalAmount} >= 0`),
    check('scheduled_invoices_periods_check', sql`${t.periodsGenerated} >= 0`),
    discountCheck('scheduled_invoices_discount_check', t),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** The manual number when staff give one, else the next automatic number. */
    invoiceNumber: text('invoice_number').notNull().unique('invoices_invoice_number_key'),
    manualInvoiceNumber: text('manual_invoice_number'),
    referenceNumber: text('reference_number'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** true: Credit (paid later); false: Cash (settled when created). */
    credit: boolean('credit').notNull().default(true),
    dateOfCreation: day('date_of_creation').notNull(),
    /** When it must be paid: Credit invoices the date plus the customer's terms unless staff chose; Cash the date. */
    dueDate: day('due_date').notNull(),
    /** Off the sum of the line totals; the total is what is left. */
    ...discountColumns(),
    totalAmount: money('total_amount').notNull(),
    /**
     * Sum of the payment allocations to this invoice less what its credit notes moved to the
     * advance balance, kept in the same transaction as they change.
     */
    paidAmount: money('paid_amount').notNull().default(fils(0)),
    /** Sum of its credit notes (migration 0021_credit_notes); it owes total − paid − credited. */
    creditedAmount: money('credited_amount').notNull().default(fils(0)),
    status: text('status', { enum: ['draft', 'sent', 'paid', 'unpaid', 'overdue', 'cancelled'] }).notNull(),
    notes: text('notes'),
    // A deleted schedule leaves its invoices in place, no longer linked.
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => scheduledInvoices.id, { onDelete: 'set null' }),
    /** The schedule's period this invoice was generated for; (schedule, period) is generated once. */
    schedulePeriod: day('schedule_period'),
    /** The customer's promise to pay by this day (migration 0028_reminders): reminders wait until after it. */
    promisedUntil: day('promised_until'),
    promiseNote: text('promise_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('invoices_schedule_period_key').on(t.scheduleId, t.schedulePeriod),
    index('invoices_created_idx').on(t.createdAt, t.id),
    // The list's sorts, each ending on the id (migration 0004_list_orders).
    index('invoices_list_default_idx').on(t.dateOfCreation, t.invoiceNumber, t.id),
    index('invoices_manual_number_idx').on(t.manualInvoiceNumber, t.id),
    index('invoices_reference_idx').on(t.referenceNumber, t.id),
    index('invoices_credit_idx').on(t.credit, t.id),
    index('invoices_total_idx').on(t.totalAmount, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    index('invoices_due_idx').on(t.dueDate, t.id),
    index('invoices_customer_idx').on(t.customerId),
    // Statements read a customer's invoices by date; the aging report and the overdue job read
    // only the open ones (what is still due), by due date.
    index('invoices_customer_date_idx').on(t.customerId, t.dateOfCreation),
    index('invoices_open_due_idx')
      .on(t.customerId, t.dueDate)
      .where(sql`${t.status} in ${OPEN_STATUS_SQL}`),
    index('invoices_overdue_job_idx')
      .on(t.dueDate)
      .where(sql`${t.status} in ${OPEN_STATUS_SQL}`),
    trigramIndex('invoices_number_trgm_idx', t.invoiceNumber),
    // A search for INV-0199 reads the numbers starting so from here (lists/conditions.ts,
    // IssuedNumber), which the check below makes exact (migration 0011_issued_numbers).
    index('invoices_number_prefix_idx').on(sql`${t.invoiceNumber} collate "C"`),
    check(
      'invoices_number_issued_check',
      sql`case when ${t.manualInvoiceNumber} is null then ${t.invoiceNumber} ~ '^INV-[0-9]+$' else ${t.invoiceNumber} = ${t.manualInvoiceNumber} end`,
    ),
    trigramIndex('invoices_manual_number_trgm_idx', t.manualInvoiceNumber),
    trigramIndex('invoices_reference_trgm_idx', t.referenceNumber),
    check('invoices_status_check', sql`${t.status} in ${INVOICE_STATUS_SQL}`),
    check('invoices_due_date_check', sql`${t.dueDate} >= ${t.dateOfCreation}`),
    check('invoices_total_check', sql`${t.totalAmount} >= 0`),
    discountCheck('invoices_discount_check', t),
    check(
      'invoices_paid_check',
      sql`${t.paidAmount} >= 0 and ${t.creditedAmount} >= 0 and ${t.paidAmount} + ${t.creditedAmount} <= ${t.totalAmount}`,
    ),
    // Only recorded payments and credit notes settle an invoice.
    check(
      'invoices_paid_status_check',
      sql`${t.status} <> 'paid' or ${t.paidAmount} + ${t.creditedAmount} = ${t.totalAmount}`,
    ),
  ],
);

/** The product lines of an invoice or a schedule: one shape, two tables. */
function lineTable(tableName: string, parent: () => AnyPgColumn, parentColumn: string) {
  return pgTable(
    tableName,
    {
      id: id(),
      parentId: uuid(parentColumn).notNull().references(parent, { onDelete: 'cascade' }),
      position: integer('position').notNull(),
      productId: uuid('product_id')
        .notNull()
        .references(() => products.id),
      quantity: integer('quantity').notNull(),
      unitPrice: money('unit_price').notNull(),
      ...discountColumns(),
      /** Quantity × unit price less the line's discount. */
      lineTotal: money('line_total').notNull(),
    },
    (t) => [
      unique(`${tableName}_position_key`).on(t.parentId, t.position),
      index(`${tableName}_product_idx`).on(t.productId),
      check(`${tableName}_quantity_check`, sql`${t.quantity} >= 1`),
      check(`${tableName}_unit_price_check`, sql`${t.unitPrice} >= 0`),
      discountCheck(`${tableName}_discount_check`, t),
      // A percent rounds half away from zero, as shared/src/contract/discounts.ts computes it.
      check(
        `${tableName}_line_total_check`,
        sql`${t.lineTotal} >= 0 and ${t.lineTotal} = ${t.quantity}::bigint * ${t.unitPrice} - case ${t.discountKind} when 'amount' then ${t.discountValue} when 'percent' then (${t.quantity}::bigint * ${t.unitPrice} * ${t.discountValue} * 2 + 10000) / 20000 else 0 end`,
      ),
    ],
  );
}

export const invoiceLines = lineTable('invoice_lines', () => invoices.id, 'invoice_id');
export const scheduledInvoiceLines = lineTable(
  'scheduled_invoice_lines',
  () => scheduledInvoices.id,
  'scheduled_invoice_id',
);
export type LineTable = typeof invoiceLines;

/**
 * The credit notes' numbers, CN-000001…: one row whose counter the issuing transaction moves, so a
 * rolled-back issue leaves no gap and two instances never give one number twice.
 */
export const creditNoteCounter = pgTable(
  'credit_note_counter',
  {
    id: integer('id').primaryKey().default(1),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('credit_note_counter_single_row', sql`${t.id} = 1`)],
);

/**
 * Part of an invoice taken back (migration 0021_credit_notes): `owedAmount` lowered what the invoice
 * still owed, `toAdvance` (already paid) went to the customer's advance balance. Never edited or deleted.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNoteNumber: text('credit_note_number').notNull().unique('credit_notes_credit_note_number_key'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    creditDate: day('credit_date').notNull(),
    reason: text('reason', { enum: CREDIT_NOTE_REASONS }).notNull(),
    amount: money('amount').notNull(),
    owedAmount: money('owed_amount').notNull(),
    toAdvance: money('to_advance').notNull(),
    notes: text('notes'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_customer_date_idx').on(t.customerId, t.creditDate),
    index('credit_notes_list_default_idx').on(t.creditDate, t.creditNoteNumber, t.id),
    index('credit_notes_number_prefix_idx').on(sql`${t.creditNoteNumber} collate "C"`),
    check('credit_notes_number_issued_check', sql`${t.creditNoteNumber} ~ '^CN-[0-9]+$'`),
    check('credit_notes_reason_check', sql`${t.reason} in ${listSql(CREDIT_NOTE_REASONS)}`),
    check(
      'credit_notes_amount_check',
      sql`${t.amount} > 0 and ${t.owedAmount} >= 0 and ${t.toAdvance} >= 0 and ${t.owedAmount} + ${t.toAdvance} = ${t.amount}`,
    ),
  ],
);

/**
 * The invoice lines a credit note takes back, at the invoice line's price; what the line's and the
 * invoice's discounts took off those units is the credited line's discount amount.
 */
export const creditNoteLines = lineTable('credit_note_lines', () => creditNotes.id, 'credit_note_id');

/**
 * The invoices that are debit notes, each naming the credit note it corrects. A table of its own so
 * the foreign keys stay a tree: credit notes point at invoices, these at both.
 */
export const debitNotes = pgTable(
  'debit_notes',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id),
  },
  (t) => [index('debit_notes_credit_note_idx').on(t.creditNoteId)],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHEQUE_STATUSES } from '@admin/shared/contract';
import { users } from './auth';
import { createdAt, day, id, listSql, money, updatedAt } from './columns';
import { banks, customers } from './masters';
import { invoices } from './sales';

/**
 * A cheque received from a customer (migration 0018_cheques). `posted_date` is the day its payment
 * was posted (null: nothing posted, a post-dated cheque before it clears); the payments it posted
 * and their reversals point back at it (payments.cheque_id).
 */
export const cheques = pgTable(
  'cheques',
  {
    id: id(),
    chequeNumber: text('cheque_number').notNull(),
    bankId: uuid('bank_id')
      .notNull()
      .references(() => banks.id),
    drawerName: text('drawer_name'),
    chequeDate: day('cheque_date').notNull(),
    amount: money('amount').notNull(),
    receivedDate: day('received_date').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    notes: text('notes'),
    status: text('status', { enum: CHEQUE_STATUSES }).notNull().default('in_hand'),
    postedDate: day('posted_date'),
    depositedDate: day('deposited_date'),
    bankAccount: text('bank_account'),
    clearedDate: day('cleared_date'),
    bouncedDate: day('bounced_date'),
    bounceReason: text('bounce_reason'),
    bounceCharge: money('bounce_charge'),
    returnedDate: day('returned_date'),
    returnReason: text('return_reason'),
    /** What a bounce left the customer owing of an advance they had already spent. */
    shortfallInvoiceId: uuid('shortfall_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The bank's charge for a bounce, billed to the customer. */
    chargeInvoiceId: uuid('charge_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The new cheque a bounced one was exchanged for (status replaced). */
    replacedById: uuid('replaced_by_id').references((): AnyPgColumn => cheques.id),
    /** The staff user who received it; null when the system did (migration 0019_recorded_by). */
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cheques_list_default_idx').on(t.chequeDate, t.chequeNumber, t.id),
    index('cheques_status_idx').on(t.status, t.chequeDate),
    index('cheques_customer_idx').on(t.customerId),
    index('cheques_bank_idx').on(t.bankId),
    index('cheques_number_idx').on(t.chequeNumber),
    // The collections report's PDCs received in a period.
    index('cheques_received_idx').on(t.receivedDate),
    check('cheques_amount_positive', sql`${t.amount} > 0`),
    check('cheques_bounce_charge_positive', sql`${t.bounceCharge} > 0`),
    check('cheques_status_check', sql`${t.status} in ${listSql(CHEQUE_STATUSES)}`),
  ],
);

/** The invoices a cheque is meant for, and how much of it for each. */
export const chequeInvoices = pgTable(
  'cheque_invoices',
  {
    id: id(),
    chequeId: uuid('cheque_id')
      .notNull()
      .references(() => cheques.id, { onDelete: 'cascade' }),
    // An invoice deleted before the cheque clears: its share goes to the advance balance then.
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
  },
  (t) => [
    unique('cheque_invoices_cheque_invoice_key').on(t.chequeId, t.invoiceId),
    index('cheque_invoices_invoice_idx').on(t.invoiceId),
    check('cheque_invoices_amount_positive', sql`${t.amount} > 0`),
  ],
);

import { fils } from '@admin/shared/money';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PAYMENT_MODES, PAYMENT_TYPES } from '@admin/shared/contract';
import { createdAt, day, id, listSql, money, trigramIndex, updatedAt } from './columns';
import { users } from './auth';
import { cheques } from './cheques';
import { customers } from './masters';
import { invoices } from './sales';

/** PAY-000001, PAY-000002…: numbers come from this sequence, so they stay unique under concurrency. */
export const paymentNumberSeq = pgSequence('payment_number_seq');

/**
 * Money received or paid back. `amount` is signed: refunds are negative. For an invoice payment,
 * `amount` is what it settled on its invoices and `advance_used` the part of it taken from the
 * customer's advance balance; the rest was paid in `payment_mode`. The checks make a payment of the
 * wrong sign or an advance use larger than the payment impossible, whatever the query.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    paymentNumber: text('payment_number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    amount: money('amount').notNull(),
    advanceUsed: money('advance_used').notNull().default(fils(0)),
    paymentDate: day('payment_date').notNull(),
    referenceNumber: text('reference_number'),
    notes: text('notes'),
    /** The cheque that posted this payment, or whose bounce or return reversed it. */
    chequeId: uuid('cheque_id').references(() => cheques.id),
    /** A reversal: the payment it takes back, negated (migration 0018_cheques). */
    reversesPaymentId: uuid('reverses_payment_id').references((): AnyPgColumn => payments.id),
    /** The staff user who recorded it, or whose cheque step posted or reversed it; null when the system did (migration 0019_recorded_by). */
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_cheque_idx').on(t.chequeId),
    uniqueIndex('payments_reverses_key').on(t.reversesPaymentId),
    index('payments_created_idx').on(t.createdAt, t.id),
    // The list's sorts, each ending on the id (migration 0004_list_orders).
    index('payments_list_default_idx').on(t.paymentDate, t.paymentNumber, t.id),
    index('payments_type_idx').on(t.paymentType, t.id),
    index('payments_mode_idx').on(t.paymentMode, t.id),
    index('payments_amount_idx').on(t.amount, t.id),
    index('payments_reference_idx').on(t.referenceNumber, t.id),
    index('payments_customer_idx').on(t.customerId, t.paymentType),
    index('payments_date_idx').on(t.paymentDate),
    // A customer's statement reads their payments by date.
    index('payments_customer_date_idx').on(t.customerId, t.paymentDate),
    trigramIndex('payments_number_trgm_idx', t.paymentNumber),
    // A search for PAY-0199 reads the numbers starting so from here (lists/conditions.ts,
    // IssuedNumber), which the check below makes exact (migration 0011_issued_numbers).
    index('payments_number_prefix_idx').on(sql`${t.paymentNumber} collate "C"`),
    check('payments_number_issued_check', sql`${t.paymentNumber} ~ '^PAY-[0-9]+$'`),
    trigramIndex('payments_reference_trgm_idx', t.referenceNumber),
    check('payments_type_check', sql`${t.paymentType} in ${listSql(PAYMENT_TYPES)}`),
    check('payments_mode_check', sql`${t.paymentMode} in ${listSql(PAYMENT_MODES)}`),
    // A reversal is the payment it reverses negated: every sum of the ledger nets it out as it is.
    check(
      'payments_amount_by_type',
      sql`(${t.reversesPaymentId} is null and ((${t.paymentType} = 'advance' and ${t.amount} > 0 and ${t.advanceUsed} = 0)
        or (${t.paymentType} = 'invoice_payment' and ${t.amount} > 0 and ${t.advanceUsed} between 0 and ${t.amount})
        or (${t.paymentType} = 'refund' and ${t.amount} < 0 and ${t.advanceUsed} = 0)))
        or (${t.reversesPaymentId} is not null and ${t.paymentType} in ('advance', 'invoice_payment') and ${t.amount} < 0 and ${t.advanceUsed} = 0)`,
    ),
  ],
);

/** What an invoice payment settled on each invoice (negative on a reversal). Their sum is the payment's amount. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    unique('payment_allocations_payment_invoice_key').on(t.paymentId, t.invoiceId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * One row per customer that has moved money: the advance balance, and the row every money
 * transaction of that customer locks first, so two payments of one customer never interleave.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    // A customer with money on record cannot be deleted (their payments refer to them); an empty
    // account goes with its customer.
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    advanceBalance: money('advance_balance').notNull().default(fils(0)),
    updatedAt: updatedAt(),
  },
  (t) => [check('customer_accounts_balance_not_negative', sql`${t.advanceBalance} >= 0`)],
);

/**
 * The first answer to each Idempotency-Key, per user (any route), written in the same transaction as
 * the money it created: a retry finds it and gets the same answer instead of new money.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

import type { Bank, Cheque, ChequeStep, Customer, Payment } from '@admin/shared/contract';
import { dayToUtcMidnight, toDay } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { beforeAll, expect } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { invoices, nextInvoiceNumber } from '../db/schema';
import type { TestApp } from './harness';
import { createCustomer, customerLookups, type CustomerLookups } from './masters';
import { create, read } from './requests';
import { onlyRow, rowsOf } from '../db/rows';

/** Test fixtures of the ledger: customers, invoices in a given state, and the money calls. */
export async function ledgerFixture(t: TestApp) {
  const lookups = await customerLookups(t);
  return ledgerOn(t, () => lookups);
}

/**
 * The ledger fixtures for the tests of the calling file or describe block, their customers'
 * lookups made before the tests (after the app of setUpApp).
 */
export function setUpLedger(t: TestApp): LedgerFixture {
  let lookups: CustomerLookups | undefined;
  beforeAll(async () => {
    lookups = await customerLookups(t);
  });
  return ledgerOn(t, () => lookups!);
}

function ledgerOn(t: TestApp, lookups: () => CustomerLookups) {
  let customers = 0;
  let chequeNumbers = 4500;
  /** A money call's record: the `data` of its 201 answer. */
  const created = async <T>(url: string, body: object) => await create<T>(t, url, body);
  const day = dayToUtcMidnight('2026-11-21');

  const fixture = {
    day,
    customer: (name = `Customer ${++customers}`, overrides: Record<string, unknown> = {}) =>
      createCustomer(t, lookups(), { customerName: name, ...overrides }) as Promise<Customer>,

    /** An invoice as the sales module stores it; status and paid amount as a test needs them. */
    async invoice(customerId: string, totalAmount: number, status = 'unpaid', dateOfCreation: string = day) {
      const invoiceDay = dayToUtcMidnight(toDay(dateOfCreation));
      const inserted = await t.db
        .insert(invoices)
        .values({
          invoiceNumber: nextInvoiceNumber(),
          customerId,
          totalAmount: fils(totalAmount),
          status: status as 'unpaid',
          dateOfCreation: invoiceDay,
          dueDate: invoiceDay,
          credit: true,
        })
        .returning();
      return onlyRow(inserted);
    },

    async invoiceState(id: string) {
      const row = onlyRow(
        await t.db
          .select({
            paidAmount: invoices.paidAmount,
            creditedAmount: invoices.creditedAmount,
            status: invoices.status,
            totalAmount: invoices.totalAmount,
          })
          .from(invoices)
          .where(eq(invoices.id, id)),
        `invoice ${id}`,
      );
      // What credit notes took back shows in what remains (see creditNotes in the credit notes' tests).
      const { creditedAmount, ...state } = row;
      return { ...state, remaining: row.totalAmount - row.paidAmount - creditedAmount };
    },

    advanceBody: (customer: string, amount: number, overrides: Record<string, unknown> = {}) => ({
      customer,
      paymentDate: day,
      paymentMode: 'Cash',
      amount,
      ...overrides,
    }),

    advance: (customer: string, amount: number, overrides: Record<string, unknown> = {}) =>
      created<Payment>('/api/payments/advance', fixture.advanceBody(customer, amount, overrides)),

    payBody: (customer: string, lines: [string, number][], overrides: Record<string, unknown> = {}) => ({
      customer,
      paymentDate: day,
      paymentMode: 'Knet',
      relatedInvoices: lines.map(([invoice, paidAmount]) => ({ invoice, paidAmount })),
      useAdvanceBalance: false,
      ...overrides,
    }),

    pay: (customer: string, lines: [string, number][], overrides: Record<string, unknown> = {}) =>
      created<{ payment: Payment; advanceUsed: number; remainingAmountPaid: number }>(
        '/api/payments/invoice',
        fixture.payBody(customer, lines, overrides),
      ),

    refund: (customer: string, amount: number, overrides: Record<string, unknown> = {}) =>
      created<Payment>('/api/payments/refund', fixture.advanceBody(customer, amount, overrides)),

    bank: (bankName = `Bank ${++chequeNumbers}`) => create<Bank>(t, '/api/banks', { bankName }),

    /** A cheque of `amount` received on the fixture's day, dated the day before unless `chequeDate` says. */
    chequeBody: (
      customer: string,
      bank: string,
      amount: number,
      lines: [string, number][] = [],
      overrides: Record<string, unknown> = {},
    ) => ({
      customer,
      chequeNumber: String(++chequeNumbers).padStart(6, '0'),
      bank,
      chequeDate: '2026-11-20',
      amount,
      receivedDate: '2026-11-21',
      ...(lines.length && { relatedInvoices: lines.map(([invoice, paidAmount]) => ({ invoice, paidAmount })) }),
      ...overrides,
    }),

    cheque: (
      customer: string,
      bank: string,
      amount: number,
      lines: [string, number][] = [],
      overrides: Record<string, unknown> = {},
    ) => created<Cheque>('/api/cheques', fixture.chequeBody(customer, bank, amount, lines, overrides)),

    /** A step of a cheque, expecting it to be taken; `date` is the fixture's day unless the body says. */
    async step(cheque: string, step: ChequeStep, body: Record<string, unknown> = {}) {
      const response = await t.request('POST', `/api/cheques/${cheque}/${step}`, { date: day, ...body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Cheque;
    },

    balance: async (customer: string) =>
      (
        await read<{
          data: {
            advanceBalance: number;
            totalDue: number;
            netBalance: number;
            totalPaid: number;
            lastPaymentDate: string | null;
          };
        }>(t, `/api/payments/customer/${customer}/balance`)
      ).data,
  };
  return fixture;
}

export type LedgerFixture = ReturnType<typeof ledgerOn>;

/** Runs `count` tasks with at most `inFlight` of them in progress at any moment. */
export async function runPool<T>(count: number, inFlight: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return results;
}

/**
 * Recomputes every ledger invariant from the rows, independently of the code that keeps them,
 * and returns what does not hold (an empty list when all is well).
 */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const queries: [string, ReturnType<typeof sql>][] = [
    [
      'invoice paid_amount differs from its allocations less what its credit notes moved to the advance',
      sql`select i.invoice_number as what from invoices i
          where i.paid_amount <> coalesce((select sum(a.amount) from payment_allocations a where a.invoice_id = i.id), 0)
            - coalesce((select sum(n.to_advance) from credit_notes n where n.invoice_id = i.id), 0)`,
    ],
    [
      'invoice credited_amount differs from its credit notes',
      sql`select i.invoice_number as what from invoices i
          where i.credited_amount <> coalesce((select sum(n.amount) from credit_notes n where n.invoice_id = i.id), 0)`,
    ],
    [
      'invoice status disagrees with its paid and credited amounts',
      sql`select invoice_number as what from invoices
          where status not in ('draft', 'cancelled') and total_amount > 0
            and (status = 'paid') <> (paid_amount + credited_amount = total_amount)`,
    ],
    [
      'invoice fully credited but not cancelled',
      sql`select invoice_number as what from invoices where credited_amount > 0 and credited_amount = total_amount and status <> 'cancelled'`,
    ],
    [
      'invoice payment amount differs from its allocations',
      sql`select p.payment_number as what from payments p where p.payment_type = 'invoice_payment'
          and p.amount <> coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0)`,
    ],
    [
      'advance balance differs from advances − used − refunds + credit notes beyond what was owed',
      sql`select c.id::text as what from customers c
          left join customer_accounts ca on ca.customer_id = c.id
          where coalesce(ca.advance_balance, 0) <> coalesce((select sum(case when p.payment_type = 'invoice_payment'
                then -p.advance_used else p.amount end) from payments p where p.customer_id = c.id), 0)
            + coalesce((select sum(n.to_advance) from credit_notes n where n.customer_id = c.id), 0)`,
    ],
    [
      'invoice paid or credited beyond its total',
      sql`select invoice_number as what from invoices
          where paid_amount + credited_amount > total_amount or paid_amount < 0 or credited_amount < 0`,
    ],
    [
      'negative advance balance',
      sql`select customer_id::text as what from customer_accounts where advance_balance < 0`,
    ],
  ];
  const problems: string[] = [];
  for (const [label, query] of queries) {
    for (const row of rowsOf<{ what: string }>(await db.execute(query))) problems.push(`${label}: ${row.what}`);
  }
  return problems;
}

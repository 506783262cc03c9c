import type { Invoice } from '@admin/shared/contract';
import { beforeAll, expect } from '@rstest/core';
import fc from 'fast-check';
import { setUpApp } from './harness';
import { setUpLedger } from './ledger';
import { createProduct } from './masters';
import { pickCyclic } from '../lib/pick-cyclic';

/**
 * Random ledgers for property tests: steps drawn by fast-check (invoices billed, edited and
 * deleted, advances, invoice payments, refunds, payments deleted) run one by one through the API.
 */

const START = Date.UTC(2026, 0, 1);
/** The calendar day `offset` days after 1 January 2026. */
export const dayOf = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);

export type LedgerStep =
  | {
      op: 'invoice';
      /** Which of the ledger's customers (modulo their number); the first without it. */
      who?: number;
      amount: number;
      day: number;
      /** Due this many days after the invoice's day; the API's default without it. */
      dueAfter?: number;
      status?: 'unpaid' | 'sent' | 'draft';
      cash: boolean;
    }
  | {
      op: 'edit';
      pick: number;
      who: number;
      amount: number;
      dueAfter: number;
      status: 'unpaid' | 'draft' | 'cancelled';
    }
  | { op: 'advance'; amount: number; day: number }
  | { op: 'refund'; amount: number; day: number }
  | { op: 'pay'; pick: number; part: number; day: number; useAdvance?: boolean }
  | { op: 'deletePayment'; pick: number }
  | { op: 'deleteInvoice'; pick: number }
  /** A credit note on an invoice: its whole line (`lines`) or `part` of what it has uncredited. */
  | { op: 'credit'; pick: number; part: number; lines: boolean; day: number }
  | { op: 'cancel'; pick: number; day: number }
  | { op: 'writeOff'; pick: number; day: number };

/** What a random ledger holds: its customers, and the invoices and payments still there. */
export interface RandomLedger {
  customers: string[];
  invoices: { id: string; day: number }[];
  payments: string[];
}

/** Arbitraries of the steps, with the days they are drawn from. */
export const ledgerSteps = {
  amount: fc.integer({ min: 1, max: 500_000 }),
  /** Pays part of an invoice picked among the ledger's (from the advance balance when `useAdvance` is drawn). */
  pay: (day: fc.Arbitrary<number>, options: { useAdvance?: fc.Arbitrary<boolean> } = {}) =>
    fc.record({
      op: fc.constant('pay' as const),
      pick: fc.nat(),
      part: fc.double({ min: 0.05, max: 1, noNaN: true }),
      day,
      ...(options.useAdvance ? { useAdvance: options.useAdvance } : {}),
    }),
  deletePayment: fc.record({ op: fc.constant('deletePayment' as const), pick: fc.nat() }),
  deleteInvoice: fc.record({ op: fc.constant('deleteInvoice' as const), pick: fc.nat() }),
  /** A credit note, a cancellation or a write-off of an invoice picked among the ledger's. */
  correct: (day: fc.Arbitrary<number>) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          op: fc.constant('credit' as const),
          pick: fc.nat(),
          part: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
          lines: fc.boolean(),
          day,
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat(), day }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('writeOff' as const), pick: fc.nat(), day }) },
    ),
};

/**
 * The app at the business day 21 November 2026, its ledger fixtures, and `run`, which plays one
 * step on a ledger with invoice lines of one product named `productName`.
 */
export function setUpRandomLedger(productName: string) {
  const t = setUpApp({ now: () => new Date('2026-11-21T06:00:00.000Z') });
  const f = setUpLedger(t);
  let productId: string;
  beforeAll(async () => {
    productId = (await createProduct(t, { productName, productPrice: 1_000 }))._id;
  });

  const invoiceBody = (
    customer: string,
    s: { amount: number; dueAfter?: number; status?: string },
    invoiceDay: number,
    cash = false,
  ) => ({
    customer,
    dateOfCreation: dayOf(invoiceDay),
    ...(s.dueAfter === undefined ? {} : { dueDate: dayOf(invoiceDay + s.dueAfter) }),
    credit: !cash,
    ...(s.status === undefined ? {} : { status: s.status }),
    products: [{ product: productId, quantity: 1, unitPrice: s.amount }],
  });

  /** Runs a step through the API; refusals the ledger is meant to give (409) are part of the story, anything else fails. */
  async function run(s: LedgerStep, ledger: RandomLedger) {
    const expectOk = (statusCode: number, body: string, allowed = [200, 201, 204, 409]) =>
      expect(allowed, body).toContain(statusCode);
    const customerOf = (who = 0) => pickCyclic(ledger.customers, who);
    if (s.op === 'invoice') {
      const response = await t.request('POST', '/api/invoices', invoiceBody(customerOf(s.who), s, s.day, s.cash));
      expectOk(response.statusCode, response.body, [201]);
      ledger.invoices.push({ id: (response.json().data as Invoice)._id, day: s.day });
    } else if (s.op === 'edit') {
      if (!ledger.invoices.length) return;
      const invoice = pickCyclic(ledger.invoices, s.pick);
      const response = await t.request(
        'PUT',
        `/api/invoices/${invoice.id}`,
        invoiceBody(customerOf(s.who), s, invoice.day),
      );
      expectOk(response.statusCode, response.body, [200, 400, 409]);
    } else if (s.op === 'advance' || s.op === 'refund') {
      const response = await t.request(
        'POST',
        `/api/payments/${s.op}`,
        f.advanceBody(customerOf(), s.amount, { paymentDate: dayOf(s.day) }),
      );
      expectOk(response.statusCode, response.body);
      if (response.statusCode === 201) ledger.payments.push(response.json().data._id);
    } else if (s.op === 'pay') {
      if (!ledger.invoices.length) return;
      const { id } = pickCyclic(ledger.invoices, s.pick);
      const invoice = (await t.request('GET', `/api/invoices/${id}`)).json().data as Invoice;
      if (!invoice.remainingAmount || ['draft', 'cancelled'].includes(invoice.status)) return;
      const paid = Math.max(1, Math.floor(invoice.remainingAmount * s.part));
      const response = await t.request(
        'POST',
        '/api/payments/invoice',
        f.payBody(invoice.customer._id, [[id, paid]], {
          paymentDate: dayOf(s.day),
          useAdvanceBalance: s.useAdvance ?? false,
        }),
      );
      expectOk(response.statusCode, response.body);
      if (response.statusCode === 201) ledger.payments.push(response.json().data.payment._id);
    } else if (s.op === 'credit' || s.op === 'cancel' || s.op === 'writeOff') {
      if (!ledger.invoices.length) return;
      const invoice = pickCyclic(ledger.invoices, s.pick);
      // Never before the invoice's own day.
      const date = dayOf(Math.max(s.day, invoice.day));
      const uncredited = async () => {
        const read = (await t.request('GET', `/api/invoices/${invoice.id}`)).json().data as Invoice;
        return read.totalAmount - (read.creditedAmount ?? 0);
      };
      const response =
        s.op === 'credit'
          ? await t.request('POST', '/api/credit-notes', {
              invoice: invoice.id,
              date,
              reason: 'return',
              ...(s.lines
                ? { lines: [{ product: productId, quantity: 1 }] }
                : { amount: Math.max(1, Math.floor((await uncredited()) * s.part)) }),
            })
          : await t.request('POST', `/api/invoices/${invoice.id}/${s.op === 'cancel' ? 'cancel' : 'write-off'}`, {
              date,
              reason: 'Random',
            });
      // Refused: a draft or cancelled invoice, nothing left, or more than is left (part above 1).
      expectOk(response.statusCode, response.body, [201, 409]);
    } else if (s.op === 'deletePayment') {
      const [id] = ledger.payments.splice(s.pick % ledger.payments.length, 1);
      if (id === undefined) return;
      const response = await t.request('DELETE', `/api/payments/${id}`);
      expectOk(response.statusCode, response.body);
      if (response.statusCode === 409) ledger.payments.push(id);
    } else {
      const [invoice] = ledger.invoices.splice(s.pick % ledger.invoices.length, 1);
      if (!invoice) return;
      const response = await t.request('DELETE', `/api/invoices/${invoice.id}`);
      expectOk(response.statusCode, response.body);
      if (response.statusCode === 409) ledger.invoices.push(invoice);
    }
  }

  return { t, f, run };
}

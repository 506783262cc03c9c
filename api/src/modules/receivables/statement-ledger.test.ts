import type { CustomerStatement, Invoice } from '@admin/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProduct } from '../../test/masters';
import { ledgerFixture, type LedgerFixture } from '../payments/testing';

/**
 * Property: over random ledgers (Credit and Cash invoices, advances, invoice payments with and
 * without the advance, refunds, deleted payments and invoices, on random days) a customer's
 * statement closes on what the balance endpoint says they owe, every line's balance is the one
 * before plus its debit minus its credit, and a period's opening balance is where the whole
 * history stood the day before.
 */
let t: TestApp;
let f: LedgerFixture;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-21T06:00:00.000Z') });
  f = await ledgerFixture(t);
  productId = (await createProduct(t, { productName: 'Ledger item', productPrice: 1_000 }))._id;
});
afterAll(() => t.close());

const START = Date.UTC(2026, 0, 1);
const dayOf = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);

type Step =
  | { op: 'invoice'; amount: number; day: number; cash: boolean }
  | { op: 'advance'; amount: number; day: number }
  | { op: 'pay'; pick: number; part: number; day: number; useAdvance: boolean }
  | { op: 'refund'; amount: number; day: number }
  | { op: 'deletePayment'; pick: number }
  | { op: 'deleteInvoice'; pick: number };

const day = fc.integer({ min: 0, max: 300 });
const amount = fc.integer({ min: 1, max: 500_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), amount, day, cash: fc.boolean() }),
  fc.record({ op: fc.constant('advance' as const), amount, day }),
  fc.record({ op: fc.constant('pay' as const), pick: fc.nat(), part: fc.double({ min: 0.05, max: 1, noNaN: true }), day, useAdvance: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), amount, day }),
  fc.record({ op: fc.constant('deletePayment' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('deleteInvoice' as const), pick: fc.nat() }),
);

/** Runs a step through the API; refusals the ledger is meant to give (409) are part of the story, anything else fails. */
async function run(customer: string, s: Step, invoices: string[], payments: string[]) {
  const expectOk = (statusCode: number, body: string, allowed = [200, 201, 204, 409]) => expect(allowed, body).toContain(statusCode);
  if (s.op === 'invoice') {
    const response = await t.request('POST', '/api/invoices', {
      customer,
      dateOfCreation: dayOf(s.day),
      credit: !s.cash,
      products: [{ product: productId, quantity: 1, unitPrice: s.amount }],
    });
    expectOk(response.statusCode, response.body, [201]);
    invoices.push((response.json() as Invoice)._id);
  } else if (s.op === 'advance' || s.op === 'refund') {
    const response = await t.request('POST', `/api/payments/${s.op}`, f.advanceBody(customer, s.amount, { paymentDate: dayOf(s.day) }));
    expectOk(response.statusCode, response.body);
    if (response.statusCode === 201) payments.push(response.json().data._id);
  } else if (s.op === 'pay') {
    if (!invoices.length) return;
    const id = invoices[s.pick % invoices.length];
    const invoice = (await t.request('GET', `/api/invoices/${id}`)).json() as Invoice;
    const paid = Math.max(1, Math.floor(invoice.remainingAmount * s.part));
    if (!invoice.remainingAmount) return;
    const response = await t.request('POST', '/api/payments/invoice', f.payBody(customer, [[id, paid]], { paymentDate: dayOf(s.day), useAdvanceBalance: s.useAdvance }));
    expectOk(response.statusCode, response.body);
    if (response.statusCode === 201) payments.push(response.json().data.payment._id);
  } else if (s.op === 'deletePayment') {
    if (!payments.length) return;
    const [id] = payments.splice(s.pick % payments.length, 1);
    const response = await t.request('DELETE', `/api/payments/${id}`);
    expectOk(response.statusCode, response.body);
    if (response.statusCode === 409) payments.push(id);
  } else {
    if (!invoices.length) return;
    const [id] = invoices.splice(s.pick % invoices.length, 1);
    const response = await t.request('DELETE', `/api/invoices/${id}`);
    expectOk(response.statusCode, response.body);
    if (response.statusCode === 409) invoices.push(id);
  }
}

async function statementOf(customer: string, from: string, to: string): Promise<CustomerStatement> {
  const response = await t.request('GET', `/api/customers/${customer}/statement?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function expectNoJumps(s: CustomerStatement) {
  let balance = s.openingBalance;
  let previousDay = '';
  for (const line of s.lines) {
    expect(line.date >= previousDay).toBe(true);
    expect(line.debit >= 0 && line.credit >= 0).toBe(true);
    balance += line.debit - line.credit;
    expect(line.balance).toBe(balance);
    previousDay = line.date;
  }
  expect(s.closingBalance).toBe(balance);
}

describe('customer statement over random ledgers', () => {
  it('closes on the balance endpoint, never jumps, and opens each period where the history stood', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 300 }), async (steps, cut) => {
        const customer = (await f.customer(`Ledger ${++n}`))._id;
        const invoices: string[] = [];
        const payments: string[] = [];
        for (const s of steps) await run(customer, s, invoices, payments);

        const whole = await statementOf(customer, dayOf(-1), dayOf(400));
        expect(whole.openingBalance).toBe(0);
        expectNoJumps(whole);
        const balance = await f.balance(customer);
        expect(whole.closingBalance).toBe(balance.totalDue - balance.advanceBalance);
        expect(whole.closingBalance).toBe(0 - balance.netBalance);
        expect(whole.aging.total).toBe(balance.totalDue);

        const period = await statementOf(customer, dayOf(cut), dayOf(400));
        expectNoJumps(period);
        const before = whole.lines.filter((line) => line.date.slice(0, 10) < dayOf(cut));
        expect(period.openingBalance).toBe(before.at(-1)?.balance ?? 0);
        expect(period.lines).toEqual(whole.lines.slice(before.length));
        expect(period.closingBalance).toBe(whole.closingBalance);
      }),
      { numRuns: 25 },
    );
  });
});

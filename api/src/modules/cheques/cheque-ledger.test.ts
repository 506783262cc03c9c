import type { Cheque, CustomerStatement, Invoice } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { onlyRow, rowsOf } from '../../db/rows';
import { pickCyclic } from '../../lib/pick-cyclic';
import {
  dayOf,
  fullOnPostgres,
  ledgerSteps,
  ledgerViolations,
  read,
  setUpRandomLedger,
  type LedgerStep,
  type RandomLedger,
} from '../../test';

/**
 * Property: over random ledgers of invoices, payments, advances, refunds and cheques (paid at once
 * or post-dated, alone or with a payment in mode Check) taken through random steps (deposit,
 * clear, bounce, return, right or wrong for their state), after every step the ledger adds up
 * (each invoice's remaining is its total minus the payments posted to it), a post-dated cheque
 * has not moved a balance before it clears, and the balance endpoint, the statement's closing
 * balance, the aging report's total and the sum of the ledger's rows agree.
 */
const { t, f, run } = setUpRandomLedger('Cheque ledger item');

/** Business today is 21 November 2026 (day 324); invoices and payments fall in the weeks before. */
const day = fc.integer({ min: 290, max: 324 });
const RECEIVED = dayOf(324);
const POSTED_DATE = dayOf(323);
const POST_DATED = '2027-01-15';
const STEP_DAY = '2027-01-20';
/** After every date in a ledger: the aging report of this day counts every payment. */
const FAR_DAY = '2027-06-01';

type ChequeStep =
  | { op: 'cheque'; amount: number; postDated: boolean; pick: number; part: number }
  | { op: 'payByCheque'; pick: number; part: number; useAdvance: boolean }
  | { op: 'step'; pick: number; step: 'deposit' | 'clear' | 'bounce' | 'return'; charge: number };

const chequeSteps: fc.Arbitrary<ChequeStep> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('cheque' as const),
      amount: fc.integer({ min: 1, max: 200_000 }),
      postDated: fc.boolean(),
      pick: fc.nat(),
      part: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('payByCheque' as const),
      pick: fc.nat(),
      part: fc.double({ min: 0.05, max: 1, noNaN: true }),
      useAdvance: fc.boolean(),
    }),
  },
  // Steps drawn most, deposits and clears more than the rest, so that cheques get past their first state.
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('step' as const),
      pick: fc.nat({ max: 3 }),
      step: fc.constantFrom(
        ...(['deposit', 'deposit', 'clear', 'clear', 'clear', 'bounce', 'bounce', 'return'] as const),
      ),
      charge: fc.integer({ min: 0, max: 3_000 }),
    }),
  },
);

const ledgerStep: fc.Arbitrary<LedgerStep> = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), amount: ledgerSteps.amount, day, cash: fc.constant(false) }),
  fc.record({ op: fc.constant('advance' as const), amount: ledgerSteps.amount, day }),
  ledgerSteps.pay(day, { useAdvance: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), amount: ledgerSteps.amount, day }),
);

type AnyStep = LedgerStep | ChequeStep;
/** Cheque steps drawn twice as often as the others: the cheques are what is under test. */
const anyStep: fc.Arbitrary<AnyStep> = fc.oneof(ledgerStep, chequeSteps, chequeSteps);
/** How many steps of each kind the API took (200/201), to know the runs reached every state. */
const taken = new Map<string, number>();
const count = (what: string) => taken.set(what, (taken.get(what) ?? 0) + 1);
let bankId: string | undefined;
let chequeNumbers = 700_000;

async function remainingOf(invoiceId: string): Promise<{ remaining: number; payable: boolean }> {
  const invoice = (await t.request('GET', `/api/invoices/${invoiceId}`)).json().data as Invoice;
  return { remaining: invoice.remainingAmount, payable: !['draft', 'cancelled', 'paid'].includes(invoice.status) };
}

/** Plays a cheque step; refusals the register is meant to give (409) are part of the story. */
async function runCheque(s: ChequeStep, ledger: RandomLedger, cheques: string[]): Promise<void> {
  bankId ??= (await f.bank('Random Ledger Bank'))._id;
  const customer = ledger.customers[0]!;
  const expectAnswer = (statusCode: number, body: string, allowed: number[]) =>
    expect(allowed, body).toContain(statusCode);
  if (s.op === 'step') {
    if (!cheques.length) return;
    const id = pickCyclic(cheques, s.pick);
    const body = {
      date: STEP_DAY,
      ...(s.step === 'bounce' || s.step === 'return' ? { reason: 'Random' } : {}),
      ...(s.step === 'bounce' && s.charge ? { charge: s.charge } : {}),
    };
    const response = await t.request('POST', `/api/cheques/${id}/${s.step}`, body);
    expectAnswer(response.statusCode, response.body, [200, 409]);
    if (response.statusCode === 200) count(s.step);
    return;
  }
  const invoice = ledger.invoices.length ? pickCyclic(ledger.invoices, s.pick) : undefined;
  const open = invoice && (await remainingOf(invoice.id));
  const chequeNumber = String(++chequeNumbers);
  if (s.op === 'cheque') {
    const part = open?.payable ? Math.floor(Math.min(open.remaining, s.amount) * s.part) : 0;
    const response = await t.request(
      'POST',
      '/api/cheques',
      f.chequeBody(customer, bankId, s.amount, part > 0 ? [[invoice!.id, part]] : [], {
        chequeNumber,
        chequeDate: s.postDated ? POST_DATED : POSTED_DATE,
        receivedDate: RECEIVED,
      }),
    );
    expectAnswer(response.statusCode, response.body, [201, 409]);
    if (response.statusCode === 201) {
      cheques.push((response.json().data as Cheque)._id);
      count(s.postDated ? 'pdc' : 'cheque');
    }
    return;
  }
  if (!open?.payable || !open.remaining) return;
  const response = await t.request(
    'POST',
    '/api/payments/invoice',
    f.payBody(customer, [[invoice!.id, Math.max(1, Math.floor(open.remaining * s.part))]], {
      paymentDate: RECEIVED,
      paymentMode: 'Check',
      useAdvanceBalance: s.useAdvance,
      cheque: { chequeNumber, bank: bankId, chequeDate: POSTED_DATE },
    }),
  );
  expectAnswer(response.statusCode, response.body, [201, 409]);
  if (response.statusCode === 201) count('payByCheque');
  const listed = await read<{ data: Cheque[] }>(t, `/api/cheques?search=${chequeNumber}`);
  cheques.push(...listed.data.map((cheque) => cheque._id));
}

/** What the customer owes by the ledger's own rows: billed invoices minus the money that came in. */
async function ledgerSum(customer: string): Promise<number> {
  const row = onlyRow(
    rowsOf<{ owed: string | number }>(
      await t.db.execute(sql`
        select (select coalesce(sum(total_amount), 0) from invoices
                  where customer_id = ${customer} and status not in ('draft', 'cancelled'))
             - (select coalesce(sum(amount - advance_used), 0) from payments where customer_id = ${customer}) as owed`),
    ),
  );
  return Number(row.owed);
}

/** Every view of the customer's money agrees, and the ledger's rows add up. */
async function expectOneAnswer(customer: string, customerName: string): Promise<void> {
  expect(await ledgerViolations(t.db)).toEqual([]);
  const balance = await f.balance(customer);
  const owed = balance.totalDue - balance.advanceBalance;
  const statement = (
    await read<{ data: CustomerStatement }>(t, `/api/customers/${customer}/statement?from=${dayOf(0)}&to=${FAR_DAY}`)
  ).data;
  expect(statement.closingBalance).toBe(owed);
  expect(await ledgerSum(customer)).toBe(owed);
  const aging = await read<{ totals: { total: number } }>(
    t,
    `/api/receivables/aging?asOf=${FAR_DAY}&search=${encodeURIComponent(customerName)}`,
  );
  expect(aging.totals.total).toBe(balance.totalDue);
}

/** The post-dated cheques that have posted nothing: what they may not have moved. */
const unpostedPdcs = async (customer: string) =>
  (await read<{ data: Cheque[] }>(t, `/api/cheques?customer=${customer}&limit=100`)).data
    .filter((cheque) => cheque.postDated && !cheque.postedDate)
    .map((cheque) => cheque._id)
    .sort();

describe('cheques over random ledgers', () => {
  it('keep the ledger adding up after every step, and a PDC moves no balance until it clears', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anyStep, { minLength: 6, maxLength: 16 }), async (steps) => {
        const name = `Cheque ledger ${++n} ${Date.now()}`;
        const customer = (await f.customer(name))._id;
        const ledger: RandomLedger = { customers: [customer], invoices: [], payments: [] };
        const cheques: string[] = [];
        for (const s of steps) {
          const before = await f.balance(customer);
          const pdcsBefore = await unpostedPdcs(customer);
          const target = s.op === 'step' && cheques.length ? pickCyclic(cheques, s.pick) : undefined;
          // Recording, depositing, returning or bouncing (without a charge) a PDC moves no money.
          const movesNoMoney =
            (s.op === 'cheque' && s.postDated) ||
            (s.op === 'step' &&
              target !== undefined &&
              pdcsBefore.includes(target) &&
              s.step !== 'clear' &&
              !(s.step === 'bounce' && s.charge > 0));
          if (s.op === 'cheque' || s.op === 'payByCheque' || s.op === 'step') await runCheque(s, ledger, cheques);
          else await run(s, ledger);
          await expectOneAnswer(customer, name);
          if (movesNoMoney) expect(await f.balance(customer)).toEqual(before);
        }
      }),
      { numRuns: fullOnPostgres(30, 1 / 2), seed: 20261127 },
    );
    // The runs went through every kind of cheque and every step.
    for (const what of ['pdc', 'cheque', 'payByCheque', 'deposit', 'clear', 'bounce', 'return']) {
      expect(taken.get(what) ?? 0, what).toBeGreaterThan(0);
    }
  });
});

import { beforeAll, describe, expect, it } from '@rstest/core';
import { inArray, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { cheques, invoices, payments } from '../../db/schema';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';
import { pickCyclic } from '../../lib/pick-cyclic';

/**
 * Model-based test: random sequences of advances, invoice payments, refunds, deletes and cheques
 * (recorded, post-dated or not, deposited, cleared, bounced, returned) run against the API and
 * against a few lines of plain arithmetic (the model). After every step the API's balances, invoice
 * statuses and remaining amounts must equal the model's, and the ledger's invariants must hold.
 */
const t = setUpApp();
const f = setUpLedger(t);
let bank: string;
beforeAll(async () => {
  bank = (await f.bank())._id;
});

interface ModelInvoice {
  id: string;
  /** The customer's number: their place in Real's customers and in Model's accounts. */
  customer: number;
  total: number;
  paid: number;
  status: string;
}
interface ModelPayment {
  id: string;
  customer: number;
  type: 'advance' | 'invoice_payment' | 'refund';
  amount: number;
  advanceUsed: number;
  allocations: { invoice: ModelInvoice; amount: number }[];
  /** Posted or reversed by a cheque: only the cheque's steps move it. */
  fromCheque?: boolean;
}
interface ModelCheque {
  id: string;
  number: string;
  customer: number;
  amount: number;
  lines: { invoice: ModelInvoice; amount: number }[];
  status: 'in_hand' | 'deposited' | 'cleared' | 'bounced' | 'returned';
  /** What it posted: nothing while a post-dated cheque has not cleared. */
  posted: ModelPayment[];
}
interface Model {
  accounts: { advanceBalance: number }[];
  invoices: ModelInvoice[];
  payments: ModelPayment[];
  cheques: ModelCheque[];
}
interface Real {
  customers: string[];
}

const PAYABLE = ['sent', 'unpaid', 'overdue'];
// A step names a customer by a number drawn below CUSTOMERS, and pickCyclic reads that one.

async function expectSameAsModel(model: Model, real: Real) {
  for (const [index, customer] of real.customers.entries()) {
    const due = model.invoices
      .filter((invoice) => invoice.customer === index && PAYABLE.includes(invoice.status))
      .reduce((sum, invoice) => sum + invoice.total - invoice.paid, 0);
    const balance = await f.balance(customer);
    expect({ advanceBalance: balance.advanceBalance, totalDue: balance.totalDue }).toEqual({
      advanceBalance: pickCyclic(model.accounts, index).advanceBalance,
      totalDue: due,
    });
  }
  const rows = await t.db
    .select({ id: invoices.id, paid: invoices.paidAmount, total: invoices.totalAmount, status: invoices.status })
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        model.invoices.map((invoice) => invoice.id),
      ),
    );
  const actual = Object.fromEntries(
    rows.map((row) => [row.id, { remaining: row.total - row.paid, status: row.status }]),
  );
  const expected = Object.fromEntries(
    model.invoices.map((invoice) => [invoice.id, { remaining: invoice.total - invoice.paid, status: invoice.status }]),
  );
  expect(actual).toEqual(expected);
  expect(await ledgerViolations(t.db)).toEqual([]);
}

/** Whether the ledger refuses to put `amount` on `invoice` (as refusalToPay does). */
const refusesToPay = (invoice: ModelInvoice, amount: number) =>
  (!PAYABLE.includes(invoice.status) && invoice.status !== 'paid') || amount > invoice.total - invoice.paid;

/** The chosen invoices of a customer's lines, in the order first chosen; choosing one again replaces its amount. */
function linesOf(own: ModelInvoice[], lines: { pick: number; amount: LineAmount }[]) {
  const chosen = new Map<ModelInvoice, number>();
  for (const line of lines) {
    const invoice = pickCyclic(own, line.pick);
    const remaining = invoice.total - invoice.paid;
    const amount = line.amount === 'rest' ? remaining : line.amount === 'over' ? remaining + 1 : line.amount;
    if (amount > 0) chosen.set(invoice, amount);
  }
  return [...chosen].map(([invoice, amount]) => ({ invoice, amount }));
}

class AddAdvance implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customer: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const payment = await f.advance(pickCyclic(real.customers, this.customer), this.amount);
    pickCyclic(model.accounts, this.customer).advanceBalance += this.amount;
    model.payments.push({
      id: payment._id,
      customer: this.customer,
      type: 'advance',
      amount: this.amount,
      advanceUsed: 0,
      allocations: [],
    });
    await expectSameAsModel(model, real);
  }
  toString = () => `advance(c${this.customer}, ${this.amount})`;
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customer: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await t.request(
      'POST',
      '/api/payments/refund',
      f.advanceBody(pickCyclic(real.customers, this.customer), this.amount),
    );
    const account = pickCyclic(model.accounts, this.customer);
    if (this.amount > account.advanceBalance) {
      expect(response.statusCode).toBe(409);
    } else {
      expect(response.statusCode, response.body).toBe(201);
      account.advanceBalance -= this.amount;
      model.payments.push({
        id: response.json().data._id,
        customer: this.customer,
        type: 'refund',
        amount: -this.amount,
        advanceUsed: 0,
        allocations: [],
      });
    }
    await expectSameAsModel(model, real);
  }
  toString = () => `refund(c${this.customer}, ${this.amount})`;
}

class PayInvoices implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customer: number,
    readonly lines: { pick: number; amount: LineAmount }[],
    readonly useAdvance: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const own = model.invoices.filter((invoice) => invoice.customer === this.customer);
    const lines = linesOf(own, this.lines);
    if (!lines.length) return;
    const response = await t.request(
      'POST',
      '/api/payments/invoice',
      f.payBody(
        pickCyclic(real.customers, this.customer),
        lines.map((line) => [line.invoice.id, line.amount]),
        { useAdvanceBalance: this.useAdvance },
      ),
    );
    if (lines.some(({ invoice, amount }) => refusesToPay(invoice, amount))) {
      expect(response.statusCode, response.body).toBe(409);
    } else {
      expect(response.statusCode, response.body).toBe(201);
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      const account = pickCyclic(model.accounts, this.customer);
      const advanceUsed = this.useAdvance ? Math.min(total, account.advanceBalance) : 0;
      expect(response.json().data.advanceUsed).toBe(advanceUsed);
      account.advanceBalance -= advanceUsed;
      for (const { invoice: target, amount } of lines) {
        target.paid += amount;
        if (target.paid === target.total) target.status = 'paid';
      }
      model.payments.push({
        id: response.json().data.payment._id,
        customer: this.customer,
        type: 'invoice_payment',
        amount: total,
        advanceUsed,
        allocations: lines,
      });
    }
    await expectSameAsModel(model, real);
  }
  toString = () => `pay(c${this.customer}, ${JSON.stringify(this.lines)}, advance=${this.useAdvance})`;
}

class DeletePayment implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.payments.length > 0;
  async run(model: Model, real: Real) {
    const index = this.pick % model.payments.length;
    const payment = pickCyclic(model.payments, this.pick);
    const account = pickCyclic(model.accounts, payment.customer);
    const response = await t.request('DELETE', `/api/payments/${payment.id}`);
    if (payment.fromCheque) {
      expect(response.statusCode, response.body).toBe(409);
    } else if (payment.type === 'advance' && account.advanceBalance < payment.amount) {
      expect([response.statusCode, response.json().message]).toEqual([409, 'This advance has already been used']);
    } else {
      expect(response.statusCode, response.body).toBe(204);
      model.payments.splice(index, 1);
      account.advanceBalance += payment.type === 'invoice_payment' ? payment.advanceUsed : -payment.amount;
      for (const { invoice: target, amount } of payment.allocations) {
        target.paid -= amount;
        if (target.status === 'paid' && target.paid < target.total) target.status = 'unpaid';
      }
    }
    await expectSameAsModel(model, real);
  }
  toString = () => `delete(#${this.pick})`;
}

/** Posts a cheque's money as the API does: its invoices' parts (each within what it needs), the rest an advance. */
function postCheque(model: Model, cheque: ModelCheque, ids: string[]) {
  const parts = cheque.lines
    .map(({ invoice, amount }) => ({
      invoice,
      amount: refusesToPay(invoice, 0) ? 0 : Math.min(amount, invoice.total - invoice.paid),
    }))
    .filter((part) => part.amount > 0);
  const toInvoices = parts.reduce((sum, part) => sum + part.amount, 0);
  const entry = { customer: cheque.customer, advanceUsed: 0, fromCheque: true };
  if (parts.length) {
    for (const { invoice, amount } of parts) {
      invoice.paid += amount;
      if (invoice.paid === invoice.total) invoice.status = 'paid';
    }
    cheque.posted.push({ ...entry, id: ids.shift()!, type: 'invoice_payment', amount: toInvoices, allocations: parts });
  }
  if (cheque.amount > toInvoices) {
    pickCyclic(model.accounts, cheque.customer).advanceBalance += cheque.amount - toInvoices;
    cheque.posted.push({
      ...entry,
      id: ids.shift()!,
      type: 'advance',
      amount: cheque.amount - toInvoices,
      allocations: [],
    });
  }
  model.payments.push(...cheque.posted);
}

const CHEQUE_DAY = '2026-12-20';

class RecordCheque implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customer: number,
    readonly lines: { pick: number; amount: LineAmount }[],
    readonly extra: number,
    readonly postDated: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const lines = linesOf(
      model.invoices.filter((invoice) => invoice.customer === this.customer),
      this.lines,
    );
    const amount = lines.reduce((sum, line) => sum + line.amount, 0) + this.extra;
    if (!amount) return;
    const response = await t.request(
      'POST',
      '/api/cheques',
      f.chequeBody(
        pickCyclic(real.customers, this.customer),
        bank,
        amount,
        lines.map((line) => [line.invoice.id, line.amount]),
        this.postDated ? { chequeDate: '2026-12-15' } : {},
      ),
    );
    if (lines.some(({ invoice, amount: part }) => refusesToPay(invoice, part))) {
      expect(response.statusCode, response.body).toBe(409);
    } else {
      expect(response.statusCode, response.body).toBe(201);
      const data = response.json().data;
      const cheque: ModelCheque = {
        id: data._id,
        number: data.chequeNumber,
        customer: this.customer,
        amount,
        lines,
        status: 'in_hand',
        posted: [],
      };
      model.cheques.push(cheque);
      // A post-dated cheque is a promise: it moves nothing until it clears.
      if (!this.postDated)
        postCheque(
          model,
          cheque,
          data.payments.map((p: { _id: string }) => p._id),
        );
    }
    await expectSameAsModel(model, real);
  }
  toString = () => `cheque(c${this.customer}, ${JSON.stringify(this.lines)}, +${this.extra}, pdc=${this.postDated})`;
}

const CHEQUE_STEPS = { deposit: 'in_hand', clear: 'deposited', bounce: 'deposited', return: 'in_hand' } as const;
const STEPPED = { deposit: 'deposited', clear: 'cleared', bounce: 'bounced', return: 'returned' } as const;
type ChequeStepName = keyof typeof CHEQUE_STEPS;
const NEXT_STEPS: Partial<Record<ModelCheque['status'], [ChequeStepName, ChequeStepName]>> = {
  in_hand: ['deposit', 'return'],
  deposited: ['clear', 'bounce'],
};

class ChequeStep implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    /** A step, or 'next': one the cheque's status allows (the second of two when `fork`), so cheques reach their ends. */
    readonly choice: ChequeStepName | 'next',
    readonly fork: boolean,
    readonly charge: number | null,
  ) {}
  check = (model: Readonly<Model>) => model.cheques.length > 0;
  async run(model: Model, real: Real) {
    const cheque = pickCyclic(model.cheques, this.pick);
    const step = this.choice === 'next' ? (NEXT_STEPS[cheque.status]?.[this.fork ? 1 : 0] ?? 'clear') : this.choice;
    const reason = step === 'bounce' || step === 'return' ? { reason: 'Model' } : {};
    const charge = step === 'bounce' && this.charge ? { charge: this.charge } : {};
    const response = await t.request('POST', `/api/cheques/${cheque.id}/${step}`, {
      date: CHEQUE_DAY,
      ...reason,
      ...charge,
    });
    if (cheque.status !== CHEQUE_STEPS[step]) {
      expect(response.statusCode, response.body).toBe(409);
      return expectSameAsModel(model, real);
    }
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    cheque.status = STEPPED[step];
    if (step === 'clear' && !cheque.posted.length) {
      postCheque(
        model,
        cheque,
        data.payments.map((p: { _id: string }) => p._id),
      );
    }
    if (step === 'bounce' || step === 'return') {
      const account = pickCyclic(model.accounts, cheque.customer);
      let unrecovered = 0;
      for (const payment of cheque.posted) {
        for (const { invoice, amount } of payment.allocations) {
          invoice.paid -= amount;
          if (invoice.status === 'paid' && invoice.paid < invoice.total) invoice.status = 'unpaid';
        }
        if (payment.type === 'advance') {
          const taken = Math.min(payment.amount, account.advanceBalance);
          account.advanceBalance -= taken;
          unrecovered += payment.amount - taken;
        }
      }
      const billed = (id: string, total: number) =>
        model.invoices.push({ id, customer: cheque.customer, total, paid: 0, status: 'unpaid' });
      if (unrecovered) billed(data.shortfallInvoice._id, unrecovered);
      if ('charge' in charge) billed(data.chargeInvoice._id, this.charge!);
      for (const reversal of data.reversals as { _id: string; paymentType: 'advance'; amount: number }[]) {
        model.payments.push({
          id: reversal._id,
          customer: cheque.customer,
          type: reversal.paymentType,
          amount: reversal.amount,
          advanceUsed: 0,
          allocations: [],
          fromCheque: true,
        });
      }
    }
    await expectSameAsModel(model, real);
  }
  toString = () =>
    `${this.choice}(#${this.pick}${this.fork ? ', fork' : ''}${this.charge ? `, charge ${this.charge}` : ''})`;
}

const CUSTOMERS = 2;
const customerArb = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const amountArb = fc.integer({ min: 1, max: 3_000 });
/** A line pays a fixed amount, exactly what is left, or one fils more than that. */
type LineAmount = number | 'rest' | 'over';
const lineAmountArb: fc.Arbitrary<LineAmount> = fc.oneof(
  { arbitrary: amountArb, weight: 3 },
  { arbitrary: fc.constant('rest' as const), weight: 2 },
  { arbitrary: fc.constant('over' as const), weight: 1 },
);
const chequeStep = fc
  .tuple(
    fc.nat(),
    fc.oneof(
      { arbitrary: fc.constant('next' as const), weight: 3 },
      { arbitrary: fc.constantFrom('deposit', 'clear', 'bounce', 'return' as const), weight: 1 },
    ),
    fc.boolean(),
    fc.option(amountArb),
  )
  .map(([pick, choice, fork, charge]) => new ChequeStep(pick, choice, fork, charge));
const commands = [
  fc.tuple(customerArb, amountArb).map(([c, amount]) => new AddAdvance(c, amount)),
  fc.tuple(customerArb, amountArb).map(([c, amount]) => new Refund(c, amount)),
  fc
    .tuple(
      customerArb,
      fc.array(fc.record({ pick: fc.nat(), amount: lineAmountArb }), { minLength: 1, maxLength: 2 }),
      fc.oneof({ arbitrary: fc.constant(true), weight: 2 }, { arbitrary: fc.constant(false), weight: 1 }),
    )
    .map(([c, lines, useAdvance]) => new PayInvoices(c, lines, useAdvance)),
  fc.nat().map((pick) => new DeletePayment(pick)),
  fc
    .tuple(
      customerArb,
      fc.array(fc.record({ pick: fc.nat(), amount: lineAmountArb }), { maxLength: 2 }),
      fc.integer({ min: 0, max: 3_000 }),
      fc.boolean(),
    )
    .map(([c, lines, extra, postDated]) => new RecordCheque(c, lines, extra, postDated)),
  // Drawn three times as often as the others: a cheque needs two steps to reach an end.
  chequeStep,
  chequeStep,
  chequeStep,
];
// Each customer gets four invoices: three due in different statuses and one draft that cannot be paid.
const invoicesArb = fc.array(fc.integer({ min: 1_000, max: 6_000 }), {
  minLength: CUSTOMERS * 4,
  maxLength: CUSTOMERS * 4,
});
const STATUSES = ['unpaid', 'sent', 'overdue', 'draft'];

describe('the ledger against a model', () => {
  it('keeps balances, statuses and remaining amounts equal to the model after every step', async () => {
    await fc.assert(
      fc.asyncProperty(invoicesArb, fc.commands(commands, { maxCommands: 30, size: 'max' }), async (totals, steps) => {
        const customers: string[] = [];
        for (let c = 0; c < CUSTOMERS; c++) customers.push((await f.customer())._id);
        const model: Model = {
          accounts: customers.map(() => ({ advanceBalance: 0 })),
          invoices: [],
          payments: [],
          cheques: [],
        };
        for (const [index, total] of totals.entries()) {
          const customer = index % CUSTOMERS;
          const status = pickCyclic(STATUSES, Math.floor(index / CUSTOMERS));
          const row = await f.invoice(pickCyclic(customers, customer), total, status);
          model.invoices.push({ id: row.id, customer, total, paid: 0, status });
        }
        await fc.asyncModelRun(() => ({ model, real: { customers } }), steps);
      }),
      {
        numRuns: 12,
        seed: Number(process.env.LEDGER_MODEL_SEED ?? 4242),
        endOnFailure: true,
        includeErrorInReport: true,
      },
    );
    // Checked once at the end: the rows of every run share one database.
    expect(await ledgerViolations(t.db)).toEqual([]);
    // The runs took cheques through each of their ends, so the mix exercised what it claims to.
    const ends = await t.db.selectDistinct({ status: cheques.status }).from(cheques);
    expect(ends.map((row) => row.status).sort()).toEqual(['bounced', 'cleared', 'deposited', 'in_hand', 'returned']);
    expect(await t.db.$count(payments, isNotNull(payments.reversesPaymentId))).toBeGreaterThan(0);
  });
});

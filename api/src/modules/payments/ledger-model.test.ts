import { describe, expect, it } from '@rstest/core';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { invoices } from '../../db/schema';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';
import { pickCyclic } from '../../lib/pick-cyclic';

/**
 * Model-based test: random sequences of advances, invoice payments, refunds and deletes run
 * against the API and against a few lines of plain arithmetic (the model). After every step the
 * API's balances, invoice statuses and remaining amounts must equal the model's.
 */
const t = setUpApp();
const f = setUpLedger(t);

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
}
interface Model {
  accounts: { advanceBalance: number }[];
  invoices: ModelInvoice[];
  payments: ModelPayment[];
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
    // In the order the invoices were first chosen; choosing one again replaces its amount.
    const chosen = new Map<ModelInvoice, number>();
    for (const line of this.lines) {
      const invoice = pickCyclic(own, line.pick);
      const remaining = invoice.total - invoice.paid;
      const amount = line.amount === 'rest' ? remaining : line.amount === 'over' ? remaining + 1 : line.amount;
      if (amount > 0) chosen.set(invoice, amount);
    }
    if (!chosen.size) return;
    const lines = [...chosen].map(([invoice, amount]) => ({ invoice, amount }));
    const response = await t.request(
      'POST',
      '/api/payments/invoice',
      f.payBody(
        pickCyclic(real.customers, this.customer),
        lines.map((line) => [line.invoice.id, line.amount]),
        { useAdvanceBalance: this.useAdvance },
      ),
    );
    const refused = lines.some(({ invoice: target, amount }) =>
      !PAYABLE.includes(target.status) && target.status !== 'paid' ? true : amount > target.total - target.paid,
    );
    if (refused) {
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
    if (payment.type === 'advance' && account.advanceBalance < payment.amount) {
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
        };
        for (const [index, total] of totals.entries()) {
          const customer = index % CUSTOMERS;
          const status = pickCyclic(STATUSES, Math.floor(index / CUSTOMERS));
          const row = await f.invoice(pickCyclic(customers, customer), total, status);
          model.invoices.push({ id: row.id, customer, total, paid: 0, status });
        }
        await fc.asyncModelRun(() => ({ model, real: { customers } }), steps);
      }),
      { numRuns: 12, seed: Number(process.env.LEDGER_MODEL_SEED ?? 4242) },
    );
    // Checked once at the end: the rows of every run share one database.
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

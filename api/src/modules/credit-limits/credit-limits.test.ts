import type { CreditPosition, Customer, Invoice, Product } from '@admin/shared/contract';
import { addDays, businessToday, dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import {
  createProduct,
  customerBody,
  customerLookups,
  expectFieldRefusal,
  ledgerViolations,
  read,
  setUpApp,
  setUpLedger,
  setUpSession,
} from '../../test';

const t = setUpApp();
const f = setUpLedger(t);
const sales = setUpSession(t, 'sales');
const accountant = setUpSession(t, 'accountant');

const LIMIT = 5_000_000;
const today = businessToday();
const daysAgo = (days: number) => dayToUtcMidnight(addDays(today, -days));

let product: Product;
let bank: string;
beforeAll(async () => {
  product = await createProduct(t, { productName: 'Steel beams', productPrice: 1_000 });
  bank = (await f.bank())._id;
});

const invoiceBody = (customer: string, amount: number, extra: Record<string, unknown> = {}) => ({
  customer,
  dateOfCreation: dayToUtcMidnight(today),
  credit: true,
  products: [{ product: product._id, quantity: 1, unitPrice: amount }],
  totalAmount: amount,
  ...extra,
});

const send = (
  headers: { authorization: string },
  body: object,
  method: 'POST' | 'PUT' = 'POST',
  url = '/api/invoices',
) => t.app.inject({ method, url, headers, payload: body });

/** What the customer owes and holds before the new invoice; each case gets a customer of its own. */
interface Setup {
  owes?: number;
  /** Days past due of what the customer owes (0: due today). */
  overdueDays?: number;
  pdc?: number;
  /** What happens to the post-dated cheque before the invoice. */
  pdcStep?: 'return';
  advance?: number;
  creditLimit?: number | null;
  maxOverdueDays?: number | null;
}

async function customerWith(name: string, setup: Setup): Promise<Customer> {
  const customer = await f.customer(name, {
    creditLimit: setup.creditLimit === undefined ? LIMIT : setup.creditLimit,
    maxOverdueDays: setup.maxOverdueDays ?? null,
  });
  if (setup.owes) await f.invoice(customer._id, setup.owes, 'unpaid', daysAgo(setup.overdueDays ?? 0));
  if (setup.pdc) {
    const cheque = await f.cheque(customer._id, bank, setup.pdc, [], {
      receivedDate: today,
      chequeDate: addDays(today, 30),
    });
    if (setup.pdcStep) await f.step(cheque._id, setup.pdcStep, { date: dayToUtcMidnight(today), reason: 'Asked back' });
  }
  if (setup.advance) await f.advance(customer._id, setup.advance, { paymentDate: dayToUtcMidnight(today) });
  return customer;
}

const overLimit = (name: string, exposure: string) =>
  `Credit limit 5,000.000 KD: this invoice would bring ${name} to ${exposure} KD`;

const CASES: { name: string; setup: Setup; amount?: number; refusal: string | null }[] = [
  {
    name: 'Al-Ghanim Trading Co.',
    setup: { owes: 5_000_000 },
    refusal: overLimit('Al-Ghanim Trading Co.', '5,340.250'),
  },
  {
    // The cheque posts nothing until it clears: the invoices it pays still owe it, counted once.
    name: 'A post-dated cheque in hand counts once',
    setup: { owes: 4_000_000, pdc: 1_000_000 },
    refusal: null,
  },
  { name: 'Owes less than the limit', setup: { owes: 4_000_000 }, refusal: null },
  { name: 'Ends exactly at the limit', setup: { owes: 4_659_750 }, refusal: null },
  { name: 'One fils over', setup: { owes: 4_659_751 }, refusal: overLimit('One fils over', '5,000.001') },
  { name: 'Advance brings it under', setup: { owes: 5_000_000, advance: 500_000 }, refusal: null },
  {
    name: 'A returned cheque changes nothing',
    setup: { owes: 4_700_000, pdc: 1_000_000, pdcStep: 'return' },
    refusal: overLimit('A returned cheque changes nothing', '5,040.250'),
  },
  {
    name: 'The invoice alone is over',
    setup: {},
    amount: 5_000_001,
    refusal: overLimit('The invoice alone is over', '5,000.001'),
  },
  { name: 'No limit', setup: { owes: 9_000_000, creditLimit: null }, refusal: null },
  {
    name: 'Overdue beyond the days',
    setup: { owes: 100_000, overdueDays: 45, maxOverdueDays: 30, creditLimit: null },
    refusal: 'overdue',
  },
  { name: 'Overdue within the days', setup: { owes: 100_000, overdueDays: 30, maxOverdueDays: 30 }, refusal: null },
];

describe('a Credit invoice against the customer’s credit', () => {
  for (const { name, setup, amount = 340_250, refusal } of CASES) {
    it(`${name}: ${refusal ? 'refused to sales, overridden by an accountant' : 'allowed'}`, async () => {
      const customer = await customerWith(name, setup);
      const refused = await send(sales, invoiceBody(customer._id, amount));
      if (!refusal) {
        expect(refused.statusCode, refused.body).toBe(201);
        return;
      }
      expect(refused.statusCode, refused.body).toBe(409);
      const message =
        refusal === 'overdue'
          ? expect.stringMatching(new RegExp(`^Invoice INV-\\d{6} of ${name} is 45 days overdue: .*at most 30 days`))
          : refusal;
      expect(refused.json()).toMatchObject({ message, errors: { override: message } });

      const reason = 'Owner agreed by phone; cheque promised Sunday';
      const overridden = await send(accountant, invoiceBody(customer._id, amount, { override: { reason } }));
      expect(overridden.statusCode, overridden.body).toBe(201);
      const invoice = overridden.json().data as Invoice;
      const [entry] = await t.db
        .select({ changes: auditLog.changes, action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, invoice._id), eq(auditLog.action, 'create')));
      expect(entry?.changes).toContainEqual({
        field: 'creditOverride',
        before: null,
        after: { reason, refused: refused.json().message },
      });
    });
  }

  it('lets a Cash invoice pass whatever the customer owes', async () => {
    const customer = await customerWith('Pays at the counter', {
      owes: 6_000_000,
      overdueDays: 90,
      maxOverdueDays: 10,
    });
    const cash = await send(sales, invoiceBody(customer._id, 340_250, { credit: false }));
    expect(cash.statusCode, cash.body).toBe(201);
  });

  it('refuses an override from sales with 403 naming the permission, and an override without a reason', async () => {
    const customer = await customerWith('Sales cannot override', { owes: 4_900_000 });
    const fromSales = await send(
      sales,
      invoiceBody(customer._id, 340_250, { override: { reason: 'Regular customer' } }),
    );
    expect(fromSales.statusCode).toBe(403);
    expect(fromSales.json().message).toBe("You do not have permission to invoice over a customer's credit limit");
    const noReason = await send(accountant, invoiceBody(customer._id, 340_250, { override: { reason: '  ' } }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ 'override.reason': 'A reason is required to override the credit limit' });
    // The accountant is refused too until they give the reason: the override is a decision, not a role.
    expect((await send(accountant, invoiceBody(customer._id, 340_250))).statusCode).toBe(409);
  });

  it('checks an edit that raises the invoice, and lets one that lowers it pass', async () => {
    const customer = await customerWith('Edits its order', { owes: 4_000_000 });
    const created = await send(sales, invoiceBody(customer._id, 900_000));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/invoices/${(created.json().data as Invoice)._id}`;
    const raised = await send(sales, invoiceBody(customer._id, 1_100_000), 'PUT', url);
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe(overLimit('Edits its order', '5,100.000'));
    expect((await send(sales, invoiceBody(customer._id, 800_000), 'PUT', url)).statusCode).toBe(200);
    const reason = 'Extra beams approved';
    const overridden = await send(
      accountant,
      invoiceBody(customer._id, 1_100_000, { override: { reason } }),
      'PUT',
      url,
    );
    expect(overridden.statusCode, overridden.body).toBe(200);
    const entries = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, (created.json().data as Invoice)._id), eq(auditLog.action, 'update')));
    expect(entries.at(-1)?.changes.find((change) => change.field === 'creditOverride')?.after).toEqual({
      reason,
      refused: overLimit('Edits its order', '5,100.000'),
    });
  });

  it('answers the customer’s limit, exposure and headroom, in their details and the aging report', async () => {
    const customer = await customerWith('Shows its headroom', { owes: 3_000_000, pdc: 500_000, advance: 250_000 });
    const { data } = await read<{ data: CreditPosition }>(t, `/api/customers/${customer._id}/credit`);
    expect(data).toEqual({ creditLimit: LIMIT, maxOverdueDays: null, exposure: 2_750_000, headroom: 2_250_000 });
    const aging = await read<{ data: { customer: { _id: string }; credit: CreditPosition }[] }>(
      t,
      `/api/receivables/aging?search=${encodeURIComponent('Shows its headroom')}`,
    );
    expect(aging.data.map((row) => [row.customer._id, row.credit])).toEqual([[customer._id, data]]);
  });
});

describe('a customer’s credit fields', () => {
  it('take KD text or fils, none by default, and refuse what is not a limit with the reason', async () => {
    const lookups = await customerLookups(t, ' of credit');
    const body = (credit: object) => customerBody(lookups, { customerName: `Credit ${Math.random()}`, ...credit });
    expect(await f.customer('No credit rules')).toMatchObject({ creditLimit: null, maxOverdueDays: null });
    expect(await f.customer('Limit in KD', { creditLimit: '5000.25', maxOverdueDays: 45 })).toMatchObject({
      creditLimit: 5_000_250,
      maxOverdueDays: 45,
    });
    await expectFieldRefusal(
      t,
      '/api/customers',
      body({ creditLimit: '5000.2555' }),
      'creditLimit',
      'At most 3 decimals',
    );
    await expectFieldRefusal(
      t,
      '/api/customers',
      body({ creditLimit: -1 }),
      'creditLimit',
      'Credit limit cannot be negative',
    );
    await expectFieldRefusal(
      t,
      '/api/customers',
      body({ creditLimit: '-5' }),
      'creditLimit',
      'Credit limit cannot be negative',
    );
    await expectFieldRefusal(
      t,
      '/api/customers',
      body({ maxOverdueDays: 2.5 }),
      'maxOverdueDays',
      'Maximum overdue days must be a whole number of days',
    );
  });
});

describe('concurrent Credit invoices of one customer over two instances', () => {
  it('let exactly as many through as the limit holds', async () => {
    const customer = await customerWith('Orders from two desks', { creditLimit: 1_000_000 });
    const other = await t.anotherInstance();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/invoices',
          headers: sales,
          payload: invoiceBody(customer._id, 300_000),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const { data } = await read<{ data: CreditPosition }>(t, `/api/customers/${customer._id}/credit`);
    expect(data.exposure).toBe(900_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COLLECTION_LINES,
  permissionDenied,
  type CollectionEntry,
  type CollectionLine,
  type CollectionsReport,
  type CollectionStaff,
} from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../config';
import { rowsOf } from '../../db/rows';
import { create, createProduct, setUpApp, setUpLedger, setUpSession, TEST_USER } from '../../test';

const t = setUpApp();
const f = setUpLedger(t);
const accountant = setUpSession(t, 'accountant', 'collections-accountant');

let bank: string;
beforeAll(async () => {
  bank = (await f.bank('Collections Bank'))._id;
});

/** The report of `from`–`to` (one day when `to` is left out), as the test user or `headers`' user. */
async function collections(from: string, to = from, more = '', headers?: { authorization: string }) {
  const url = `/api/collections?from=${from}&to=${to}${more}`;
  const response = headers ? await t.app.inject({ method: 'GET', url, headers }) : await t.request('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CollectionsReport;
}

const lineOf = (report: CollectionsReport, line: CollectionLine) => report.lines.find((row) => row.line === line)!;

/** What the lines say came in, as { line: amount } for the lines with money or refunds. */
const linesIn = (report: CollectionsReport) =>
  Object.fromEntries(
    report.lines.filter((row) => row.count || row.refundCount).map((row) => [row.line, [row.amount, row.refunded]]),
  );

/**
 * The sums every report keeps, to the fils: the lines less refunds and bounces are the net, which
 * is the entries' money in; each line is its entries' money in.
 */
function expectReconciled(report: CollectionsReport) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(report.entries).toHaveLength(report.entryCount);
  expect(report.moneyIn).toBe(sum(report.lines.map((row) => row.amount)));
  expect(report.moneyIn - report.refunds.amount - report.bounces.amount).toBe(report.netCollected);
  expect(sum(report.entries.map((entry) => entry.moneyIn))).toBe(report.netCollected);
  expect(report.refunds.amount).toBe(sum(report.lines.map((row) => row.refunded)));
  for (const row of report.lines) {
    const counted = report.entries.filter((entry) => entry.line === row.line);
    expect(sum(counted.filter((e) => e.kind !== 'refund').map((e) => e.moneyIn)), row.line).toBe(row.amount);
    expect(sum(counted.filter((e) => e.kind === 'refund').map((e) => -e.amount)), row.line).toBe(row.refunded);
    expect(row.net).toBe(row.amount - row.refunded);
  }
}

/** The period's payment rows' money-in parts by mode, straight from the table. */
async function moneyInByMode(day: string) {
  const rows = rowsOf<{ mode: string; money_in: string }>(
    await t.db.execute(sql`select payment_mode as mode, sum(amount - advance_used)::text as money_in
      from payments where payment_date = ${day}::date group by payment_mode having sum(amount - advance_used) <> 0`),
  );
  return Object.fromEntries(rows.map((row) => [row.mode, Number(row.money_in)]));
}

describe('a day of collections', () => {
  it("is that day's money in by mode, equal to the payment rows' sums, and counts no other day", async () => {
    const day = '2026-10-01';
    const paymentDate = dayToUtcMidnight(day);
    const [first, second] = [await f.customer(), await f.customer()];
    const invoice = await f.invoice(second._id, 30_000);
    await f.advance(first._id, 100_000, { paymentDate });
    await f.advance(first._id, 20_000, { paymentDate, paymentMode: 'Knet' });
    await f.advance(second._id, 5_000, { paymentDate, paymentMode: 'Credit Card' });
    await f.pay(second._id, [[invoice.id, 30_000]], { paymentDate, paymentMode: 'Bank Transfer' });
    await f.advance(first._id, 7_000, { paymentDate: dayToUtcMidnight('2026-10-02') });

    const report = await collections(day);
    expect(report).toMatchObject({ from: paymentDate, to: paymentDate, user: null, entryCount: 4 });
    expect(linesIn(report)).toEqual({
      Cash: [100_000, 0],
      Knet: [20_000, 0],
      'Bank Transfer': [30_000, 0],
      'Credit Card': [5_000, 0],
    });
    // Every line, in their order, those with nothing too.
    expect(report.lines.map((row) => row.line)).toEqual([...COLLECTION_LINES]);
    expect(report.moneyIn).toBe(155_000);
    expect(report.netCollected).toBe(155_000);
    expect(await moneyInByMode(day)).toEqual({
      Cash: 100_000,
      Knet: 20_000,
      'Bank Transfer': 30_000,
      'Credit Card': 5_000,
    });
    expect(report.entries.map((entry) => entry.customer.customerName)).toEqual([
      first.customerName,
      first.customerName,
      second.customerName,
      second.customerName,
    ]);
    expectReconciled(report);

    // Two days together are the sum of both.
    const both = await collections(day, '2026-10-02');
    expect(lineOf(both, 'Cash')).toMatchObject({ count: 2, amount: 107_000 });
    expectReconciled(both);
  });

  it('counts a Cash invoice, settled at the counter, as Cash received', async () => {
    const customer = await f.customer();
    const product = await createProduct(t, { productName: 'Collections cement', productPrice: 2_500 });
    await create(t, '/api/invoices', {
      customer: customer._id,
      dateOfCreation: dayToUtcMidnight('2026-10-05'),
      credit: false,
      products: [{ product: product._id, quantity: 3, unitPrice: 2_500 }],
    });
    const report = await collections('2026-10-05');
    expect(lineOf(report, 'Cash')).toMatchObject({ count: 1, amount: 7_500 });
    expect(report.entries[0]).toMatchObject({ kind: 'invoice_payment', line: 'Cash', moneyIn: 7_500 });
    expectReconciled(report);
  });

  it('counts a payment partly from the advance: its Knet part as money in, the rest as advance used', async () => {
    const day = '2026-10-08';
    const paymentDate = dayToUtcMidnight(day);
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 60_000);
    await f.advance(customer._id, 45_000, { paymentDate: dayToUtcMidnight('2026-10-07') });
    const { payment } = await f.pay(customer._id, [[invoice.id, 60_000]], {
      paymentDate,
      paymentMode: 'Knet',
      useAdvanceBalance: true,
    });

    const report = await collections(day);
    expect(linesIn(report)).toEqual({ Knet: [15_000, 0] });
    expect(report.advanceUsed).toEqual({ count: 1, amount: 45_000 });
    expect(report.moneyIn).toBe(15_000);
    expect(report.entries).toEqual([
      expect.objectContaining({
        _id: payment._id,
        kind: 'invoice_payment',
        paymentMode: 'Knet',
        line: 'Knet',
        amount: 60_000,
        moneyIn: 15_000,
        advanceUsed: 45_000,
      }),
    ]);
    expectReconciled(report);

    // Wholly from the advance: no money in at all, only advance used.
    const other = await f.invoice(customer._id, 10_000);
    await f.advance(customer._id, 10_000, { paymentDate: dayToUtcMidnight('2026-10-09') });
    await f.pay(customer._id, [[other.id, 10_000]], {
      paymentDate: dayToUtcMidnight('2026-10-10'),
      paymentMode: 'Advance',
    });
    const fromAdvance = await collections('2026-10-10');
    expect(fromAdvance).toMatchObject({ moneyIn: 0, netCollected: 0, advanceUsed: { count: 1, amount: 10_000 } });
    expect(fromAdvance.entries).toEqual([expect.objectContaining({ line: null, moneyIn: 0, advanceUsed: 10_000 })]);
    expectReconciled(fromAdvance);
  });
});

describe('cheques in the collections', () => {
  it('show a post-dated cheque as received, not as money, and on the day it clears as a cheque cleared', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 40_000);
    const cheque = await f.cheque(customer._id, bank, 40_000, [[invoice.id, 40_000]], {
      receivedDate: '2026-10-12',
      chequeDate: '2026-11-12',
    });

    const received = await collections('2026-10-12');
    expect(received).toMatchObject({ moneyIn: 0, netCollected: 0, pdcsReceived: { count: 1, amount: 40_000 } });
    expect(received.entries).toEqual([
      expect.objectContaining({
        _id: cheque._id,
        kind: 'pdc',
        number: cheque.chequeNumber,
        paymentMode: 'Check',
        line: null,
        amount: 40_000,
        moneyIn: 0,
        chequeDate: dayToUtcMidnight('2026-11-12'),
      }),
    ]);
    expectReconciled(received);

    await f.step(cheque._id, 'deposit', { date: '2026-11-12' });
    await f.step(cheque._id, 'clear', { date: '2026-11-13' });
    const cleared = await collections('2026-11-13');
    expect(linesIn(cleared)).toEqual({ 'Cheque cleared': [40_000, 0] });
    expect(cleared.pdcsReceived).toEqual({ count: 0, amount: 0 });
    expect(cleared.entries).toEqual([
      expect.objectContaining({
        kind: 'invoice_payment',
        paymentMode: 'Check',
        line: 'Cheque cleared',
        moneyIn: 40_000,
      }),
    ]);
    expectReconciled(cleared);
    // The day it was received still says so.
    expect((await collections('2026-10-12')).pdcsReceived).toEqual({ count: 1, amount: 40_000 });
  });

  it('count a cheque posted on receipt as Check, and its bounce as money taken back', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 25_000);
    // 25.000 for the invoice, the other 5.000 to the advance: two payments, one cheque.
    const cheque = await f.cheque(customer._id, bank, 30_000, [[invoice.id, 25_000]], {
      receivedDate: '2026-10-15',
      chequeDate: '2026-10-15',
    });
    const received = await collections('2026-10-15');
    expect(linesIn(received)).toEqual({ Check: [30_000, 0] });
    expect(lineOf(received, 'Check').count).toBe(2);
    expectReconciled(received);

    await f.step(cheque._id, 'deposit', { date: '2026-10-16' });
    await f.step(cheque._id, 'bounce', { date: '2026-10-17', reason: 'Insufficient funds' });
    const bounced = await collections('2026-10-17');
    expect(bounced).toMatchObject({ moneyIn: 0, bounces: { count: 1, amount: 30_000 }, netCollected: -30_000 });
    expect(bounced.entries.map((entry) => [entry.kind, entry.line, entry.moneyIn])).toEqual([
      ['reversal', null, -25_000],
      ['reversal', null, -5_000],
    ]);
    expectReconciled(bounced);

    // Over both days the cheque nets out.
    const both = await collections('2026-10-15', '2026-10-17');
    expect(both).toMatchObject({ moneyIn: 30_000, bounces: { count: 1, amount: 30_000 }, netCollected: 0 });
    expectReconciled(both);
  });
});

describe('refunds in the collections', () => {
  it('are money paid out, in their own mode, and the net is what is left', async () => {
    const day = '2026-10-20';
    const paymentDate = dayToUtcMidnight(day);
    const customer = await f.customer();
    await f.advance(customer._id, 50_000, { paymentDate });
    await f.refund(customer._id, 20_000, { paymentDate, paymentMode: 'Knet' });
    const report = await collections(day);
    expect(linesIn(report)).toEqual({ Cash: [50_000, 0], Knet: [0, 20_000] });
    expect(lineOf(report, 'Knet')).toMatchObject({ count: 0, refundCount: 1, net: -20_000 });
    expect(report).toMatchObject({ moneyIn: 50_000, refunds: { count: 1, amount: 20_000 }, netCollected: 30_000 });
    expect(report.entries.find((entry) => entry.kind === 'refund')).toMatchObject({
      amount: -20_000,
      moneyIn: -20_000,
    });
    expectReconciled(report);
  });
});

describe("one staff user's collections", () => {
  let accountantId: string;
  let testUserId: string;
  beforeAll(async () => {
    const profile = async (headers?: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: headers ?? (await t.login()) })).json()
        .data.user._id as string;
    accountantId = await profile(accountant);
    testUserId = await profile();
  });

  const asAccountant = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: accountant, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data;
  };

  it('keep only what that user recorded, each entry naming who did, cheque steps by who took them', async () => {
    const day = '2026-10-25';
    const paymentDate = dayToUtcMidnight(day);
    const customer = await f.customer();
    await f.advance(customer._id, 11_000, { paymentDate });
    await asAccountant(
      '/api/payments/advance',
      f.advanceBody(customer._id, 22_000, { paymentDate, paymentMode: 'Knet' }),
    );
    // Received by the test user, cleared by the accountant: the money is the accountant's.
    const cheque = await f.cheque(customer._id, bank, 33_000, [], { receivedDate: '2026-10-20', chequeDate: day });
    await asAccountant(`/api/cheques/${cheque._id}/deposit`, { date: day });
    await asAccountant(`/api/cheques/${cheque._id}/clear`, { date: day });

    const everyone = await collections(day);
    expect(linesIn(everyone)).toEqual({ Cash: [11_000, 0], Knet: [22_000, 0], 'Cheque cleared': [33_000, 0] });
    expect(everyone.entries.map((entry) => entry.recordedBy?.name)).toEqual([
      TEST_USER.name,
      'A accountant',
      'A accountant',
    ]);

    const theirs = await collections(day, day, `&user=${accountantId}`);
    expect(theirs.user).toEqual({ _id: accountantId, name: 'A accountant' });
    expect(linesIn(theirs)).toEqual({ Knet: [22_000, 0], 'Cheque cleared': [33_000, 0] });
    expect(theirs.entries.every((entry) => entry.recordedBy?._id === accountantId)).toBe(true);
    expectReconciled(theirs);

    const mine = await collections(day, day, `&user=${testUserId}`);
    expect(linesIn(mine)).toEqual({ Cash: [11_000, 0] });
    // The PDC the test user received is theirs on the day it came in.
    expect((await collections('2026-10-20', '2026-10-20', `&user=${testUserId}`)).pdcsReceived).toEqual({
      count: 1,
      amount: 33_000,
    });
    expect((await collections('2026-10-20', '2026-10-20', `&user=${accountantId}`)).pdcsReceived.count).toBe(0);
  });

  it('can be chosen among every staff user, by name, by whoever reads the collections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/collections/staff', headers: accountant });
    expect(response.statusCode, response.body).toBe(200);
    const staff = response.json().data as CollectionStaff[];
    expect(staff).toEqual(
      expect.arrayContaining([
        { _id: accountantId, name: 'A accountant', username: 'collections-accountant', active: true },
        { _id: testUserId, name: TEST_USER.name, username: TEST_USER.username, active: true },
      ]),
    );
    expect(staff.map((user) => user.name)).toEqual(
      [...staff.map((user) => user.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('take their recorder from the audit trail for what was recorded before the column (migration 0019)', async () => {
    const day = '2026-10-26';
    const customer = await f.customer();
    const advance = await asAccountant(
      '/api/payments/advance',
      f.advanceBody(customer._id, 4_000, { paymentDate: dayToUtcMidnight(day) }),
    );
    const cheque = await f.cheque(customer._id, bank, 6_000, [], { receivedDate: day, chequeDate: '2026-12-26' });
    await t.db.execute(sql`update payments set recorded_by = null where id = ${advance._id}`);
    await t.db.execute(sql`update cheques set recorded_by = null where id = ${cheque._id}`);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0019_recorded_by.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((text) => /^\s*UPDATE/m.test(text)))
      await t.db.execute(sql.raw(statement.replace(/^--.*$/gm, '')));
    const report = await collections(day);
    expect(report.entries.map((entry) => [entry.kind, entry.recordedBy?._id])).toEqual([
      ['advance', accountantId],
      ['pdc', testUserId],
    ]);
  });
});

describe('the collections as CSV', () => {
  it('hold every entry of the period, their Money In adding up to the net collected', async () => {
    const day = '2026-10-20';
    const report = await collections(day);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/collections?from=${day}&to=${day}`,
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="collections-2026-10-20.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(response.rawPayload, { bom: true, columns: true });
    expect(rows.map((row) => [row.Number, row.Type, row.Mode, row['Counted As'], row['Money In (KD)']])).toEqual(
      report.entries.map((entry: CollectionEntry) => [
        entry.number,
        entry.kind,
        entry.paymentMode,
        entry.line ?? '',
        (entry.moneyIn / 1000).toFixed(3),
      ]),
    );
    const fils = rows.reduce((sum, row) => sum + Math.round(Number(row['Money In (KD)']) * 1000), 0);
    expect(fils).toBe(report.netCollected);
    expect(rows.every((row) => row['Recorded By'] === TEST_USER.name)).toBe(true);
  });
});

describe('the collections refuse', () => {
  const refusal = async (query: string) => {
    const response = await t.request('GET', `/api/collections?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().errors;
  };

  it('a day that is not one, a period backwards, a user that is not one, with the field named', async () => {
    expect(await refusal('from=2026-02-30')).toEqual({ from: 'From must be a date such as 2026-09-01' });
    expect(await refusal('from=2026-10-01&to=yesterday')).toEqual({ to: 'To must be a date such as 2026-11-30' });
    expect(await refusal('from=2026-10-02&to=2026-10-01')).toEqual({ from: 'From cannot be after To' });
    // From alone runs to today: a day after today is after To.
    expect(await refusal('from=2999-01-01')).toEqual({ from: 'From cannot be after To' });
    expect(await refusal('user=nobody')).toEqual({ user: 'Invalid user' });
    expect(await refusal('user=00000000-0000-4000-8000-000000000000')).toEqual({ user: 'User not found' });
    expect(await refusal('customer=x')).toEqual({ customer: 'Unknown field "customer"' });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/collections?user=00000000-0000-4000-8000-000000000000',
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(400);
  });

  it('a sales user (the counter does not see what it should count), and answers a viewer', async () => {
    const sales = await t.signInAs('sales');
    for (const url of ['/api/collections', '/api/collections/staff']) {
      const response = await t.app.inject({ method: 'GET', url, headers: sales });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(permissionDenied('collections.read'));
    }
    const viewer = await t.signInAs('viewer');
    const response = await t.app.inject({ method: 'GET', url: '/api/collections', headers: viewer });
    expect(response.statusCode).toBe(200);
  });
});

describe('the collections by default', () => {
  it("are the business day's", async () => {
    const today = dayToUtcMidnight(businessToday(t.config.businessTz, t.config.now()));
    const response = await t.request('GET', '/api/collections');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ from: today, to: today });
  });
});

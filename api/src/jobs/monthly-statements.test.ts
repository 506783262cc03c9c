import { DEFAULT_REMINDER_SETTINGS } from '@admin/shared/contract';
import { addDays, dayToUtcMidnight, toDay, type CalendarDay } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { auditLog, customers, outbox, outboxAttachments, sentStatements, users } from '../db/schema';
import { secondInstance, setUpApp, setUpLedger, TEST_USER } from '../test';
import { dailyStatements, monthBefore, runMonthlyStatements, type DrawDocument } from './monthly-statements';

const t = setUpApp();
const ledger = setUpLedger(t);

/** Turns the statements on or off as the signed-in admin (TEST_USER) would. */
async function statementsOn(on = true) {
  const saved = await t.request('PUT', '/api/settings/reminders', {
    ...DEFAULT_REMINDER_SETTINGS,
    monthlyStatements: on,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

/**
 * A stand-in for the browser that draws the print view: it reads the statement through the API
 * with the session it is given, as the print view does, and answers bytes naming what it read.
 */
function recordingDraw() {
  const drawn: { path: string; token: string; status: number; balance?: number }[] = [];
  const draw: DrawDocument = async (path, token) => {
    const url = new URL(path, 'http://platform');
    const customerId = url.pathname.split('/').at(-1);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}/statement?from=${url.searchParams.get('from')}&to=${url.searchParams.get('to')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const balance = read.statusCode === 200 ? (read.json().data.closingBalance as number) : undefined;
    drawn.push({ path, token, status: read.statusCode, balance });
    return Buffer.from(`%PDF-1.4 statement of ${customerId} closing ${balance}`);
  };
  return { draw, drawn };
}

/** Runs the job on each day from `from` to `to`, as the daily run would. */
async function runDays(draw: DrawDocument, from: CalendarDay, to: CalendarDay, db: Database = t.apiDb) {
  let sent = 0;
  for (let day = from; day <= to; day = addDays(day, 1))
    sent += await runMonthlyStatements(db, day, draw, t.config.now);
  return sent;
}

/** The months sent or looked at for `ids`, as `customer → ['from:sent|nothing']`. */
async function lookedAt(ids: string[]) {
  const rows = await t.db
    .select({ id: sentStatements.customerId, from: sentStatements.periodFrom, outboxId: sentStatements.outboxId })
    .from(sentStatements)
    .where(inArray(sentStatements.customerId, ids))
    .orderBy(asc(sentStatements.periodFrom));
  const byCustomer = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of rows) byCustomer.get(row.id)!.push(`${toDay(row.from)}:${row.outboxId ? 'sent' : 'nothing'}`);
  return byCustomer;
}

describe('the month a statement covers', () => {
  it.each([
    ['2027-02-01', '2027-01-01', '2027-01-31'],
    ['2027-03-15', '2027-02-01', '2027-02-28'],
    ['2028-03-02', '2028-02-01', '2028-02-29'],
    ['2027-01-03', '2026-12-01', '2026-12-31'],
    ['2027-05-31', '2027-04-01', '2027-04-30'],
  ])('on %s is %s to %s', (today, from, to) => {
    expect(monthBefore(today)).toEqual({ from, to });
  });
});

describe('monthly statements', () => {
  const email = (name: string) => `${name.toLowerCase().replaceAll(' ', '.')}@example.test`;
  let owes: string;
  let owesArabic: string;
  let quiet: string[];
  let all: string[];

  beforeAll(async () => {
    const customer = async (name: string, overrides: Record<string, unknown> = {}) =>
      (await ledger.customer(name, { email: email(name), ...overrides }))._id;
    owes = await customer('Owing Co');
    owesArabic = await customer('Arabic Co', { preferredLanguage: 'ar', customerAlternateName: 'شركة عربية' });
    const settled = await customer('Settled Co');
    const inCredit = await customer('Credit Co');
    const paper = await customer('Paper Co', { acceptsEmail: false });
    const noAddress = (await ledger.customer('No Address Co'))._id;
    const february = await customer('February Co');

    // January's invoices: 120.500 owed of 150.500 (30.000 paid on the 20th); 75.250 owed in Arabic.
    const owed = await ledger.invoice(owes, 150_500, 'unpaid', '2027-01-10');
    await ledger.pay(owes, [[owed.id, 30_000]], { paymentDate: '2027-01-20' });
    await ledger.invoice(owesArabic, 75_250, 'unpaid', '2027-01-12');
    const paid = await ledger.invoice(settled, 40_000, 'unpaid', '2027-01-05');
    await ledger.pay(settled, [[paid.id, 40_000]], { paymentDate: '2027-01-06' });
    await ledger.advance(inCredit, 10_000, { paymentDate: '2027-01-07' });
    await ledger.invoice(paper, 9_000, 'unpaid', '2027-01-08');
    await ledger.invoice(noAddress, 9_000, 'unpaid', '2027-01-08');
    // Owed only from February: nothing at the end of January.
    await ledger.invoice(february, 5_000, 'unpaid', '2027-02-02');
    quiet = [settled, inCredit, paper, noAddress, february];
    all = [owes, owesArabic, ...quiet];
  });

  it('sends nothing while they are off', async () => {
    const settings = await statementsOn(false);
    expect(settings).toMatchObject({ monthlyStatements: false, statementsSentAs: null });
    const { draw, drawn } = recordingDraw();
    expect(await runMonthlyStatements(t.apiDb, '2027-02-01', draw, t.config.now)).toBe(0);
    expect(drawn).toEqual([]);
    expect([...(await lookedAt(all)).values()].flat()).toEqual([]);
  });

  it("sends last month's statement on the month's first business day to each customer who owes, once", async () => {
    const settings = await statementsOn();
    expect(settings).toMatchObject({ monthlyStatements: true, statementsSentAs: TEST_USER.name });
    const { draw, drawn } = recordingDraw();
    // Monday 1 to Wednesday 10 February, each day run as the job does.
    expect(await runDays(draw, '2027-02-01', '2027-02-10')).toBe(2);
    const looked = await lookedAt(all);
    expect(looked.get(owes)).toEqual(['2027-01-01:sent']);
    expect(looked.get(owesArabic)).toEqual(['2027-01-01:sent']);
    // Those who owe nothing at January's end are looked at once, and sent nothing; those who take
    // no e-mail or have no address are not looked at (an address added later brings theirs).
    const [settled, inCredit, paper, noAddress, february] = quiet;
    expect(looked.get(settled!)).toEqual(['2027-01-01:nothing']);
    expect(looked.get(inCredit!)).toEqual(['2027-01-01:nothing']);
    expect(looked.get(february!)).toEqual(['2027-01-01:nothing']);
    expect(looked.get(paper!)).toEqual([]);
    expect(looked.get(noAddress!)).toEqual([]);

    // Drawn in the customer's language for January, as the admin who turned them on (the session
    // could read the statement), and that session ended after the run.
    const forOwes = drawn.filter((one) => one.path.includes(owes));
    expect(forOwes).toHaveLength(1);
    expect(forOwes[0]).toMatchObject({
      path: `/receivables-aging/statement/${owes}?from=2027-01-01&to=2027-01-31&print=en`,
      status: 200,
      balance: 120_500,
    });
    expect(drawn.find((one) => one.path.includes(owesArabic))?.path).toMatch(/print=ar$/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${forOwes[0]!.token}` },
    });
    expect(after.statusCode).toBe(401);

    // Again over the same days: nothing more.
    expect(await runDays(draw, '2027-02-01', '2027-02-10')).toBe(0);
  });

  it("writes each statement to the outbox in the customer's language with its PDF, and records the sending", async () => {
    const messages = await t.db
      .select({
        id: outbox.id,
        relatesTo: outbox.relatesToId,
        to: outbox.toAddress,
        subject: outbox.subject,
        text: outbox.textBody,
        language: outbox.language,
      })
      .from(outbox)
      .where(and(eq(outbox.relatesToKind, 'statement'), inArray(outbox.relatesToId, all)));
    expect(messages.map((message) => message.relatesTo).sort()).toEqual([owes, owesArabic].sort());
    const english = messages.find((message) => message.relatesTo === owes)!;
    expect(english).toMatchObject({ to: 'owing.co@example.test', language: 'en' });
    expect(english.subject).toMatch(/^Statement of account/);
    expect(english.text).toContain('from 01/01/2027 to 31/01/2027');
    expect(english.text).toContain('Your balance on 31/01/2027 is 120.500 KD');
    const arabic = messages.find((message) => message.relatesTo === owesArabic)!;
    expect(arabic.language).toBe('ar');
    expect(arabic.text).toContain('السادة شركة عربية،');
    expect(arabic.text).toContain('75.250 د.ك');

    const [attached] = await t.db
      .select({ filename: outboxAttachments.filename, content: outboxAttachments.content })
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, english.id));
    expect(attached?.filename).toBe('statement-Owing Co-2027-01-31.pdf');
    expect(Buffer.from(attached!.content).toString()).toBe(`%PDF-1.4 statement of ${owes} closing 120500`);

    const sending = await t.db
      .select({ username: auditLog.actorUsername, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owes), eq(auditLog.action, 'send')));
    expect(sending).toHaveLength(1);
    expect(sending[0]?.username).toBe('system');
    expect(sending[0]?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'outboxMessage', after: english.id })]),
    );
  });

  it('sends a customer who gains an address later in the month theirs on the next business day', async () => {
    const [, , paper] = quiet;
    await t.db.update(customers).set({ acceptsEmail: true }).where(eq(customers.id, paper!));
    const { draw } = recordingDraw();
    // Friday 12 and Saturday 13 February are the weekend; Sunday 14 is the next business day.
    expect(await runMonthlyStatements(t.apiDb, '2027-02-12', draw, t.config.now)).toBe(0);
    expect(await runMonthlyStatements(t.apiDb, '2027-02-13', draw, t.config.now)).toBe(0);
    expect(await runMonthlyStatements(t.apiDb, '2027-02-14', draw, t.config.now)).toBe(1);
    expect((await lookedAt([paper!])).get(paper!)).toEqual(['2027-01-01:sent']);
  });

  it('sends nothing while the admin who turned them on is no longer active', async () => {
    const customer = (await ledger.customer('Later Co', { email: 'later@example.test' }))._id;
    await ledger.invoice(customer, 12_000, 'unpaid', '2027-02-03');
    const [tester] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_USER.username));
    await t.db.update(users).set({ active: false }).where(eq(users.id, tester!.id));
    const { draw, drawn } = recordingDraw();
    try {
      // Monday 1 March: February's statement waits.
      expect(await runMonthlyStatements(t.apiDb, '2027-03-01', draw, t.config.now)).toBe(0);
      expect(drawn).toEqual([]);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.id, tester!.id));
    }
    expect(await runMonthlyStatements(t.apiDb, '2027-03-01', draw, t.config.now)).toBeGreaterThanOrEqual(1);
    expect((await lookedAt([customer])).get(customer)).toEqual(['2027-02-01:sent']);
  });

  it('in the minute-by-minute job, looks once a day', async () => {
    const statements = dailyStatements(t.apiDb, recordingDraw().draw, t.config.now);
    const keepGoing = () => true;
    const customer = (await ledger.customer('Daily Co', { email: 'daily@example.test' }))._id;
    await ledger.invoice(customer, 3_000, 'unpaid', '2027-03-02');
    // Sunday 4 April: March's statement goes on the first run of the day, not on the next ones.
    expect(await statements('2027-04-04', keepGoing)).toBeGreaterThanOrEqual(1);
    const other = (await ledger.customer('Same Day Co', { email: 'sameday@example.test' }))._id;
    await ledger.invoice(other, 3_000, 'unpaid', '2027-03-03');
    expect(await statements('2027-04-04', keepGoing)).toBe(0);
    expect(await statements('2027-04-05', keepGoing)).toBe(1);
  });

  it('two instances running at once send each statement once', async () => {
    const other = await secondInstance(t);
    try {
      const ids = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const id = (await ledger.customer(`Busy ${i}`, { email: `busy${i}@example.test` }))._id;
          await ledger.invoice(id, 1_000 + i, 'unpaid', '2027-04-10');
          return id;
        }),
      );
      const { draw } = recordingDraw();
      // Sunday 2 May: April's statements.
      // The customers of the tests before owe in April too: theirs go as well, once each.
      const [a, b] = await Promise.all([
        runMonthlyStatements(t.apiDb, '2027-05-02', draw, t.config.now),
        runMonthlyStatements(other.db, '2027-05-02', draw, t.config.now),
      ]);
      const april = await t.db
        .select({ id: sentStatements.customerId })
        .from(sentStatements)
        .where(and(eq(sentStatements.periodFrom, dayToUtcMidnight('2027-04-01')), isNotNull(sentStatements.outboxId)));
      expect(a + b).toBe(april.length);
      expect([...(await lookedAt(ids)).values()]).toEqual(ids.map(() => ['2027-04-01:sent']));
      const messages = await t.db
        .select({ id: outbox.relatesToId })
        .from(outbox)
        .where(and(eq(outbox.relatesToKind, 'statement'), inArray(outbox.relatesToId, ids)));
      expect(messages.map((message) => message.id).sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });
});

import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsInput } from '@admin/shared/contract';
import { addDays, toDay, type CalendarDay } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { invoices, outbox, sentReminders } from '../db/schema';
import { secondInstance, setUpApp, setUpLedger } from '../test';
import { dailyReminders, runReminders, stepToSend } from './payment-reminders';

const t = setUpApp();
const ledger = setUpLedger(t);

const STEPS: ReminderSettingsInput['steps'] = [
  { offsetDays: -3, statuses: ['high', 'medium', 'low'], enabled: true },
  { offsetDays: 0, statuses: ['high', 'medium', 'low'], enabled: true },
  { offsetDays: 7, statuses: ['high', 'medium', 'low'], enabled: true },
  // Only the best customers hear a fourth time.
  { offsetDays: 14, statuses: ['high'], enabled: true },
  { offsetDays: 30, statuses: ['high', 'medium', 'low'], enabled: false },
];
// Monday 11 January 2027.
const HOLIDAY = '2027-01-11';

async function configure(settings: Partial<ReminderSettingsInput> = {}) {
  const saved = await t.request('PUT', '/api/settings/reminders', {
    ...DEFAULT_REMINDER_SETTINGS,
    enabled: true,
    steps: STEPS,
    ...settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** An invoice due on `dueDate` (its day too) for `customerId`, still wholly owed. */
const invoiceDue = (customerId: string, dueDate: CalendarDay, total = 120_500) =>
  ledger.invoice(customerId, total, 'unpaid', dueDate);

/** Every reminder sent for `ids`: which step, on which day, as `day:offset`. */
async function sentFor(ids: string[], db: Database = t.db) {
  const rows = await db
    .select({ invoiceId: sentReminders.invoiceId, offset: sentReminders.offsetDays, on: sentReminders.sentOn })
    .from(sentReminders)
    .where(inArray(sentReminders.invoiceId, ids))
    .orderBy(asc(sentReminders.sentOn));
  const byInvoice = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of rows) byInvoice.get(row.invoiceId)!.push(`${toDay(row.on)}:${row.offset}`);
  return byInvoice;
}

/** Runs the job on each day from `from` to `to`, as the daily run would. */
async function runDays(from: CalendarDay, to: CalendarDay, db: Database = t.apiDb) {
  let sent = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) sent += await runReminders(db, day);
  return sent;
}

describe('the step to send', () => {
  it('is the latest step come due, once, and none before the first', () => {
    const due = '2027-01-06';
    expect(stepToSend(STEPS, due, 'medium', '2027-01-02', null)).toBeUndefined();
    expect(stepToSend(STEPS, due, 'medium', '2027-01-03', null)?.offsetDays).toBe(-3);
    expect(stepToSend(STEPS, due, 'medium', '2027-02-28', null)?.offsetDays).toBe(7);
    expect(stepToSend(STEPS, due, 'high', '2027-02-28', null)?.offsetDays).toBe(14);
    expect(stepToSend(STEPS, due, 'high', '2027-02-28', 14)).toBeUndefined();
  });
});

describe('payment reminders', () => {
  let expected: Map<string, string[]>;
  let english: string;
  let arabic: string;

  beforeAll(async () => {
    await configure();
    const holidays = await t.request('PUT', '/api/settings/holidays', {
      holidays: [{ day: HOLIDAY, name: 'Test holiday' }],
    });
    expect(holidays.statusCode, holidays.body).toBe(200);
    const email = (name: string) => `${name.toLowerCase().replaceAll(' ', '.')}@example.test`;
    const customer = (name: string, overrides: Record<string, unknown> = {}) =>
      ledger.customer(name, { email: email(name), ...overrides });
    const medium = await customer('Medium Co');
    const high = await customer('High Co', { status: 'high', preferredLanguage: 'ar' });
    const quiet = await customer('Quiet Co', { sendReminders: false });
    const noMail = await customer('Paper Co', { acceptsEmail: false });
    const noAddress = await ledger.customer('No Address Co');

    // Due Wednesday 6 January: 3 days before is Sunday, a week after Wednesday 13.
    const onTime = await invoiceDue(medium._id, '2027-01-06');
    english = onTime.id;
    // Due Monday 4 January: 3 days before is Friday (sent Sunday), a week after the holiday (sent Tuesday).
    const overWeekend = await invoiceDue(high._id, '2027-01-04');
    arabic = overWeekend.id;
    // Due Sunday 10 January, promised for Tuesday 19: nothing until Wednesday 20, then only the week's step.
    const promised = await invoiceDue(high._id, '2027-01-10');
    const promise = await t.request('POST', `/api/invoices/${promised.id}/promise`, {
      date: '2027-01-19',
      note: 'Pays after the salaries',
    });
    expect(promise.statusCode, promise.body).toBe(200);
    // Due long before reminders were on: only the latest step, not three at once.
    const old = await invoiceDue(medium._id, '2026-11-01');
    // A post-dated cheque in hand covers it.
    const covered = await invoiceDue(medium._id, '2027-01-06', 50_000);
    const bank = await ledger.bank();
    await ledger.cheque(medium._id, bank._id, 50_000, [[covered.id, 50_000]], { chequeDate: '2027-01-31' });
    // Paid, and cancelled.
    const paid = await invoiceDue(medium._id, '2027-01-06', 20_000);
    await ledger.pay(medium._id, [[paid.id, 20_000]]);
    const cancelled = await ledger.invoice(medium._id, 30_000, 'cancelled', '2027-01-06');
    // Customers who take no reminders.
    const others = await Promise.all([quiet, noMail, noAddress].map((c) => invoiceDue(c._id, '2027-01-06')));

    expected = new Map([
      [onTime.id, ['2027-01-03:-3', '2027-01-06:0', '2027-01-13:7']],
      [overWeekend.id, ['2027-01-03:-3', '2027-01-04:0', '2027-01-12:7', '2027-01-18:14']],
      [promised.id, ['2027-01-20:7', '2027-01-24:14']],
      [old.id, ['2026-12-20:7']],
      [covered.id, []],
      [paid.id, []],
      [cancelled.id, []],
      ...others.map((invoice) => [invoice.id, []] as [string, string[]]),
    ]);
  });

  it('sends each step on its business day, once, and only the latest of those missed', async () => {
    // Sunday 20 December to Sunday 28 February, each day run as the job does.
    const sent = await runDays('2026-12-20', '2027-02-28');
    expect(await sentFor([...expected.keys()])).toEqual(expected);
    expect(sent).toBe([...expected.values()].flat().length);
    // The whole period again: nothing more.
    expect(await runDays('2026-12-20', '2027-02-28')).toBe(0);
    expect(await sentFor([...expected.keys()])).toEqual(expected);
  });

  it("writes each reminder to the outbox in the customer's language, with the invoice's figures", async () => {
    const messages = async (id: string) =>
      t.db
        .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody, language: outbox.language })
        .from(outbox)
        .where(eq(outbox.relatesToId, id))
        .orderBy(asc(outbox.createdAt));
    const [number] = (
      await t.db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, english))
    ).map((row) => row.n);
    const inEnglish = await messages(english);
    expect(inEnglish).toHaveLength(3);
    expect(inEnglish[0]).toMatchObject({
      to: 'medium.co@example.test',
      language: 'en',
      subject: `Payment reminder: invoice ${number} due 06/01/2027`,
    });
    expect(inEnglish[0]?.text).toContain('Dear Medium Co,');
    expect(inEnglish[0]?.text).toContain('120.500 KD remains to be paid');
    const inArabic = await messages(arabic);
    expect(inArabic).toHaveLength(4);
    expect(inArabic[0]).toMatchObject({ language: 'ar', to: 'high.co@example.test' });
    expect(inArabic[0]?.subject).toMatch(/^تذكير بالدفع: الفاتورة INV-\d+ المستحقة في 04\/01\/2027$/);
    expect(inArabic[0]?.text).toContain('عزيزنا High Co،');
    expect(inArabic[0]?.text).toContain('120.500 د.ك');
  });

  it('sends nothing while reminders are off, and nothing on a Friday', async () => {
    const customer = await ledger.customer('Later Co', { email: 'later@example.test' });
    const invoice = await invoiceDue(customer._id, '2027-03-08');
    await configure({ enabled: false });
    expect(await runReminders(t.apiDb, '2027-03-08')).toBe(0);
    await configure();
    // Friday 12 March: the week's step (15 March) has not come, the due day's waits for Sunday.
    expect(await runReminders(t.apiDb, '2027-03-12')).toBe(0);
    expect((await sentFor([invoice.id])).get(invoice.id)).toEqual([]);
    // Sunday 14 March: the due day's step; the one 3 days before, missed, is not sent late.
    await runDays('2027-03-13', '2027-04-04');
    expect((await sentFor([invoice.id])).get(invoice.id)).toEqual(['2027-03-14:0', '2027-03-15:7']);
  });

  it('in the minute-by-minute job, look once a day, and again once the settings are saved', async () => {
    const reminders = dailyReminders(t.apiDb);
    const keepGoing = () => true;
    const customer = await ledger.customer('Daily Co', { email: 'daily@example.test' });
    // Tuesday 13 April: nothing due yet for an invoice due on Sunday 18.
    expect(await reminders('2027-04-13', keepGoing)).toBe(0);
    const invoice = await invoiceDue(customer._id, '2027-04-18');
    await configure({ steps: [{ offsetDays: -7, statuses: ['medium'], enabled: true }, ...STEPS.slice(1)] });
    // The settings changed: the same day is looked at again, and the step 7 days before goes.
    expect(await reminders('2027-04-13', keepGoing)).toBe(1);
    expect((await sentFor([invoice.id])).get(invoice.id)).toEqual(['2027-04-13:-7']);
    expect(await reminders('2027-04-13', keepGoing)).toBe(0);
    // An invoice that becomes due the same day waits for the next day's first run.
    const later = await invoiceDue(customer._id, '2027-04-20');
    expect(await reminders('2027-04-13', keepGoing)).toBe(0);
    expect(await reminders('2027-04-14', keepGoing)).toBe(1);
    expect((await sentFor([later.id])).get(later.id)).toEqual(['2027-04-14:-7']);
    await configure();
  });

  it('two instances running at once send each reminder once', async () => {
    const other = await secondInstance(t);
    try {
      const customers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => ledger.customer(`Busy ${i}`, { email: `busy${i}@example.test` })),
      );
      const due = await Promise.all(
        Array.from({ length: 24 }, (_, i) => invoiceDue(customers[i % 4]!._id, '2027-04-05', 1_000 + i)),
      );
      const ids = due.map((invoice) => invoice.id);
      // Monday 5 April, the due day.
      const [a, b] = await Promise.all([runReminders(t.apiDb, '2027-04-05'), runReminders(other.db, '2027-04-05')]);
      expect(a + b).toBe(24);
      expect([...(await sentFor(ids)).values()]).toEqual(ids.map(() => ['2027-04-05:0']));
      const messages = await t.db
        .select({ id: outbox.relatesToId })
        .from(outbox)
        .where(inArray(outbox.relatesToId, ids));
      expect(messages.map((message) => message.id).sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });
});

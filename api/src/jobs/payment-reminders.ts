import {
  fillPlaceholders,
  PAYABLE_STATUSES,
  type CustomerStatus,
  type Language,
  type ReminderSettings,
  type ReminderStep,
} from '@admin/shared/contract';
import { addDays, dayToUtcMidnight, formatDay, toDay, type CalendarDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/trail';
import type { Database, Transaction } from '../db/connect';
import { customers, invoices, sentReminders } from '../db/schema';
import { coveredByCheque } from '../modules/cheques/covering';
import { remainingOf } from '../modules/ledger/moves';
import { enqueueMail } from '../modules/mail/outbox';
import { readReminderSettings } from '../modules/reminders/settings';
import { holidayDays, isBusinessDay } from '../modules/settings/business-days';
import { CompanySettingsService } from '../modules/settings/service';

const BATCH = 100;

/**
 * Invoices a reminder may go for on `today`: still due (sent, unpaid or overdue) with something
 * left to pay, no post-dated cheque waiting to pay it, no promise to pay still running, the
 * earliest step's day come (due date + `earliest` is today or before), and a customer who takes
 * reminders by e-mail and has an address.
 * Those left out are not recorded: they are looked at again each day, so a customer who gains an
 * address later gets the step due then.
 */
const mayBeReminded = (db: Database | Transaction, today: CalendarDay, earliest: number) =>
  and(
    inArray(invoices.status, [...PAYABLE_STATUSES]),
    gt(sql`${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}`, 0),
    sql`${invoices.dueDate} <= ${addDays(today, -earliest)}::date`,
    or(isNull(invoices.promisedUntil), lt(invoices.promisedUntil, sql`${today}::date`)),
    eq(customers.sendReminders, true),
    eq(customers.acceptsEmail, true),
    sql`coalesce(trim(${customers.email}), '') <> ''`,
    sql`not ${coveredByCheque(db, invoices.id)}`,
  );

/** What a reminder of one invoice reads. */
async function candidates(db: Database | Transaction, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      dueDate: invoices.dueDate,
      totalAmount: invoices.totalAmount,
      paidAmount: invoices.paidAmount,
      creditedAmount: invoices.creditedAmount,
      customerName: customers.customerName,
      customerStatus: customers.status,
      email: customers.email,
      language: customers.preferredLanguage,
      lastSent: sql<
        number | null
      >`(select max(${sentReminders.offsetDays}) from ${sentReminders} where ${sentReminders.invoiceId} = ${invoices.id})`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where)
    .orderBy(asc(invoices.id))
    .limit(limit);
}
type Candidate = Awaited<ReturnType<typeof candidates>>[number];

/**
 * The step to send for an invoice due on `dueDate` to a customer of `status` on `today`: the latest
 * enabled step of that status whose day has come, unless that step or a later one went already.
 * Only the latest: steps missed (a rule added for old invoices, days off, a promise) are not sent
 * in a burst, and the customer hears the one that fits the invoice's age now.
 */
export function stepToSend(
  steps: readonly ReminderStep[],
  dueDate: CalendarDay,
  status: CustomerStatus,
  today: CalendarDay,
  lastSent: number | null,
): ReminderStep | undefined {
  const due = steps.filter(
    (step) => step.enabled && step.statuses.includes(status) && addDays(dueDate, step.offsetDays) <= today,
  );
  const latest = due.reduce<ReminderStep | undefined>((a, b) => (a && a.offsetDays > b.offsetDays ? a : b), undefined);
  return latest && (lastSent === null || lastSent < latest.offsetDays) ? latest : undefined;
}

/** The subject and text of a reminder of `invoice` in `language`, from the settings' template. */
function reminderText(settings: ReminderSettings, invoice: Candidate, language: Language, companyName: string) {
  const template = settings.templates[language];
  const values = {
    invoiceNumber: invoice.invoiceNumber,
    customerName: invoice.customerName,
    dueDate: formatDay(invoice.dueDate),
    remainingAmount: formatKd(remainingOf(invoice), language),
    totalAmount: formatKd(invoice.totalAmount, language),
    companyName,
  };
  return { subject: fillPlaceholders(template.subject, values), text: fillPlaceholders(template.body, values) };
}

/**
 * Sends one invoice's reminder in its own transaction: the invoice is locked and read again (a
 * payment, a promise or another instance may have come first), then the outbox message and the
 * sent step are written together, so the step goes once and only with its message.
 */
async function remindOne(
  db: Database,
  settings: ReminderSettings,
  invoiceId: string,
  today: CalendarDay,
  earliest: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    const [invoice] = await candidates(tx, and(eq(invoices.id, invoiceId), mayBeReminded(tx, today, earliest)), 1);
    if (!invoice) return false;
    const step = stepToSend(settings.steps, toDay(invoice.dueDate), invoice.customerStatus, today, invoice.lastSent);
    if (!step) return false;
    const company = await new CompanySettingsService(db).get(tx);
    const language = invoice.language;
    const companyName =
      (language === 'ar'
        ? company.companyNameAr || company.companyNameEn
        : company.companyNameEn || company.companyNameAr) || '';
    const outboxId = await enqueueMail(tx, {
      to: invoice.email ?? '',
      ...reminderText(settings, invoice, language, companyName),
      language,
      relatesTo: { kind: 'invoice', id: invoice.id },
      actor: SYSTEM_ACTOR,
    });
    await tx
      .insert(sentReminders)
      .values({ invoiceId, offsetDays: step.offsetDays, sentOn: dayToUtcMidnight(today), outboxId });
    return true;
  });
}

/**
 * Writes to the outbox each payment reminder due on `today` (a business day in Kuwait), at most one
 * per invoice and step, whatever number of instances run it at once: each invoice is sent under
 * its row's lock, and the sent steps' key (invoice, offset) refuses a second. On Friday, Saturday
 * and the company's holidays it sends nothing: a step falling on one goes on the next business day.
 * Returns how many reminders it wrote. Before each batch it asks `keepGoing`.
 */
export async function runReminders(
  db: Database,
  today: CalendarDay,
  keepGoing: () => boolean = () => true,
  settings?: ReminderSettings,
): Promise<number> {
  settings ??= await readReminderSettings(db);
  const steps = settings.steps.filter((step) => step.enabled);
  if (!settings.enabled || !steps.length) return 0;
  if (!isBusinessDay(today, await holidayDays(db))) return 0;
  const earliest = Math.min(...steps.map((step) => step.offsetDays));
  let sent = 0;
  let after = '';
  for (;;) {
    if (!keepGoing()) return sent;
    const batch = await candidates(
      db,
      and(mayBeReminded(db, today, earliest), after ? gt(invoices.id, after) : undefined),
      BATCH,
    );
    for (const invoice of batch) {
      if (!stepToSend(steps, toDay(invoice.dueDate), invoice.customerStatus, today, invoice.lastSent)) continue;
      if (await remindOne(db, settings, invoice.id, today, earliest)) sent++;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return sent;
    after = last.id;
  }
}

/**
 * runReminders for the invoice jobs, which run every minute: it goes once a business day (the
 * first run of the day in each instance) and again once an admin saves new settings, since what
 * else makes a reminder due (a promise running out, an invoice's age) changes only with the day.
 */
export function dailyReminders(db: Database) {
  let done: string | undefined;
  return async (today: CalendarDay, keepGoing: () => boolean): Promise<number> => {
    const settings = await readReminderSettings(db);
    const version = `${today} ${settings.updatedAt}`;
    if (version === done) return 0;
    const sent = await runReminders(db, today, keepGoing, settings);
    // A run cut short by a shutdown is finished by the next one.
    if (keepGoing()) done = version;
    return sent;
  };
}

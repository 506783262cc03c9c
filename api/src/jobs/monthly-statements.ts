import { addDays, dayToUtcMidnight, type CalendarDay } from '@admin/shared/dates';
import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/trail';
import type { Database } from '../db/connect';
import { customers, sentStatements } from '../db/schema';
import { withSessionOf } from '../modules/auth/service';
import { CustomerService } from '../modules/customers/service';
import { printPath, statementDocument } from '../modules/documents/printed';
import { documentLetter, sendDocument } from '../modules/documents/send';
import { customerStatement } from '../modules/receivables/statement';
import { readReminderSettings, statementsSender } from '../modules/reminders/settings';
import { holidayDays, isBusinessDay } from '../modules/settings/business-days';
import { CompanySettingsService } from '../modules/settings/service';

const BATCH = 100;

/** Draws a print view as a PDF in the session of `token` (documents/pdf-renderer.ts). */
export type DrawDocument = (path: string, token: string) => Promise<Buffer>;

/** The calendar month before the one `today` falls in: its first and last days. */
export function monthBefore(today: CalendarDay): { from: CalendarDay; to: CalendarDay } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** A month already looked at for this customer: another instance wrote it first. */
class AlreadyLookedAt extends Error {}

/**
 * Customers whose statement of the month may go: they take e-mail, have an address, and the
 * month has not been looked at for them yet. Those left out are not recorded, so a customer who
 * gains an address later in the month gets the month's statement then.
 */
const notYetLookedAt = (from: CalendarDay) =>
  and(
    eq(customers.acceptsEmail, true),
    sql`coalesce(trim(${customers.email}), '') <> ''`,
    notExists(
      sql`(select 1 from ${sentStatements} where ${sentStatements.customerId} = ${customers.id} and ${sentStatements.periodFrom} = ${from}::date)`,
    ),
  );

/** Records that the month was looked at for a customer; AlreadyLookedAt when another got there first. */
async function recordLookedAt(db: Pick<Database, 'insert'>, values: typeof sentStatements.$inferInsert): Promise<void> {
  const written = await db
    .insert(sentStatements)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: sentStatements.customerId });
  if (!written.length) throw new AlreadyLookedAt();
}

/**
 * Sends each customer who owes a balance at the end of last month that month's statement, its PDF
 * attached, in their language, through the outbox; once per customer and month whichever number
 * of instances run it (the key of sent_statements, written with the message). It runs on business
 * days only, from the month's first on, so the statements go on its first business day and a
 * customer missed then (the server down, no address yet) gets theirs on a later one.
 *
 * The PDF is the statement's print view drawn in a session of the admin who turned the statements
 * on, made for the run and ended after it: the document shows what that admin may read, no more.
 * Returns how many statements it wrote. Before each customer it asks `keepGoing`.
 */
export async function runMonthlyStatements(
  db: Database,
  today: CalendarDay,
  draw: DrawDocument,
  now: () => Date,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  const settings = await readReminderSettings(db);
  if (!settings.monthlyStatements) return 0;
  const sender = await statementsSender(db);
  if (!sender || !isBusinessDay(today, await holidayDays(db))) return 0;
  const period = monthBefore(today);
  const people = new CustomerService(db);
  const company = await new CompanySettingsService(db).get();
  const sent = await withSessionOf(db, sender, 'receivables.read', now(), async (token) => {
    let count = 0;
    let after = '';
    for (;;) {
      const batch = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(notYetLookedAt(period.from), after ? gt(customers.id, after) : undefined))
        .orderBy(asc(customers.id))
        .limit(BATCH);
      for (const { id } of batch) {
        if (!keepGoing()) return count;
        if (await sendOne(id)) count++;
      }
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) return count;
      after = last.id;
    }

    async function sendOne(customerId: string): Promise<boolean> {
      const { closingBalance } = await customerStatement(db, customerId, period.from, period.to);
      const looked = {
        customerId,
        periodFrom: dayToUtcMidnight(period.from),
        periodTo: dayToUtcMidnight(period.to),
        closingBalance,
        sentOn: dayToUtcMidnight(today),
      };
      try {
        // Nothing owed (or money held for them): the month is done for this customer, no message.
        if (closingBalance <= 0) {
          await recordLookedAt(db, looked);
          return false;
        }
        const customer = await people.get(customerId);
        const language = customer.preferredLanguage;
        const document = statementDocument(db, customer, period, today);
        // Drawn before the transaction: the page reads the API, which needs the database meanwhile.
        const pdf = await draw(printPath(document, language), token);
        const letter = documentLetter('statement', language, await document.facts(), customer, company);
        await sendDocument(
          db,
          SYSTEM_ACTOR,
          {
            document: { ...document, pdf },
            to: customer.email ?? '',
            language,
            customerLanguage: language,
            ...letter,
          },
          (tx, outboxId) => recordLookedAt(tx, { ...looked, outboxId }),
        );
        return true;
      } catch (error) {
        if (error instanceof AlreadyLookedAt) return false;
        throw error;
      }
    }
  });
  return sent ?? 0;
}

/**
 * runMonthlyStatements for the invoice jobs, which run every minute: it goes once a business day
 * in each instance, and again once an admin saves new settings. A run that failed (the renderer
 * missing) is tried again the next day; the customers it reached are not sent twice.
 */
export function dailyStatements(db: Database, draw: DrawDocument, now: () => Date) {
  let done: string | undefined;
  return async (today: CalendarDay, keepGoing: () => boolean): Promise<number> => {
    const settings = await readReminderSettings(db);
    const version = `${today} ${settings.updatedAt}`;
    if (version === done) return 0;
    try {
      return await runMonthlyStatements(db, today, draw, now, keepGoing);
    } finally {
      // A run cut short by a shutdown is finished by the next one.
      if (keepGoing()) done = version;
    }
  };
}

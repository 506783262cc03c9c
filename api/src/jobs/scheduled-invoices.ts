import { businessToday, dayToUtcMidnight, toDay, type CalendarDay } from '@admin/shared/dates';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/trail';
import type { Database } from '../db/connect';
import { scheduledInvoices } from '../db/schema';
import { isAlreadyGenerated, ScheduledInvoiceService } from '../modules/scheduled-invoices/service';
import { runOverdueUpdates } from './overdue-invoices';
import { dailyReminders } from './payment-reminders';
import { onInvoicesChanged } from '../lib/invoices-changed';
import { closedThrough, firstOpenDay } from '../modules/period-lock/guard';

const BATCH = 100;

/** Automated active schedules whose next period is due on `today`. */
const dueAutomated = (today: CalendarDay) =>
  and(
    eq(scheduledInvoices.status, 'active'),
    eq(scheduledInvoices.automated, true),
    lte(scheduledInvoices.nextInvoiceDate, dayToUtcMidnight(today)),
  );

type Outcome = 'generated' | 'done' | 'busy';

/**
 * Generates one due period of a schedule in its own transaction, recorded in the audit trail as
 * the system's. The schedule row is locked and re-read first, so a period is never generated
 * twice. With `skipLocked`, a schedule that another process holds (another instance, a staff
 * click) is not waited for: the answer is 'busy'.
 */
async function generateOne(
  db: Database,
  service: ScheduledInvoiceService,
  id: string,
  today: CalendarDay,
  skipLocked: boolean,
): Promise<Outcome> {
  try {
    return await db.transaction(async (tx): Promise<Outcome> => {
      const due = and(eq(scheduledInvoices.id, id), dueAutomated(today));
      const [schedule] = await tx
        .select()
        .from(scheduledInvoices)
        .where(due)
        .for('update', skipLocked ? { skipLocked: true } : {});
      if (schedule) {
        // Due in the closed period, it is invoiced on the first open day: not before that day comes.
        if (toDay(firstOpenDay(await closedThrough(tx), schedule.nextInvoiceDate)) > today) return 'done';
        await service.generatePeriod(tx, SYSTEM_ACTOR, schedule);
        return 'generated';
      }
      if (!skipLocked) return 'done';
      // Not locked for us: either no longer due, or someone holds it right now.
      return (await tx.select({ id: scheduledInvoices.id }).from(scheduledInvoices).where(due)).length
        ? 'busy'
        : 'done';
    });
  } catch (error) {
    // The unique (schedule, period) refused a second invoice: someone else generated it.
    if (isAlreadyGenerated(error)) return 'done';
    throw error;
  }
}

/**
 * Generates every period due on `today` of every automated active schedule, catching up periods
 * missed while no instance ran. Safe in several processes at once: schedules another process
 * holds are skipped at first and finished at the end (waiting for the lock then), so when it
 * returns every due period exists exactly once. Returns how many invoices it generated; a
 * schedule that fails is reported and the others still run. Before each period it asks
 * `keepGoing` (false once the process is stopping): it then returns, and the next run goes on.
 */
export async function runDueGenerations(
  db: Database,
  today: CalendarDay,
  onError: (error: unknown, scheduleId: string) => void = () => {},
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let generated = 0;
  const service = new ScheduledInvoiceService(db, () => today);
  const catchUp = async (id: string, skipLocked: boolean): Promise<Outcome> => {
    try {
      for (;;) {
        if (!keepGoing()) return 'done';
        const outcome = await generateOne(db, service, id, today, skipLocked);
        if (outcome !== 'generated') return outcome;
        generated++;
      }
    } catch (error) {
      onError(error, id);
      return 'done';
    }
  };

  const busy: string[] = [];
  let after = '';
  for (;;) {
    if (!keepGoing()) return generated;
    const batch = await db
      .select({ id: scheduledInvoices.id })
      .from(scheduledInvoices)
      .where(and(dueAutomated(today), after ? gt(scheduledInvoices.id, after) : undefined))
      .orderBy(asc(scheduledInvoices.id))
      .limit(BATCH);
    for (const { id } of batch) if ((await catchUp(id, true)) === 'busy') busy.push(id);
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = last.id;
  }
  for (const id of busy) await catchUp(id, false);
  return generated;
}

export interface SchedulerSettings {
  enabled: boolean;
  intervalMs: number;
}

/** SCHEDULER=off turns the job off; SCHEDULER_INTERVAL_MS sets its period (default one minute). */
export function schedulerSettings(env: NodeJS.ProcessEnv = process.env): SchedulerSettings {
  const raw = env.SCHEDULER_INTERVAL_MS;
  const intervalMs = raw ? Number(raw) : 60_000;
  if (!Number.isInteger(intervalMs) || intervalMs < 1000) {
    throw new Error(`SCHEDULER_INTERVAL_MS must be a whole number of milliseconds >= 1000, got "${raw}"`);
  }
  return { enabled: env.SCHEDULER?.toLowerCase() !== 'off', intervalMs };
}

export interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What one run of the invoice jobs did: how many of each. */
export interface JobRun {
  generated: number;
  changed: number;
  reminded: number;
  stated: number;
}

/** How soon after a nudge (an invoice written, a payment deleted) the jobs run: writes in a burst share one run. */
const NUDGE_DELAY_MS = 200;

/**
 * Runs the invoice automation (scheduled generations, then the overdue rule on what they and time
 * left due, then the day's payment reminders and the month's statements) now, catching up after downtime, and then every interval, never two runs at once in
 * this process. A nudge from a write brings the next run forward. stop() waits for the
 * generation or batch in progress, so shutdown never cuts one short, and the next start goes on.
 */
export function startInvoiceJobs(options: {
  db: Database;
  timeZone: string;
  now: () => Date;
  settings: SchedulerSettings;
  log: Logger;
  /** The month's statements to customers (monthly-statements.ts), where PDFs can be drawn. */
  statements?: (today: CalendarDay, keepGoing: () => boolean) => Promise<number>;
}): { firstRun: Promise<JobRun | undefined>; stop(): Promise<void> } {
  const { db, timeZone, now, settings, log, statements } = options;
  if (!settings.enabled) return { firstRun: Promise.resolve(undefined), stop: async () => {} };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  let inRun = false;
  let nudged = false;
  // A run that has much to catch up (thousands of invoices gone overdue at once) ends after the
  // period or batch in progress once stopping, so a shutdown waits seconds, not the whole run.
  const keepGoing = () => !stopped;
  const reminders = dailyReminders(db);

  // In order: the overdue rule reads what the generations left due, and the reminders the
  // invoices' statuses of today.
  const phases: { counts: keyof JobRun; did: string; failed: string; run: (today: CalendarDay) => Promise<number> }[] =
    [
      {
        counts: 'generated',
        did: 'scheduled invoices generated',
        failed: 'scheduled invoice job failed',
        run: (today) =>
          runDueGenerations(
            db,
            today,
            (err, scheduleId) => log.error({ err, scheduleId }, 'scheduled invoice generation failed'),
            keepGoing,
          ),
      },
      {
        counts: 'changed',
        did: 'invoice overdue statuses changed',
        failed: 'overdue invoice job failed',
        run: (today) => runOverdueUpdates(db, today, keepGoing),
      },
      {
        counts: 'reminded',
        did: 'payment reminders written to the outbox',
        failed: 'payment reminders job failed',
        run: (today) => reminders(today, keepGoing),
      },
      {
        counts: 'stated',
        did: 'monthly statements written to the outbox',
        failed: 'monthly statements job failed',
        run: async (today) => (statements ? statements(today, keepGoing) : 0),
      },
    ];
  /** One run; `quiet` leaves what it did to its caller (the first run, which the start reports). */
  const run = async (quiet: boolean): Promise<JobRun> => {
    const today = businessToday(timeZone, now());
    const done: JobRun = { generated: 0, changed: 0, reminded: 0, stated: 0 };
    for (const phase of phases) {
      try {
        done[phase.counts] = await phase.run(today);
        if (done[phase.counts] && !quiet) log.info({ [phase.counts]: done[phase.counts] }, phase.did);
      } catch (err) {
        log.error({ err }, phase.failed);
      }
    }
    return done;
  };
  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void tick(), delay);
  };
  const tick = (quiet = false) => {
    inRun = true;
    nudged = false;
    const thisRun = run(quiet);
    running = thisRun
      .then(() => undefined)
      .finally(() => {
        inRun = false;
        schedule(nudged ? NUDGE_DELAY_MS : settings.intervalMs);
      });
    return thisRun;
  };
  // A nudge during a run waits for it to end; otherwise the next run comes forward.
  const unsubscribe = onInvoicesChanged(() => {
    if (inRun) nudged = true;
    else schedule(NUDGE_DELAY_MS);
  });
  const firstRun = tick(true);
  return {
    // The start waits for it and says what it did, before the server's banner.
    firstRun,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}

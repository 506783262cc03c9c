import {
  scheduleDates,
  type AuditAction,
  totalOfLines,
  type DueSchedules,
  type GenerateInput,
  type Invoice,
  type ScheduledInvoice,
  type ScheduleInput,
  type ScheduleListQuery,
  type ScheduleStatus,
} from '@admin/shared/contract';
import { dayToUtcMidnight, toDay, type CalendarDay, type Day } from '@admin/shared/dates';
import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { recordEvent, type AuditedKind } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { customers, invoiceLines, invoices, scheduledInvoiceLines, scheduledInvoices } from '../../db/schema';
import { conflict, notFound, pgErrorOf } from '../../http/errors';
import { defineList, picked, searchAcross, withinDays, type Listing, type ListOrder } from '../../lists';
import type { ResourceService } from '../../http/resource-routes';
import { copyLines, partiesOf, readLines, writeLines } from '../invoices/lines';
import { discountColumns, discountField } from '../invoices/stored-discounts';
import { INVOICE_AUDIT, insertInvoice, InvoiceService } from '../invoices/service';
import { closedThrough, firstOpenDay } from '../period-lock/guard';
import { writeWithReferences } from '../references';
import { onlyRow } from '../../db/rows';
import { writeTransaction } from '../../db/contention';

type ScheduleRow = typeof scheduledInvoices.$inferSelect;
const columns = { schedule: scheduledInvoices, customer: { _id: customers.id, customerName: customers.customerName } };
type Row = { schedule: ScheduleRow; customer: ScheduledInvoice['customer'] };

export const ALREADY_GENERATED = 'This period was already generated';
export const COMPLETED = 'This schedule is completed';
const UPCOMING = 3;

/**
 * A schedule is named by its name and its customer's, as the list shows it. Its upcoming dates and
 * "due" follow from the clock and its next date; its invoices have their own entries.
 */
export const SCHEDULE_AUDIT: AuditedKind<ScheduledInvoice> = {
  entityType: 'schedule',
  label: (schedule) => `${schedule.scheduleName} (${schedule.customer.customerName})`,
  ignore: ['isDue', 'upcomingDates', 'generatedInvoices'],
};

/** The date of period k, or null once it passes the end date (the schedule is then complete). */
function periodDate(schedule: Pick<ScheduleRow, 'startDate' | 'recurringPeriod' | 'endDate'>, k: number): Day | null {
  return scheduleDates(schedule, k, 1)[0] ?? null;
}

/**
 * Generates the schedule's next period: one Credit, unpaid invoice dated at the period with the
 * schedule's customer, reference, notes and lines; then moves the schedule on to its next period,
 * or completes it past the end date. The caller holds the schedule row's lock and has checked the
 * period is due to be generated. The unique (schedule, period) of invoices is the last guard.
 */
export async function generateNextPeriod(
  tx: Database,
  schedule: ScheduleRow,
  /** The invoice's date: the period's, or the first open day when the period's is in the closed period. */
  dateOfCreation: Day = schedule.nextInvoiceDate,
): Promise<string> {
  const invoiceId = await insertInvoice(tx, {
    customerId: schedule.customerId,
    credit: true,
    dateOfCreation,
    // Its lines come with their discounts (copyLines), the invoice with the schedule's.
    discountKind: schedule.discountKind,
    discountValue: schedule.discountValue,
    totalAmount: schedule.totalAmount,
    status: 'unpaid',
    referenceNumber: schedule.referenceNumber,
    notes: schedule.notes,
    scheduleId: schedule.id,
    schedulePeriod: schedule.nextInvoiceDate,
  });
  await copyLines(tx, scheduledInvoiceLines, schedule.id, invoiceLines, invoiceId);
  const k = schedule.periodsGenerated + 1;
  const next = periodDate(schedule, k);
  await tx
    .update(scheduledInvoices)
    .set({
      periodsGenerated: k,
      // Past the end date the next date stays "the period after the last", for the record.
      nextInvoiceDate: next ?? scheduleDates({ ...schedule, endDate: null }, k, 1)[0],
      status: next ? schedule.status : 'completed',
      updatedAt: sql`now()`,
    })
    .where(eq(scheduledInvoices.id, schedule.id));
  return invoiceId;
}

/** A unique violation on (schedule, period): someone else generated that period first. */
export function isAlreadyGenerated(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && pg.constraint === 'invoices_schedule_period_key';
}

function filterOf(query: ScheduleListQuery): SQL | undefined {
  return and(
    searchAcross(query.search, [
      scheduledInvoices.scheduleName,
      scheduledInvoices.referenceNumber,
      customers.customerName,
    ]),
    picked(scheduledInvoices.status, query.status),
    query.customer ? eq(scheduledInvoices.customerId, query.customer) : undefined,
    withinDays(scheduledInvoices.nextInvoiceDate, query),
  );
}

/** Newest first, as created. */
const SCHEDULE_ORDER: ListOrder<NonNullable<ScheduleListQuery['sort']>> = {
  columns: {
    scheduleName: scheduledInvoices.scheduleName,
    referenceNumber: scheduledInvoices.referenceNumber,
    customer: customers.customerName,
    totalAmount: scheduledInvoices.totalAmount,
    recurringPeriod: scheduledInvoices.recurringPeriod,
    status: scheduledInvoices.status,
    nextInvoiceDate: scheduledInvoices.nextInvoiceDate,
    createdAt: scheduledInvoices.createdAt,
  },
  byDefault: { sort: ['createdAt'], order: 'desc' },
  id: scheduledInvoices.id,
};

export class ScheduledInvoiceService implements ResourceService<ScheduledInvoice, ScheduleInput, ScheduleListQuery> {
  private readonly invoices: InvoiceService;

  /** `today` is the business day (BUSINESS_TZ) at the moment of the call. */
  constructor(
    private readonly db: Database,
    private readonly today: () => CalendarDay,
  ) {
    this.invoices = new InvoiceService(db);
  }

  private select(db: Database = this.db) {
    return db
      .select(columns)
      .from(scheduledInvoices)
      .innerJoin(customers, eq(customers.id, scheduledInvoices.customerId));
  }

  /** The schedules, as SCHEDULE_ORDER sorts them, each with its lines and generated invoices. */
  private readonly listed = defineList({
    id: scheduledInvoices.id,
    select: (db: Database) => this.select(db).$dynamic(),
    where: filterOf,
    order: SCHEDULE_ORDER,
    // The search reads the customer's name, a joined column: every page is read with the joins.
    readWithJoins: 'every page',
    countJoins: (query) =>
      query.search ? { table: customers, on: eq(customers.id, scheduledInvoices.customerId) } : undefined,
    rows: (found, db) => this.complete(found, db),
  });

  /** The schedules' lines and generated invoices; one query after the other, as `db` may be a transaction. */
  private async complete(rows: Row[], db: Database = this.db): Promise<ScheduledInvoice[]> {
    const ids = rows.map((row) => row.schedule.id);
    const lines = await readLines(db, scheduledInvoiceLines, ids);
    const generated = ids.length
      ? await db
          .select({
            scheduleId: invoices.scheduleId,
            _id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            schedulePeriod: invoices.schedulePeriod,
            totalAmount: invoices.totalAmount,
            status: invoices.status,
          })
          .from(invoices)
          .where(inArray(invoices.scheduleId, ids))
          .orderBy(asc(invoices.schedulePeriod))
      : [];
    const bySchedule = new Map<string, ScheduledInvoice['generatedInvoices']>(ids.map((id) => [id, []]));
    for (const { scheduleId, schedulePeriod, ...invoice } of generated) {
      bySchedule.get(scheduleId!)!.push({ ...invoice, schedulePeriod: schedulePeriod! });
    }
    const today = this.today();
    return rows.map(({ schedule: s, customer }) => {
      const mine = bySchedule.get(s.id)!;
      return {
        _id: s.id,
        scheduleName: s.scheduleName,
        referenceNumber: s.referenceNumber,
        customer,
        dateOfCreation: s.dateOfCreation,
        startDate: s.startDate,
        endDate: s.endDate,
        recurringPeriod: s.recurringPeriod,
        products: lines.get(s.id)!,
        ...discountField(s),
        totalAmount: s.totalAmount,
        notes: s.notes,
        status: s.status,
        automated: s.automated,
        nextInvoiceDate: s.nextInvoiceDate,
        isDue: s.status === 'active' && toDay(s.nextInvoiceDate) <= today,
        upcomingDates: s.status === 'completed' ? [] : scheduleDates(s, s.periodsGenerated, UPCOMING),
        generatedInvoices: mine,
        generatedCount: mine.length,
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
      };
    });
  }

  list(query: ScheduleListQuery): Listing<ScheduledInvoice> {
    return this.listed.read(this.db, query);
  }

  /** Active schedules whose next invoice date is today or earlier, earliest first (at most 100 listed). */
  async due(): Promise<DueSchedules> {
    const where = and(
      eq(scheduledInvoices.status, 'active'),
      lte(scheduledInvoices.nextInvoiceDate, dayToUtcMidnight(this.today())),
    );
    const [rows, counted] = await Promise.all([
      this.select().where(where).orderBy(asc(scheduledInvoices.nextInvoiceDate), asc(scheduledInvoices.id)).limit(100),
      this.db.select({ n: count() }).from(scheduledInvoices).where(where),
    ]);
    return { data: await this.complete(rows), count: onlyRow(counted).n };
  }

  async get(id: string, db: Database = this.db): Promise<ScheduledInvoice> {
    const [row] = await this.select(db).where(eq(scheduledInvoices.id, id));
    if (!row) throw notFound('Scheduled invoice not found');
    return onlyRow(await this.complete([row], db), 'the scheduled invoice with its lines');
  }

  /** A new schedule is inactive; its first period is the start date. */
  create(actor: Actor, input: ScheduleInput): Promise<ScheduledInvoice> {
    return this.db.transaction((outer) =>
      writeWithReferences(outer, partiesOf(input), async (tx) => {
        const { id } = onlyRow(
          await tx
            .insert(scheduledInvoices)
            .values({ ...fieldsOf(input), status: 'inactive', nextInvoiceDate: input.startDate, periodsGenerated: 0 })
            .returning({ id: scheduledInvoices.id }),
        );
        await writeLines(tx, scheduledInvoiceLines, id, input.products);
        const after = await this.get(id, tx);
        await appendAudit(tx, actor, [recordEvent(SCHEDULE_AUDIT, 'create', null, after)]);
        return after;
      }),
    );
  }

  /**
   * Replaces a schedule's fields and lines; they apply to the periods not yet generated. Once a
   * period is generated the start date and period are fixed, because they define which dates
   * were generated. Moving the end date before the next period completes the schedule; moving
   * a completed schedule's end date later gives it periods again, paused until staff resume it.
   */
  update(actor: Actor, id: string, input: ScheduleInput): Promise<ScheduledInvoice> {
    return this.db.transaction((outer) =>
      writeWithReferences(outer, partiesOf(input), async (tx) => {
        const current = await this.lock(tx, id);
        const before = await this.get(id, tx);
        const fields = fieldsOf(input);
        if (
          current.periodsGenerated > 0 &&
          (fields.startDate !== current.startDate || fields.recurringPeriod !== current.recurringPeriod)
        ) {
          const message = 'The start date and recurring period cannot change once invoices have been generated';
          throw conflict(message, { startDate: message });
        }
        const next = periodDate(fields, current.periodsGenerated);
        let status: ScheduleStatus = current.status;
        if (!next) status = 'completed';
        else if (current.status === 'completed') status = 'paused';
        await tx
          .update(scheduledInvoices)
          .set({
            ...fields,
            status,
            nextInvoiceDate: next ?? scheduleDates({ ...fields, endDate: null }, current.periodsGenerated, 1)[0],
            updatedAt: sql`now()`,
          })
          .where(eq(scheduledInvoices.id, id));
        await writeLines(tx, scheduledInvoiceLines, id, input.products);
        const after = await this.get(id, tx);
        await appendAudit(tx, actor, [recordEvent(SCHEDULE_AUDIT, 'update', before, after)]);
        return after;
      }),
    );
  }

  /** Deletes a schedule; the invoices it generated stay, no longer linked to it. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lock(tx, id);
      const before = await this.get(id, tx);
      await tx.delete(scheduledInvoices).where(eq(scheduledInvoices.id, id));
      await appendAudit(tx, actor, [recordEvent(SCHEDULE_AUDIT, 'delete', before, null)]);
    });
  }

  /**
   * A lifecycle step: moves the schedule from `from` to the change, or 409 with `refusal`. Checked
   * under the schedule's row lock, so two clicks at once cannot both apply it.
   */
  private step(
    actor: Actor,
    id: string,
    action: AuditAction,
    from: ScheduleStatus,
    change: Partial<ScheduleRow>,
    refusal: string,
  ): Promise<ScheduledInvoice> {
    return this.db.transaction(async (tx) => {
      if ((await this.lock(tx, id)).status !== from) throw conflict(refusal);
      const before = await this.get(id, tx);
      await tx
        .update(scheduledInvoices)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(scheduledInvoices.id, id));
      const after = await this.get(id, tx);
      await appendAudit(tx, actor, [recordEvent(SCHEDULE_AUDIT, action, before, after)]);
      return after;
    });
  }

  activate = (actor: Actor, id: string) =>
    this.step(actor, id, 'activate', 'inactive', { status: 'active' }, 'Only an inactive schedule can be activated');
  automate = (actor: Actor, id: string) =>
    this.step(actor, id, 'automate', 'active', { automated: true }, 'Only an active schedule can be automated');
  pause = (actor: Actor, id: string) =>
    this.step(actor, id, 'pause', 'active', { status: 'paused' }, 'Only an active schedule can be paused');
  resume = (actor: Actor, id: string) =>
    this.step(actor, id, 'resume', 'paused', { status: 'active' }, 'Only a paused schedule can be resumed');

  /**
   * Staff's Generate: the schedule's next period, whatever its status but completed, and even
   * before its date. `period` names the period the caller saw; when someone (another click, the
   * automation) generated it meanwhile, the answer is 409 rather than a second invoice.
   */
  generate(actor: Actor, id: string, input: GenerateInput): Promise<{ invoice: Invoice; schedule: ScheduledInvoice }> {
    return writeTransaction(this.db, async (tx) => {
      const schedule = await this.lock(tx, id);
      if (schedule.status === 'completed') throw conflict(COMPLETED);
      const wanted = input?.period ? toDay(input.period) : undefined;
      const next = toDay(schedule.nextInvoiceDate);
      if (wanted && wanted < next) throw conflict(ALREADY_GENERATED);
      if (wanted && wanted > next) throw conflict('An earlier period of this schedule has not been generated yet');
      return this.generatePeriod(tx, actor, schedule);
    }).catch((error) => {
      throw isAlreadyGenerated(error) ? conflict(ALREADY_GENERATED) : error;
    });
  }

  /**
   * Generates the next period of a schedule whose row the caller has locked and found due, and
   * records it: 'generate' on the schedule and 'create' on its new invoice. Staff's Generate and
   * the automation (as the system) both come here.
   */
  async generatePeriod(
    tx: Transaction,
    actor: Actor,
    schedule: ScheduleRow,
  ): Promise<{ invoice: Invoice; schedule: ScheduledInvoice }> {
    // A period due in the closed period is invoiced on the first open day (docs/decisions.md,
    // "Closed periods"); it stays that period's invoice.
    const closed = await closedThrough(tx);
    const before = await this.get(schedule.id, tx);
    const invoiceId = await generateNextPeriod(tx, schedule, firstOpenDay(closed, schedule.nextInvoiceDate));
    const after = await this.get(schedule.id, tx);
    const invoice = await this.invoices.get(invoiceId, tx);
    await appendAudit(tx, actor, [
      recordEvent(SCHEDULE_AUDIT, 'generate', before, after),
      recordEvent(INVOICE_AUDIT, 'create', null, invoice),
    ]);
    return { invoice, schedule: after };
  }

  /** The schedule row, locked until the transaction ends (waits for a generation in progress). */
  private async lock(tx: Database, id: string): Promise<ScheduleRow> {
    const [row] = await tx.select().from(scheduledInvoices).where(eq(scheduledInvoices.id, id)).for('update');
    if (!row) throw notFound('Scheduled invoice not found');
    return row;
  }
}

/** A day as the database returns it (UTC midnight), so fields compare with stored ones. */
const asDay = (value: string) => dayToUtcMidnight(toDay(value));

function fieldsOf(input: ScheduleInput) {
  return {
    scheduleName: input.scheduleName,
    referenceNumber: input.referenceNumber || null,
    customerId: input.customer,
    dateOfCreation: input.dateOfCreation,
    startDate: asDay(input.startDate),
    endDate: input.endDate ? asDay(input.endDate) : null,
    recurringPeriod: input.recurringPeriod,
    ...discountColumns(input.discount),
    totalAmount: totalOfLines(input.products, input.discount)!,
    notes: input.notes || null,
  };
}

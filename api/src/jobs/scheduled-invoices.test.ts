import type { ScheduledInvoice } from '@admin/shared/contract';
import { dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { invoices } from '../db/schema';
import { create, createCustomer, createProduct, customerLookups, secondInstance, setUpApp } from '../test';
import { runDueGenerations, schedulerSettings, startInvoiceJobs } from './scheduled-invoices';
import { pickCyclic } from '../lib/pick-cyclic';

let customerId: string;
let productId: string;
const t = setUpApp();
beforeAll(async () => {
  customerId = (await createCustomer(t, await customerLookups(t)))._id;
  productId = (await createProduct(t, { productName: 'Cleaning visit', productPrice: 15_000 }))._id;
});

const iso = dayToUtcMidnight;
const MONTHLY_FROM_JAN = ['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10'];

/** An active schedule (automated unless told otherwise) with one line. */
async function schedule(
  startDate: string,
  options: { automated?: boolean; recurringPeriod?: number; endDate?: string } = {},
) {
  const created = await create<ScheduledInvoice>(t, '/api/scheduled-invoices', {
    scheduleName: `Schedule from ${startDate}`,
    customer: customerId,
    dateOfCreation: startDate,
    startDate,
    endDate: options.endDate,
    recurringPeriod: options.recurringPeriod ?? 1,
    products: [{ product: productId, quantity: 1, unitPrice: 15_000 }],
  });
  await t.request('POST', `/api/scheduled-invoices/${created._id}/activate`);
  if (options.automated !== false) await t.request('POST', `/api/scheduled-invoices/${created._id}/automate`);
  return created;
}

/** The periods for which invoices exist, in order, duplicates included. */
async function periodsOf(scheduleId: string, db: Database = t.db) {
  const rows = await db
    .select({ period: invoices.schedulePeriod })
    .from(invoices)
    .where(eq(invoices.scheduleId, scheduleId))
    .orderBy(asc(invoices.schedulePeriod));
  return rows.map((row) => row.period);
}

const scheduleOf = async (id: string) =>
  (await t.request('GET', `/api/scheduled-invoices/${id}`)).json().data as ScheduledInvoice;

describe('automation job', () => {
  it('catches up every missed period of automated active schedules, and only those', async () => {
    const automated = await schedule('2026-01-10');
    const manual = await schedule('2026-01-10', { automated: false });
    const quarterly = await schedule('2026-01-31', { recurringPeriod: 3, endDate: '2026-08-31' });

    // Down since January: on 10 June six monthly periods and two quarterly ones are due.
    expect(await runDueGenerations(t.db, '2026-06-10')).toBe(8);
    expect(await periodsOf(automated._id)).toEqual(MONTHLY_FROM_JAN.map(iso));
    expect(await periodsOf(quarterly._id)).toEqual(['2026-01-31', '2026-04-30'].map(iso));
    expect(await periodsOf(manual._id)).toEqual([]);
    expect(await scheduleOf(automated._id)).toMatchObject({ nextInvoiceDate: iso('2026-07-10'), generatedCount: 6 });

    expect(await runDueGenerations(t.db, '2026-06-10')).toBe(0);
    expect(await runDueGenerations(t.db, '2026-07-09')).toBe(0);
    expect(await runDueGenerations(t.db, '2026-07-31')).toBe(2);
    // Its last period (31 July) is generated; the next would pass the end date.
    expect(await scheduleOf(quarterly._id)).toMatchObject({ status: 'completed', generatedCount: 3 });

    for (const id of [automated._id, manual._id]) await t.request('DELETE', `/api/scheduled-invoices/${id}`);
    expect(await runDueGenerations(t.db, '2027-12-31')).toBe(0);
    expect(await periodsOf(quarterly._id)).toHaveLength(3);
  });

  it('skips paused schedules until they are resumed', async () => {
    const paused = await schedule('2026-03-05');
    await t.request('POST', `/api/scheduled-invoices/${paused._id}/pause`);
    await runDueGenerations(t.db, '2026-04-05');
    expect(await periodsOf(paused._id)).toEqual([]);
    await t.request('POST', `/api/scheduled-invoices/${paused._id}/resume`);
    await runDueGenerations(t.db, '2026-04-05');
    expect(await periodsOf(paused._id)).toEqual(['2026-03-05', '2026-04-05'].map(iso));
    await t.request('DELETE', `/api/scheduled-invoices/${paused._id}`);
  });
});

describe('exactly once', () => {
  it('two instances running the job while staff click Generate 20 times make one invoice per period', async () => {
    const other = await secondInstance(t);
    try {
      const monthly = await schedule('2026-01-10');
      const bimonthly = await schedule('2026-01-20', { recurringPeriod: 2 });
      const headers = await t.login();
      // Each click names the period its screen showed, as the Generate button does.
      const click = (i: number) =>
        (i % 2 ? t.app : other.app).inject({
          method: 'POST',
          url: `/api/scheduled-invoices/${monthly._id}/generate`,
          headers,
          payload: { period: iso(pickCyclic(MONTHLY_FROM_JAN, i)) },
        });

      const [jobA, jobB, ...clicks] = await Promise.all([
        runDueGenerations(t.db, '2026-06-10'),
        runDueGenerations(other.db, '2026-06-10'),
        ...Array.from({ length: 20 }, (_, i) => click(i)),
      ]);

      const accepted = clicks.filter((response) => response.statusCode === 201).length;
      expect(clicks.filter((response) => response.statusCode !== 201).map((response) => response.statusCode)).toEqual(
        Array(20 - accepted).fill(409),
      );
      expect(await periodsOf(monthly._id)).toEqual(MONTHLY_FROM_JAN.map(iso));
      expect(await periodsOf(bimonthly._id, other.db)).toEqual(['2026-01-20', '2026-03-20', '2026-05-20'].map(iso));
      expect(jobA + jobB + accepted).toBe(9);
      expect(await scheduleOf(monthly._id)).toMatchObject({ nextInvoiceDate: iso('2026-07-10'), generatedCount: 6 });
      expect(await scheduleOf(bimonthly._id)).toMatchObject({ nextInvoiceDate: iso('2026-07-20'), generatedCount: 3 });
    } finally {
      await other.close();
    }
  });
});

describe('job runner', () => {
  const log = { info: () => {}, error: () => {} };

  const kuwaitMarch14 = {
    timeZone: 'Asia/Kuwait',
    // 22:30 UTC on 13 March is already 14 March in Kuwait.
    now: () => new Date('2026-03-13T22:30:00Z'),
    settings: { enabled: true, intervalMs: 60_000 },
  };

  it('generates at start, catching up every due period, and tells the start what it did', async () => {
    const due = await schedule('2026-02-14');
    const said: string[] = [];
    const job = startInvoiceJobs({
      db: t.db,
      ...kuwaitMarch14,
      log: { info: (_fields, message) => said.push(message), error() {} },
    });
    // The start prints it in its own line; the log stays for the runs after.
    expect(await job.firstRun).toMatchObject({ generated: 2 });
    expect(said).toEqual([]);
    await job.stop();
    expect(await periodsOf(due._id)).toEqual(['2026-02-14', '2026-03-14'].map(iso));
  });

  it('stop() ends a run between periods, each whole, and the next run generates the rest', async () => {
    const due = await schedule('2026-02-14');
    const job = startInvoiceJobs({ db: t.db, ...kuwaitMarch14, log });
    // Stopped as it starts: a shutdown does not wait for a whole catch-up.
    await job.stop();
    const whole = ['2026-02-14', '2026-03-14'].map(iso);
    const generated = await periodsOf(due._id);
    expect(generated.length).toBeLessThan(whole.length);
    expect(generated).toEqual(whole.slice(0, generated.length));
    expect(await runDueGenerations(t.db, '2026-03-14')).toBe(whole.length - generated.length);
    expect(await periodsOf(due._id)).toEqual(whole);
  });

  it('does nothing when turned off', async () => {
    const due = await schedule('2026-02-15');
    const job = startInvoiceJobs({
      db: t.db,
      timeZone: 'Asia/Kuwait',
      now: () => new Date('2026-03-20T00:00:00Z'),
      settings: schedulerSettings({ SCHEDULER: 'off' }),
      log,
    });
    await job.stop();
    expect(await periodsOf(due._id)).toEqual([]);
  });

  it('reads its settings from the environment', () => {
    expect(schedulerSettings({})).toEqual({ enabled: true, intervalMs: 60_000 });
    expect(schedulerSettings({ SCHEDULER_INTERVAL_MS: '5000' })).toEqual({ enabled: true, intervalMs: 5000 });
    expect(() => schedulerSettings({ SCHEDULER_INTERVAL_MS: 'soon' })).toThrow('SCHEDULER_INTERVAL_MS');
  });
});

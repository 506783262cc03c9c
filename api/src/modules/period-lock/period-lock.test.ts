import type { AuditEntry, Invoice, PeriodLock, ScheduledInvoice } from '@admin/shared/contract';
import { addDays, businessToday, dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { runOverdueUpdates } from '../../jobs/overdue-invoices';
import { runDueGenerations } from '../../jobs/scheduled-invoices';
import { create, createProduct, setUpApp, setUpLedger } from '../../test';

const PATH = '/api/settings/period-lock';
const REOPEN = '/api/settings/period-lock/reopen';
const iso = dayToUtcMidnight;

const t = setUpApp();
const f = setUpLedger(t);

type Headers = { authorization: string };
let adminA: Headers;
let adminB: Headers;
let adminC: Headers;

const as = (headers: Headers, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function lockOf(): Promise<PeriodLock> {
  const response = await t.request('GET', PATH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function close(day: string, headers?: Headers) {
  const response = headers
    ? await as(headers, 'PUT', PATH, { lockedThrough: day })
    : await t.request('PUT', PATH, { lockedThrough: day });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PeriodLock;
}

async function trail(action: string): Promise<AuditEntry[]> {
  const response = await t.request('GET', `/api/audit-log?entityType=period-lock&action=${action}&limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  adminA = await t.signInAs('admin', 'admin-a');
  adminB = await t.signInAs('admin', 'admin-b');
  adminC = await t.signInAs('admin', 'admin-c');
});

describe('closing the books', () => {
  it('is for admins only; everyone reads the closed day', async () => {
    for (const role of ['accountant', 'sales', 'viewer'] as const) {
      const headers = await t.signInAs(role);
      const refused = await as(headers, 'PUT', PATH, { lockedThrough: '2026-01-31' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to close and reopen the books');
      expect((await as(headers, 'POST', REOPEN, { lockedThrough: null, reason: 'x' })).statusCode).toBe(403);
      expect((await as(headers, 'GET', PATH)).json().data).toEqual({ lockedThrough: null, pendingReopen: null });
    }
  });

  it('moves only forward, never past today, and is in the audit trail', async () => {
    const future = await t.request('PUT', PATH, { lockedThrough: '2099-12-31' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ lockedThrough: 'The books can be closed through today at the latest' });

    expect((await close('2026-09-30')).lockedThrough).toBe(iso('2026-09-30'));
    expect((await close('2026-10-31', adminA)).lockedThrough).toBe(iso('2026-10-31'));
    const back = await t.request('PUT', PATH, { lockedThrough: '2026-09-30' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('The books are closed through 31/10/2026: to move the day back, ask for a reopen');
    // The same day again changes nothing and records nothing.
    await close('2026-10-31');
    const closes = await trail('close');
    expect(closes.map((entry) => [entry.actor.username, entry.changes])).toEqual([
      ['admin-a', [{ field: 'lockedThrough', before: '2026-09-30', after: '2026-10-31' }]],
      ['tester', [{ field: 'lockedThrough', before: null, after: '2026-09-30' }]],
    ]);
    expect(closes[0]).toMatchObject({ entityType: 'period-lock', label: 'Closed period' });
    expect((await lockOf()).lockedThrough).toBe(iso('2026-10-31'));
  });
});

describe('reopening the books', () => {
  it('is asked with a reason for an earlier day, and approved by another admin only', async () => {
    const noReason = await as(adminA, 'POST', REOPEN, { lockedThrough: '2026-09-30', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Give the reason for reopening' });
    const notEarlier = await as(adminA, 'POST', REOPEN, { lockedThrough: '2026-10-31', reason: 'Late bill' });
    expect(notEarlier.statusCode).toBe(400);
    expect(notEarlier.json().message).toBe(
      'A reopen moves the closed period back: choose a day before 31/10/2026, or none',
    );

    const asked = await as(adminA, 'POST', REOPEN, {
      lockedThrough: '2026-09-30',
      reason: 'A supplier bill came late',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = (asked.json().data as PeriodLock).pendingReopen!;
    expect(asked.json().data).toMatchObject({
      lockedThrough: iso('2026-10-31'),
      pendingReopen: {
        lockedThrough: iso('2026-09-30'),
        reason: 'A supplier bill came late',
        status: 'pending',
        requestedBy: { name: 'admin-a' },
        decidedBy: null,
      },
    });
    const second = await as(adminB, 'POST', REOPEN, { lockedThrough: null, reason: 'Another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('A reopen is already waiting for approval');

    // The books stay closed until it is approved.
    const refused = await t.request(
      'POST',
      '/api/payments/advance',
      f.advanceBody((await f.customer())._id, 1_000, { paymentDate: '2026-10-15' }),
    );
    expect(refused.json().message).toBe('The books are closed through 31/10/2026');

    const own = await as(adminA, 'POST', `${REOPEN}/${pending._id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another administrator must approve your reopen request');
    expect((await lockOf()).lockedThrough).toBe(iso('2026-10-31'));

    const approved = await as(adminB, 'POST', `${REOPEN}/${pending._id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({ lockedThrough: iso('2026-09-30'), pendingReopen: null });
    const again = await as(adminC, 'POST', `${REOPEN}/${pending._id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reopen was already decided');

    const [request] = await trail('reopen-request');
    expect(request).toMatchObject({
      actor: { username: 'admin-a' },
      entityId: pending._id,
      changes: [
        { field: 'lockedThrough', before: '2026-10-31', after: '2026-09-30' },
        { field: 'reason', before: null, after: 'A supplier bill came late' },
      ],
    });
    const approvals = await trail('reopen-approve');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      actor: { username: 'admin-b' },
      entityId: pending._id,
      changes: [
        { field: 'lockedThrough', before: '2026-10-31', after: '2026-09-30' },
        { field: 'reason', before: null, after: 'A supplier bill came late' },
      ],
    });
    // Now open: the day it reopened takes records again.
    const customer = (await f.customer())._id;
    expect((await f.advance(customer, 1_000, { paymentDate: iso('2026-10-15') })).paymentDate).toBe(iso('2026-10-15'));
  });

  it('is rejected with a reason, by any other admin, and the books stay closed', async () => {
    const asked = await as(adminB, 'POST', REOPEN, { lockedThrough: null, reason: 'Open it all' });
    const id = (asked.json().data as PeriodLock).pendingReopen!._id;
    const noReason = await as(adminC, 'POST', `${REOPEN}/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Give the reason for rejecting' });
    const rejected = await as(adminC, 'POST', `${REOPEN}/${id}/reject`, { reason: 'The audit is done' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toEqual({ lockedThrough: iso('2026-09-30'), pendingReopen: null });
    const [entry] = await trail('reopen-reject');
    expect(entry).toMatchObject({
      actor: { username: 'admin-c' },
      entityId: id,
      changes: [{ field: 'reason', before: null, after: 'The audit is done' }],
    });
    const late = await as(adminA, 'POST', `${REOPEN}/${id}/approve`);
    expect(late.statusCode).toBe(409);
    const unknown = await as(adminA, 'POST', `${REOPEN}/00000000-0000-4000-8000-000000000000/approve`);
    expect(unknown.statusCode).toBe(404);
  });

  it('takes effect once when two admins approve at the same moment', async () => {
    const asked = await as(adminA, 'POST', REOPEN, { lockedThrough: '2026-08-31', reason: 'Both click' });
    const id = (asked.json().data as PeriodLock).pendingReopen!._id;
    const approvalsBefore = (await trail('reopen-approve')).length;
    const answers = await Promise.all([
      as(adminB, 'POST', `${REOPEN}/${id}/approve`),
      as(adminC, 'POST', `${REOPEN}/${id}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('This reopen was already decided');
    expect(await trail('reopen-approve')).toHaveLength(approvalsBefore + 1);
    expect((await lockOf()).lockedThrough).toBe(iso('2026-08-31'));
  });

  it('cannot be asked when nothing is closed', async () => {
    const asked = await as(adminA, 'POST', REOPEN, { lockedThrough: null, reason: 'All of it' });
    await as(adminB, 'POST', `${REOPEN}/${(asked.json().data as PeriodLock).pendingReopen!._id}/approve`);
    expect((await lockOf()).lockedThrough).toBeNull();
    const nothing = await as(adminA, 'POST', REOPEN, { lockedThrough: null, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('The books are not closed: there is nothing to reopen');
  });
});

describe('the jobs in a closed period', () => {
  let customerId: string;
  let productId: string;
  beforeAll(async () => {
    customerId = (await f.customer('Monthly Client'))._id;
    productId = (await createProduct(t, { productName: 'Monthly care', productPrice: 15_000 }))._id;
  });

  async function schedule(startDate: string, automated = true) {
    const created = await create<ScheduledInvoice>(t, '/api/scheduled-invoices', {
      scheduleName: `From ${startDate} ${Math.random()}`,
      customer: customerId,
      dateOfCreation: startDate,
      startDate,
      recurringPeriod: 1,
      products: [{ product: productId, quantity: 1, unitPrice: 15_000 }],
    });
    await t.request('POST', `/api/scheduled-invoices/${created._id}/activate`);
    if (automated) await t.request('POST', `/api/scheduled-invoices/${created._id}/automate`);
    return created;
  }

  const invoicesOf = async (scheduleId: string) =>
    (
      await t.db
        .select({ date: invoices.dateOfCreation, period: invoices.schedulePeriod, dueDate: invoices.dueDate })
        .from(invoices)
        .where(eq(invoices.scheduleId, scheduleId))
    ).sort((a, b) => String(a.period).localeCompare(String(b.period)));

  it('a schedule due in it generates each period dated the first open day; later periods keep their dates', async () => {
    await close('2026-11-21');
    const monthly = await schedule('2026-10-10');
    expect(await runDueGenerations(t.db, '2026-12-15')).toBe(3);
    expect(await invoicesOf(monthly._id)).toEqual([
      { period: iso('2026-10-10'), date: iso('2026-11-22'), dueDate: iso('2026-12-22') },
      { period: iso('2026-11-10'), date: iso('2026-11-22'), dueDate: iso('2026-12-22') },
      { period: iso('2026-12-10'), date: iso('2026-12-10'), dueDate: iso('2027-01-09') },
    ]);
  });

  it('a period due on a closed today waits for the first open day', async () => {
    const today = businessToday(t.config.businessTz, t.config.now());
    await close(today);
    const due = await schedule(today);
    expect(await runDueGenerations(t.db, today)).toBe(0);
    expect(await invoicesOf(due._id)).toEqual([]);
    expect(await runDueGenerations(t.db, addDays(today, 1))).toBe(1);
    expect((await invoicesOf(due._id))[0]).toMatchObject({ period: iso(today), date: iso(addDays(today, 1)) });
  });

  it("staff's Generate of a period in it dates the invoice the first open day too", async () => {
    const today = businessToday(t.config.businessTz, t.config.now());
    const manual = await schedule('2026-11-01', false);
    const generated = await t.request('POST', `/api/scheduled-invoices/${manual._id}/generate`, {});
    expect(generated.statusCode, generated.body).toBe(201);
    const invoice = generated.json().data.invoice as Invoice;
    expect(invoice).toMatchObject({ dateOfCreation: iso(addDays(today, 1)), schedulePeriod: iso('2026-11-01') });
  });

  it('the overdue rule still marks an invoice of the closed period overdue: a status of today, no money', async () => {
    const late = await f.invoice(customerId, 5_000, 'unpaid', iso('2026-10-01'));
    expect(await runOverdueUpdates(t.db, '2026-11-25')).toBeGreaterThan(0);
    expect((await f.invoiceState(late.id)).status).toBe('overdue');
  });
});

import type { Customer, Invoice, Product, ScheduledInvoice } from '@admin/shared/contract';
import { addMonthsKeepingDay, businessToday, dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { create, createCustomer, createProduct, customerLookups, setUpApp } from '../../test';

let customer: Customer;
let product: Product;
const t = setUpApp();
beforeAll(async () => {
  customer = await createCustomer(t, await customerLookups(t), { customerName: 'Al-Ghanim Trading Co.' });
  product = await createProduct(t, { productName: 'Annual Maintenance Contract', productPrice: 450_000 });
});

const iso = (day: string) => dayToUtcMidnight(day);
const body = (overrides: Record<string, unknown> = {}) => ({
  scheduleName: 'Monthly maintenance',
  referenceNumber: 'CON-2026-01',
  customer: customer._id,
  dateOfCreation: '2026-01-01T00:00:00.000Z',
  startDate: '2026-01-31T00:00:00.000Z',
  recurringPeriod: 1,
  products: [{ product: product._id, quantity: 2, unitPrice: 37_500 }],
  totalAmount: 75_000,
  notes: 'Visit on the last working day',
  ...overrides,
});
const createSchedule = (overrides: Record<string, unknown> = {}) =>
  create<ScheduledInvoice>(t, '/api/scheduled-invoices', body(overrides));
const action = (schedule: { _id: string }, name: string, payload?: object) =>
  t.request('POST', `/api/scheduled-invoices/${schedule._id}/${name}`, payload);
const generate = async (schedule: { _id: string }) => {
  const response = await action(schedule, 'generate');
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { invoice: Invoice; schedule: ScheduledInvoice };
};
const invoicesOf = async (schedule: { _id: string }) =>
  ((await t.request('GET', `/api/scheduled-invoices/${schedule._id}`)).json().data as ScheduledInvoice)
    .generatedInvoices;

describe('schedule CRUD and validation', () => {
  it('creates an inactive schedule whose first invoice date is its start date', async () => {
    const schedule = await createSchedule();
    expect(schedule).toEqual({
      _id: expect.any(String),
      scheduleName: 'Monthly maintenance',
      referenceNumber: 'CON-2026-01',
      customer: { _id: customer._id, customerName: 'Al-Ghanim Trading Co.' },
      dateOfCreation: iso('2026-01-01'),
      startDate: iso('2026-01-31'),
      endDate: null,
      recurringPeriod: 1,
      products: [
        {
          product: { _id: product._id, productName: 'Annual Maintenance Contract' },
          quantity: 2,
          unitPrice: 37_500,
          lineTotal: 75_000,
        },
      ],
      totalAmount: 75_000,
      notes: 'Visit on the last working day',
      status: 'inactive',
      automated: false,
      nextInvoiceDate: iso('2026-01-31'),
      isDue: false,
      upcomingDates: [iso('2026-01-31'), iso('2026-02-28'), iso('2026-03-31')],
      generatedInvoices: [],
      generatedCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('names every missing field with its message', async () => {
    const response = await t.request('POST', '/api/scheduled-invoices', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      scheduleName: 'Schedule name is required',
      customer: 'Customer is required',
      dateOfCreation: 'Date of creation is required',
      startDate: 'Start date is required',
      recurringPeriod: 'Recurring period is required',
      products: 'Product is required',
    });
  });

  it('checks the period, the end date, the lines and the total', async () => {
    const errorsOf = async (overrides: Record<string, unknown>) =>
      (await t.request('POST', '/api/scheduled-invoices', body(overrides))).json().errors;
    expect(await errorsOf({ recurringPeriod: 13 })).toEqual({
      recurringPeriod: 'Recurring period must be between 1 and 12 months',
    });
    expect(await errorsOf({ recurringPeriod: null })).toEqual({ recurringPeriod: 'Recurring period is required' });
    expect(await errorsOf({ endDate: iso('2026-01-30') })).toEqual({
      endDate: 'End date cannot be before the start date',
    });
    expect(await errorsOf({ totalAmount: 1 })).toEqual({
      totalAmount: 'Total amount does not match the lines: they come to 75.000 KD',
    });
    expect(await errorsOf({ products: [{ product: '', quantity: 1, unitPrice: 0 }], totalAmount: 0 })).toEqual({
      'products.0.product': 'Product is required',
    });
    expect(await errorsOf({ scheduleName: ' ' })).toEqual({ scheduleName: 'Schedule name is required' });
    expect(await errorsOf({ status: 'active' })).toEqual({ status: 'Unknown field "status"' });
  });

  it('updates a schedule and lists it by search, status and customer', async () => {
    const schedule = await createSchedule({ scheduleName: 'Quarterly cleaning', referenceNumber: 'QC-9' });
    const updated = await t.request(
      'PUT',
      `/api/scheduled-invoices/${schedule._id}`,
      body({
        scheduleName: 'Quarterly deep cleaning',
        referenceNumber: 'QC-9',
        startDate: '2026-03-15',
        recurringPeriod: 3,
        endDate: '2026-12-31',
        products: [{ product: product._id, quantity: 1, unitPrice: 90_000 }],
        totalAmount: 90_000,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      scheduleName: 'Quarterly deep cleaning',
      nextInvoiceDate: iso('2026-03-15'),
      endDate: iso('2026-12-31'),
      totalAmount: 90_000,
      upcomingDates: [iso('2026-03-15'), iso('2026-06-15'), iso('2026-09-15')],
    });
    const names = async (query: string) =>
      ((await t.request('GET', `/api/scheduled-invoices?${query}`)).json().data as ScheduledInvoice[]).map(
        (s) => s.scheduleName,
      );
    expect(await names('search=deep')).toEqual(['Quarterly deep cleaning']);
    expect(await names('search=qc-9')).toEqual(['Quarterly deep cleaning']);
    expect(await names(`search=ghanim&customer=${customer._id}&status=inactive&limit=1`)).toHaveLength(1);
    expect(await names('status=completed')).toEqual([]);
    expect((await t.request('GET', '/api/scheduled-invoices?status=done')).statusCode).toBe(400);
  });
});

describe('lifecycle', () => {
  it('activates, automates, pauses and resumes only from the right status', async () => {
    const schedule = await createSchedule();
    const expectStep = async (name: string, status: number, message?: string) => {
      const response = await action(schedule, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      if (message) expect(response.json().message).toBe(message);
      return response.json().data as ScheduledInvoice;
    };
    await expectStep('automate', 409, 'Only an active schedule can be automated');
    await expectStep('pause', 409, 'Only an active schedule can be paused');
    expect((await expectStep('activate', 200)).status).toBe('active');
    await expectStep('activate', 409, 'Only an inactive schedule can be activated');
    expect(await expectStep('automate', 200)).toMatchObject({ status: 'active', automated: true });
    expect((await expectStep('pause', 200)).status).toBe('paused');
    await expectStep('resume', 200);
    await expectStep('resume', 409, 'Only a paused schedule can be resumed');
    expect((await action({ _id: '00000000-0000-4000-8000-000000000000' }, 'activate')).statusCode).toBe(404);
  });

  it('generates from any status but completed, each invoice a Credit, unpaid copy of the schedule dated at its period', async () => {
    const schedule = await createSchedule();
    const { invoice, schedule: after } = await generate(schedule);
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-/),
      customer: { _id: customer._id },
      credit: true,
      status: 'unpaid',
      dateOfCreation: iso('2026-01-31'),
      referenceNumber: 'CON-2026-01',
      notes: 'Visit on the last working day',
      products: [{ product: { _id: product._id }, quantity: 2, unitPrice: 37_500, lineTotal: 75_000 }],
      totalAmount: 75_000,
      schedule: { _id: schedule._id, scheduleName: 'Monthly maintenance' },
      schedulePeriod: iso('2026-01-31'),
    });
    expect(after).toMatchObject({ status: 'inactive', nextInvoiceDate: iso('2026-02-28'), generatedCount: 1 });
    expect(after.generatedInvoices).toEqual([
      {
        _id: invoice._id,
        invoiceNumber: invoice.invoiceNumber,
        schedulePeriod: iso('2026-01-31'),
        totalAmount: 75_000,
        status: 'unpaid',
      },
    ]);
    await action(schedule, 'activate');
    await action(schedule, 'pause');
    expect((await generate(schedule)).invoice.dateOfCreation).toBe(iso('2026-02-28'));
  });

  it('refuses a period someone else generated first, and one that is not next yet', async () => {
    const schedule = await createSchedule({ startDate: '2026-05-10' });
    await generate(schedule);
    const stale = await action(schedule, 'generate', { period: iso('2026-05-10') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This period was already generated');
    expect((await action(schedule, 'generate', { period: iso('2026-07-10') })).statusCode).toBe(409);
    expect((await action(schedule, 'generate', { period: iso('2026-06-10') })).statusCode).toBe(201);
    expect(await invoicesOf(schedule)).toHaveLength(2);
  });

  it('fixes the start and period once invoices exist; deleting the schedule keeps its invoices', async () => {
    const schedule = await createSchedule();
    const { invoice } = await generate(schedule);
    const moved = await t.request('PUT', `/api/scheduled-invoices/${schedule._id}`, body({ startDate: '2026-02-01' }));
    expect(moved.statusCode).toBe(409);
    expect(
      (await t.request('PUT', `/api/scheduled-invoices/${schedule._id}`, body({ recurringPeriod: 2 }))).statusCode,
    ).toBe(409);

    expect((await t.request('DELETE', `/api/scheduled-invoices/${schedule._id}`)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/scheduled-invoices/${schedule._id}`)).statusCode).toBe(404);
    const kept = (await t.request('GET', `/api/invoices/${invoice._id}`)).json().data;
    expect(kept).toMatchObject({ _id: invoice._id, schedule: null, totalAmount: 75_000 });
  });
});

describe('month arithmetic', () => {
  const datesOf = async (schedule: { _id: string }) =>
    (await invoicesOf(schedule)).map((invoice) => invoice.schedulePeriod);

  it('keeps the 31st: 31 Jan, 28 Feb, 31 Mar, 30 Apr', async () => {
    const schedule = await createSchedule({ startDate: '2026-01-31' });
    for (let i = 0; i < 4; i++) await generate(schedule);
    expect(await datesOf(schedule)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'].map(iso));
  });

  it('comes back to 29 Feb in the next leap year on a yearly (12-month) schedule', async () => {
    const schedule = await createSchedule({ startDate: '2028-02-29', recurringPeriod: 12 });
    expect(schedule.upcomingDates).toEqual(['2028-02-29', '2029-02-28', '2030-02-28'].map(iso));
    for (let i = 0; i < 4; i++) await generate(schedule);
    expect(await datesOf(schedule)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28'].map(iso));
    expect((await t.request('GET', `/api/scheduled-invoices/${schedule._id}`)).json().data.nextInvoiceDate).toBe(
      iso('2032-02-29'),
    );
  });

  it('completes the schedule after the last period on or before the end date', async () => {
    const schedule = await createSchedule({ startDate: '2026-01-15', recurringPeriod: 3, endDate: '2026-07-15' });
    expect(schedule.upcomingDates).toEqual(['2026-01-15', '2026-04-15', '2026-07-15'].map(iso));
    await generate(schedule);
    await generate(schedule);
    const { schedule: last } = await generate(schedule);
    expect(last).toMatchObject({ status: 'completed', upcomingDates: [], generatedCount: 3 });
    const again = await action(schedule, 'generate');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This schedule is completed');
    expect(await datesOf(schedule)).toEqual(['2026-01-15', '2026-04-15', '2026-07-15'].map(iso));

    // A later end date gives it periods again, paused until staff resume it.
    const extended = await t.request(
      'PUT',
      `/api/scheduled-invoices/${schedule._id}`,
      body({ startDate: '2026-01-15', recurringPeriod: 3, endDate: '2026-12-31' }),
    );
    expect(extended.json().data).toMatchObject({
      status: 'paused',
      nextInvoiceDate: iso('2026-10-15'),
      upcomingDates: [iso('2026-10-15')],
    });
    const shortened = await t.request(
      'PUT',
      `/api/scheduled-invoices/${schedule._id}`,
      body({ startDate: '2026-01-15', recurringPeriod: 3, endDate: '2026-08-01' }),
    );
    expect(shortened.json().data).toMatchObject({ status: 'completed', upcomingDates: [] });
  });
});

describe('due schedules', () => {
  const monthsFromToday = (n: number) => addMonthsKeepingDay(businessToday(), n);

  it('lists active schedules whose next invoice date has come, with their count', async () => {
    const own = await createCustomer(t, await customerLookups(t, ' due'), { customerName: 'Blue Wave Marine' });
    const mine = (overrides: Record<string, unknown>) => createSchedule({ customer: own._id, ...overrides });
    const due = await mine({ scheduleName: 'Due now', startDate: monthsFromToday(-2) });
    await action(due, 'activate');
    await mine({ scheduleName: 'Inactive', startDate: monthsFromToday(-2) });
    const later = await mine({ scheduleName: 'Later', startDate: monthsFromToday(1) });
    await action(later, 'activate');

    const response = (await t.request('GET', '/api/scheduled-invoices/due')).json();
    const ownDue = response.data.data.filter((s: ScheduledInvoice) => s.customer._id === own._id);
    expect(ownDue.map((s: ScheduledInvoice) => s.scheduleName)).toEqual(['Due now']);
    expect(ownDue[0]).toMatchObject({ isDue: true, status: 'active', nextInvoiceDate: iso(monthsFromToday(-2)) });
    expect(response.data.count).toBe(response.data.data.length);
  });
});

import { beforeEach, describe, expect, it } from '@rstest/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduledInvoice, ScheduleInput } from '@admin/shared/contract';
import { customerRecord, fakeApi, productRecord, renderForm, searchable } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { day } from '@admin/shared/dates';
import { setLanguage } from '@admin/shared/i18n';
import { scheduleForm, upcomingDates } from './schedule-form';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const HOSTING = '22222222-2222-4222-8222-222222222221';

beforeEach(() => {
  fakeApi({
    'GET /customers': searchable([customerRecord({ _id: CUSTOMER, customerName: 'Acme Trading' })], 'customerName'),
    'GET /products': searchable(
      [productRecord({ _id: HOSTING, productName: 'Hosting', productPrice: fils(12_500) })],
      'productName',
    ),
  });
});

async function open(row?: ScheduledInvoice) {
  const sent: ScheduleInput[] = [];
  await renderForm(scheduleForm, async (input) => void sent.push(JSON.parse(JSON.stringify(input))), row);
  return { sent, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const upcoming = () => screen.getByRole('status', { name: 'Upcoming invoices' }).textContent;

async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, typed: string, option: string) {
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

async function setDay(user: ReturnType<typeof userEvent.setup>, label: string, day: string) {
  await user.clear(field(label));
  if (day) await user.type(field(label), day);
}

/** Every required field, as in the request the last test expects. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Schedule Name'), 'Monthly hosting');
  await choose(user, screen.getByRole('combobox', { name: /^Customer/ }), 'acm', 'Acme Trading');
  await setDay(user, 'Date of Creation', '2028-01-15');
  await setDay(user, 'Start Date', '2028-02-01');
  await user.selectOptions(field('Recurring Period'), '3');
  await choose(user, screen.getByRole('combobox', { name: 'Product (line 1)' }), 'hos', 'Hosting');
}

describe('schedule dialog', () => {
  it('offers the recurring periods 1 Month to 12 Months', async () => {
    await open();
    const options = Array.from((field('Recurring Period') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual(['Select period', '1 Month', ...Array.from({ length: 11 }, (_, i) => `${i + 2} Months`)]);
  });

  it('shows every required-field message and sends nothing', async () => {
    const { sent, user } = await open();
    expect(screen.getByRole('dialog', { name: 'Add New Schedule' })).toBeTruthy();
    await setDay(user, 'Date of Creation', '');
    await setDay(user, 'Start Date', '');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    for (const message of [
      'Schedule name is required',
      'Customer is required',
      'Date of creation is required',
      'Start date is required',
      'Recurring period is required',
      'Product is required',
      'Total amount is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it('shows the next invoice dates as they are typed, keeping the start day of month and stopping at the end date', async () => {
    const { user } = await open();
    await setDay(user, 'Start Date', '2028-01-31');
    expect(upcoming()).toContain('Choose a start date and a recurring period');
    await user.selectOptions(field('Recurring Period'), '1');
    expect(upcoming()).toContain('31/01/2028, 29/02/2028, 31/03/2028, 30/04/2028, 31/05/2028');
    await setDay(user, 'End Date', '2028-03-31');
    expect(upcoming()).toContain('31/01/2028, 29/02/2028, 31/03/2028');
    expect(upcoming()).not.toContain('30/04/2028');
    await user.selectOptions(field('Recurring Period'), '12');
    expect(upcoming()).toContain('31/01/2028');
    expect(upcoming()).not.toContain('2029');
  });

  it('refuses an end date before the start date', async () => {
    const { sent, user } = await open();
    await fillRequired(user);
    await setDay(user, 'Start Date', '2028-05-01');
    await setDay(user, 'End Date', '2028-04-30');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('End date cannot be before the start date')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends days as UTC midnight, the period as a whole number and no empty optional fields', async () => {
    const { sent, user } = await open();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      scheduleName: 'Monthly hosting',
      customer: CUSTOMER,
      dateOfCreation: '2028-01-15T00:00:00.000Z',
      startDate: '2028-02-01T00:00:00.000Z',
      endDate: null,
      recurringPeriod: 3,
      products: [{ product: HOSTING, quantity: 1, unitPrice: 12_500 }],
      totalAmount: 12_500,
    });
  });

  it('fixes the start date and period of a schedule that has generated invoices, and counts from its next date', async () => {
    const row = {
      _id: '33333333-3333-4333-8333-333333333333',
      scheduleName: 'Monthly hosting',
      referenceNumber: null,
      customer: { _id: CUSTOMER, customerName: 'Acme Trading' },
      dateOfCreation: day('2028-01-01T00:00:00.000Z'),
      startDate: day('2028-01-31T00:00:00.000Z'),
      endDate: null,
      recurringPeriod: 1,
      products: [
        {
          product: { _id: HOSTING, productName: 'Hosting' },
          quantity: 1,
          unitPrice: fils(12_500),
          lineTotal: fils(12_500),
        },
      ],
      totalAmount: fils(12_500),
      notes: null,
      status: 'active',
      automated: false,
      nextInvoiceDate: day('2028-03-31T00:00:00.000Z'),
      isDue: false,
      upcomingDates: [],
      generatedInvoices: [],
      generatedCount: 2,
      createdAt: '2028-01-01T00:00:00.000Z',
      updatedAt: '2028-01-01T00:00:00.000Z',
    } satisfies ScheduledInvoice;
    await open(row);
    expect(screen.getByRole('dialog', { name: 'Edit Schedule' })).toBeTruthy();
    expect((field('Start Date') as HTMLInputElement).readOnly).toBe(true);
    expect((field('Recurring Period') as HTMLSelectElement).disabled).toBe(true);
    expect(upcoming()).toContain('31/03/2028, 30/04/2028, 31/05/2028, 30/06/2028, 31/07/2028');
    expect(upcomingDates({ startDate: '2028-01-31', endDate: '2028-04-30', recurringPeriod: '1' }, row)).toEqual([
      '2028-03-31T00:00:00.000Z',
      '2028-04-30T00:00:00.000Z',
    ]);
  });

  it('edits the discounts of a schedule in Arabic, reading Arabic digits, and says what is refused in Arabic', async () => {
    const row = {
      _id: '33333333-3333-4333-8333-333333333334',
      scheduleName: 'Monthly hosting',
      referenceNumber: null,
      customer: { _id: CUSTOMER, customerName: 'Acme Trading' },
      dateOfCreation: day('2028-01-01T00:00:00.000Z'),
      startDate: day('2028-01-31T00:00:00.000Z'),
      endDate: null,
      recurringPeriod: 1,
      products: [
        {
          product: { _id: HOSTING, productName: 'Hosting' },
          quantity: 2,
          unitPrice: fils(12_500),
          discount: { percent: 10 },
          lineTotal: fils(22_500),
        },
      ],
      discount: { amount: fils(500) },
      totalAmount: fils(22_000),
      notes: null,
      status: 'inactive',
      automated: false,
      nextInvoiceDate: day('2028-01-31T00:00:00.000Z'),
      isDue: false,
      upcomingDates: [],
      generatedInvoices: [],
      generatedCount: 0,
      createdAt: '2028-01-01T00:00:00.000Z',
      updatedAt: '2028-01-01T00:00:00.000Z',
    } satisfies ScheduledInvoice;
    await act(() => setLanguage('ar'));
    try {
      const { sent, user } = await open(row);
      const lineDiscount = screen.getByLabelText('الخصم (البند 1)') as HTMLInputElement;
      expect(lineDiscount.value).toBe('10');
      expect((screen.getByLabelText('نوع خصم الفاتورة') as HTMLSelectElement).value).toBe('amount');
      expect((screen.getByLabelText('المجموع الفرعي (د.ك)') as HTMLInputElement).value).toBe('25.000');
      expect((screen.getByLabelText('الخصم (د.ك)') as HTMLInputElement).value).toBe('3.000');

      await user.clear(lineDiscount);
      await user.type(lineDiscount, '١٢٫٥');
      // 12.5 % of 25.000 is 3.125; less the 0.500 off the schedule.
      expect((screen.getByLabelText(/^المبلغ الإجمالي/) as HTMLInputElement).value).toBe('21.375');

      await user.clear(lineDiscount);
      await user.type(lineDiscount, '١٠١');
      await user.click(screen.getByRole('button', { name: 'تحديث' }));
      expect(await screen.findByText('يجب أن تكون النسبة بين 0 و100')).toBeTruthy();
      expect(sent).toHaveLength(0);
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

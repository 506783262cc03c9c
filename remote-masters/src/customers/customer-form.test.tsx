import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import type { Customer, CustomerInput } from '@admin/shared/contract';
import { businessToday, day, formatDay } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { i18n } from '@admin/shared/i18n';
import { fakeApi, renderForm } from '@admin/shared/testing';
import { MASTERS_NAMESPACE } from '../i18n';
import { customerForm } from './customer-form';

const KIND = '11111111-1111-4111-8111-111111111111';
const NATIONALITY = '22222222-2222-4222-8222-222222222222';
const CITY = '33333333-3333-4333-8333-333333333333';
// The dialog as staff see it in English (the catalogues load before the first test).
const form = () =>
  customerForm(
    {
      kinds: [{ value: KIND, label: 'Individual' }],
      nationalities: [{ value: NATIONALITY, label: 'Kuwaiti' }],
      cities: [{ value: CITY, label: 'Hawalli' }],
    },
    i18n.getFixedT('en', MASTERS_NAMESPACE),
  );

async function open(row?: Customer) {
  const sent: CustomerInput[] = [];
  await renderForm(form(), async (input) => void sent.push(input), row);
  return { sent, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('customer dialog', () => {
  it('starts a new customer at status Medium, dated today, in English', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: 'Add New Customer' })).toBeTruthy();
    expect((field('Status') as HTMLSelectElement).value).toBe('medium');
    const language = field('Preferred language') as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect([...language.options].map((o) => o.text)).toEqual(['English', 'العربية']);
    expect((field('Date of Creation') as HTMLInputElement).value).toBe(formatDay(businessToday()));
  });

  it('shows every required-field message and sends nothing', async () => {
    const { sent, user } = await open();
    await user.clear(field('Date of Creation'));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    for (const message of [
      'Customer name is required',
      'Date of creation is required',
      'Customer kind is required',
      'Customer nationality is required',
      'Customer city is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it('refuses names over 100 characters', async () => {
    const { user } = await open();
    await user.type(field('Customer Name'), 'x'.repeat(101));
    await user.type(field('Alternate Name'), 'y'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Name cannot exceed 100 characters')).toHaveLength(2);
  });

  it('sends the ids, the day as UTC midnight, trimmed names and no empty optional names', async () => {
    const { sent, user } = await open();
    await user.type(field('Customer Name'), '  Fatima Al-Sabah ');
    await user.type(field('Alternate Name'), 'فاطمة الصباح');
    await user.clear(field('Date of Creation'));
    await user.type(field('Date of Creation'), '21/11/2026');
    await user.selectOptions(field('Customer Kind'), KIND);
    await user.selectOptions(field('Customer Nationality'), NATIONALITY);
    await user.selectOptions(field('Customer City'), CITY);
    await user.selectOptions(field('Status'), 'high');
    expect(field('Payment terms \\(days\\)')).toHaveProperty('value', '30');
    await user.clear(field('Payment terms \\(days\\)'));
    await user.type(field('Payment terms \\(days\\)'), '400');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Payment terms must be between 0 and 365 days')).toBeTruthy();
    await user.clear(field('Payment terms \\(days\\)'));
    await user.type(field('Payment terms \\(days\\)'), '45');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      customerName: 'Fatima Al-Sabah',
      customerAlternateName: 'فاطمة الصباح',
      customerOldName: null,
      customerNewName: null,
      cityLocated: null,
      dateOfCreation: '2026-11-21T00:00:00.000Z',
      customerKind: KIND,
      customerNationality: NATIONALITY,
      customerCity: CITY,
      status: 'high',
      paymentTermsDays: 45,
      preferredLanguage: 'en',
      email: null,
      mobile: null,
      address: null,
      idNumber: null,
      acceptsEmail: true,
      sendReminders: true,
      creditLimit: null,
      maxOverdueDays: null,
    });
  });

  it('takes the contacts its documents print, says what is wrong with an address, and can refuse e-mail', async () => {
    const { sent, user } = await open();
    await user.type(field('Customer Name'), 'Gulf Contacts Co');
    await user.selectOptions(field('Customer Kind'), KIND);
    await user.selectOptions(field('Customer Nationality'), NATIONALITY);
    await user.selectOptions(field('Customer City'), CITY);
    await user.type(field('E-mail'), 'accounts@gulf.com.kw; ceo at gulf');
    await user.type(field('Mobile'), '+965 5555 1234');
    await user.type(field('Civil ID or CR number'), '287010112345');
    await user.type(field('Address'), 'Block 4, Street 12');
    const acceptsEmail = screen.getByRole('checkbox', { name: 'Send documents and reminders by e-mail' });
    expect(acceptsEmail).toHaveProperty('checked', true);
    await user.click(acceptsEmail);
    const sendReminders = screen.getByRole('checkbox', { name: 'Send payment reminders' });
    expect(sendReminders).toHaveProperty('checked', true);
    await user.click(sendReminders);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter e-mail addresses like name@example.com, separated by commas')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'accounts@gulf.com.kw; ceo@gulf.com.kw');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      email: 'accounts@gulf.com.kw, ceo@gulf.com.kw',
      mobile: '+965 5555 1234',
      idNumber: '287010112345',
      address: 'Block 4, Street 12',
      acceptsEmail: false,
      sendReminders: false,
    });
  });

  it('edits an existing customer with its values, and clearing a name removes it', async () => {
    const row: Customer = {
      _id: '44444444-4444-4444-8444-444444444444',
      customerName: 'Old Co',
      customerAlternateName: 'Alt Co',
      customerOldName: null,
      customerNewName: null,
      dateOfCreation: day('2025-01-31T00:00:00.000Z'),
      customerKind: { _id: KIND, kindName: 'Individual' },
      customerNationality: { _id: NATIONALITY, nationalityName: 'Kuwaiti' },
      customerCity: { _id: CITY, cityName: 'Hawalli' },
      cityLocated: 'Block 4',
      email: 'accounts@oldco.com.kw',
      mobile: '+965 5555 1234',
      address: null,
      idNumber: null,
      acceptsEmail: false,
      sendReminders: false,
      creditLimit: fils(5_000_000),
      maxOverdueDays: 60,
      status: 'low',
      paymentTermsDays: 30,
      preferredLanguage: 'ar',
      createdAt: '2025-01-31T10:00:00.000Z',
      updatedAt: '2025-01-31T10:00:00.000Z',
    };
    const credit = fakeApi({
      [`GET /customers/${row._id}/credit`]: () => ({
        data: { creditLimit: 5_000_000, maxOverdueDays: 60, exposure: 5_340_250, headroom: -340_250 },
      }),
    });
    const { sent, user } = await open(row);
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeTruthy();
    // Where the customer's credit stands now, beside the limit being edited: over it by 340.250 KD.
    const now = await screen.findByRole('region', { name: 'Credit now' });
    await waitFor(() => expect(now.textContent).toContain('Headroom-340.250 KD'));
    expect(now.textContent).toContain('Exposure5,340.250 KD');
    credit.restore();
    expect((field('Date of Creation') as HTMLInputElement).value).toBe('31/01/2025');
    expect((field('Customer City') as HTMLSelectElement).value).toBe(CITY);
    expect((field('Preferred language') as HTMLSelectElement).value).toBe('ar');
    await user.clear(field('Alternate Name'));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      customerName: 'Old Co',
      customerAlternateName: null,
      cityLocated: 'Block 4',
      email: 'accounts@oldco.com.kw',
      mobile: '+965 5555 1234',
      address: null,
      idNumber: null,
      acceptsEmail: false,
      sendReminders: false,
      status: 'low',
      preferredLanguage: 'ar',
      creditLimit: 5_000_000,
      maxOverdueDays: 60,
    });
    expect(sent[0]?.dateOfCreation).toBe('2025-01-31T00:00:00.000Z');
  });

  it('sends the credit limit in fils and no overdue rule when left empty, and says what is wrong with a limit', async () => {
    const { sent, user } = await open();
    await user.type(field('Customer Name'), 'Al-Ghanim Trading Co.');
    await user.selectOptions(field('Customer Kind'), KIND);
    await user.selectOptions(field('Customer Nationality'), NATIONALITY);
    await user.selectOptions(field('Customer City'), CITY);
    await user.type(field('Credit limit'), '5000.1234');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('At most 3 decimals')).toBeTruthy();
    await user.clear(field('Credit limit'));
    await user.type(field('Credit limit'), '-5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Credit limit cannot be negative')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(field('Credit limit'));
    await user.type(field('Credit limit'), '5000');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ creditLimit: 5_000_000, maxOverdueDays: null });
  });

  it("puts the server's field errors under the fields", async () => {
    const user = userEvent.setup();
    const credit = fakeApi({
      'GET /customers/55555555-5555-4555-8555-555555555555/credit': () => ({
        data: { creditLimit: null, maxOverdueDays: null, exposure: 0, headroom: null },
      }),
    });
    await renderForm(form(), () => Promise.reject(serverError({ customerCity: 'This city is no longer available' })), {
      ...({} as Customer),
      _id: '55555555-5555-4555-8555-555555555555',
      customerName: 'Someone',
      dateOfCreation: day('2026-01-01T00:00:00.000Z'),
      customerKind: { _id: KIND, kindName: 'Individual' },
      customerNationality: { _id: NATIONALITY, nationalityName: 'Kuwaiti' },
      customerCity: { _id: CITY, cityName: 'Hawalli' },
      status: 'medium',
    });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This city is no longer available')).toBeTruthy();
    credit.restore();
  });
});

function serverError(errors: Record<string, string>) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status: 400,
    statusText: 'Bad Request',
    headers: {},
    config,
    data: { message: Object.values(errors)[0], errors },
  });
}

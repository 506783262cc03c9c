import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '@admin/shared/api';
import { DEFAULT_REMINDER_SETTINGS, type CompanySettings } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs, UNSET_MAIL_SETTINGS } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt, UNSET_COMPANY } from '../test/render';
import { CompanySettingsPage } from './company-settings-page';

/** The settings API over one stored row; `sent` keeps what each PUT carried. */
function settingsApi(stored: CompanySettings) {
  const sent: { url: string; body: unknown; type?: string }[] = [];
  let holidays = [{ day: '2026-12-24T00:00:00.000Z', name: 'Isra and Miraj' }];
  fakeApi({
    'GET /settings/holidays': () => ({ body: { data: { holidays } } }),
    'PUT /settings/holidays': (request) => {
      sent.push({ url: '/settings/holidays', body: request.body });
      holidays = (request.body as { holidays: typeof holidays }).holidays;
      return { body: { data: { holidays } } };
    },
    'GET /settings/reminders': () => ({
      body: { data: { ...DEFAULT_REMINDER_SETTINGS, updatedAt: null, statementsSentAs: null } },
    }),
    'GET /settings/period-lock': () => ({ body: { data: { lockedThrough: null, pendingReopen: null } } }),
    'GET /settings/company': () => ({ body: { data: stored } }),
    'GET /settings/mail': () => ({ body: { data: UNSET_MAIL_SETTINGS } }),
    'PUT /settings/company': (request) => {
      sent.push({ url: '/settings/company', body: request.body });
      Object.assign(stored, request.body);
      return { body: { data: stored } };
    },
    'PUT /settings/company/logo': (request) => {
      sent.push({
        url: '/settings/company/logo',
        body: request.body,
        type: String(request.headers.get('Content-Type')),
      });
      Object.assign(stored, { logoUrl: `/api/settings/company/logo/${'a'.repeat(64)}.png` });
      return { body: { data: stored } };
    },
  });
  return sent;
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, textarea' });

describe('the company settings page', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
    signInAs('admin');
  });

  it('refuses an empty name and a wrong e-mail under their fields and sends nothing', async () => {
    const sent = settingsApi({ ...UNSET_COMPANY });
    renderAt(<CompanySettingsPage />, '/settings/company');
    await screen.findByRole('form', { name: 'Company settings' });
    fireEvent.change(field('Email'), { target: { value: 'accounts@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company name in English is required')).toBeTruthy();
    expect(screen.getByText('Company name in Arabic is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves every field of the company block, trimmed', async () => {
    const sent = settingsApi({ ...UNSET_COMPANY });
    renderAt(<CompanySettingsPage />, '/settings/company');
    await screen.findByRole('form', { name: 'Company settings' });
    fireEvent.change(field('Company name (English)'), { target: { value: ' Gulf Trading Co. ' } });
    fireEvent.change(field('Company name (Arabic)'), { target: { value: 'شركة الخليج التجارية' } });
    fireEvent.change(field('Phone'), { target: { value: '+965 2222 3333' } });
    fireEvent.change(field('Commercial registration number'), { target: { value: 'CR-48213' } });
    fireEvent.change(field('Invoice footer'), { target: { value: 'Thank you for your business' } });
    await userEvent.click(screen.getByRole('checkbox', { name: /Arabic-Indic digits/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      companyNameEn: 'Gulf Trading Co.',
      companyNameAr: 'شركة الخليج التجارية',
      address: '',
      phone: '+965 2222 3333',
      email: '',
      commercialRegistration: 'CR-48213',
      invoiceFooter: 'Thank you for your business',
      arabicIndicDigits: true,
      // Kept as the API answered it.
      writeOffLimit: 1000,
    });
    expect(await screen.findByText('Company settings saved')).toBeTruthy();
  });

  it('names a logo of the wrong type or size without uploading it, and uploads a PNG as itself', async () => {
    const sent = settingsApi({ ...UNSET_COMPANY });
    renderAt(<CompanySettingsPage />, '/settings/company');
    expect(await screen.findByText('No logo yet')).toBeTruthy();
    const picker = screen.getByLabelText('Upload logo', { selector: 'input' });

    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The logo must be a PNG or SVG image')).toBeTruthy();
    fireEvent.change(picker, {
      target: { files: [new File([new Uint8Array(256 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('The logo cannot be larger than 256 KB')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(picker, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Company logo' })).toBeTruthy();
    expect(sent.map((s) => [s.url, s.type])).toEqual([['/settings/company/logo', 'image/png']]);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('keeps the public holidays the cheques to deposit skip: adds one, refuses a day twice, removes one', async () => {
    const sent = settingsApi({ ...UNSET_COMPANY });
    renderAt(<CompanySettingsPage />, '/settings/company');
    const holidays = await screen.findByRole('form', { name: 'Public holidays' });
    expect(((await within(holidays).findByLabelText('Holiday 1 name')) as HTMLInputElement).value).toBe(
      'Isra and Miraj',
    );
    fireEvent.click(within(holidays).getByRole('button', { name: 'Add holiday' }));
    fireEvent.click(within(holidays).getByRole('button', { name: 'Save holidays' }));
    expect(await within(holidays).findByText('Date is required')).toBeTruthy();
    expect(within(holidays).getByText('Holiday name is required')).toBeTruthy();

    fireEvent.change(within(holidays).getByLabelText('Holiday 2 date'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(holidays).getByLabelText('Holiday 2 name'), { target: { value: 'Again' } });
    fireEvent.click(within(holidays).getByRole('button', { name: 'Save holidays' }));
    expect(await within(holidays).findByText('Each day can be a holiday only once')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(holidays).getByLabelText('Holiday 2 date'), { target: { value: '2027-02-25' } });
    fireEvent.change(within(holidays).getByLabelText('Holiday 2 name'), { target: { value: ' National Day ' } });
    fireEvent.click(within(holidays).getByRole('button', { name: 'Remove holiday 1' }));
    fireEvent.click(within(holidays).getByRole('button', { name: 'Save holidays' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/settings/holidays',
      body: { holidays: [{ day: '2027-02-25T00:00:00.000Z', name: 'National Day' }] },
    });
    expect(await screen.findByText('Public holidays saved')).toBeTruthy();
  });
});

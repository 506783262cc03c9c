import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import type { MailSettings } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs, UNSET_MAIL_SETTINGS } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt, UNSET_COMPANY } from '../test/render';
import { CompanySettingsPage } from './company-settings-page';

/** The mail settings API over one stored row; `sent` keeps each body, the test answers as the API does. */
function mailApi(stored: MailSettings) {
  const sent: { url: string; body: unknown }[] = [];
  fakeApi({
    'GET /settings/company': () => ({ body: { data: UNSET_COMPANY } }),
    'GET /settings/holidays': () => ({ body: { data: { holidays: [] } } }),
    'GET /settings/mail': () => ({ body: { data: stored } }),
    'PUT /settings/mail': (request) => {
      sent.push({ url: request.url, body: request.body });
      const { password, ...rest } = request.body as Partial<MailSettings> & { password?: string | null };
      Object.assign(stored, rest, {
        configured: true,
        passwordSet: password === undefined ? stored.passwordSet : !!password,
      });
      return { body: { data: stored } };
    },
    'POST /settings/mail/test': (request) => {
      sent.push({ url: request.url, body: request.body });
      const { to } = request.body as { to: string };
      return to.startsWith('nobody')
        ? { status: 502, body: { message: 'The mail server refused the message: 550 No such user here' } }
        : { body: { data: { _id: 'm1', messageId: '<m1@x>', response: '250 OK: queued as 7' } } };
    },
  });
  return sent;
}

const card = () => screen.getByRole('form', { name: 'Mail server' });
const box = (name: string) => within(card()).getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

describe('the mail server in company settings', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
  });

  it('names what is wrong under the fields, then keeps the server with its password, never shown again', async () => {
    signInAs('admin');
    const sent = mailApi({ ...UNSET_MAIL_SETTINGS });
    renderAt(<CompanySettingsPage />, '/settings/company');
    await screen.findByRole('form', { name: 'Mail server' });
    fireEvent.change(box('Sender address'), { target: { value: 'billing@' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save mail server' }));
    expect(await within(card()).findByText('Mail server host is required')).toBeTruthy();
    expect(within(card()).getByText('Enter a valid sender address')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(box('Host'), { target: { value: 'smtp.gulf-trading.test' } });
    fireEvent.change(box('Port'), { target: { value: '2525' } });
    fireEvent.change(box('User'), { target: { value: 'billing' } });
    fireEvent.change(box('Password'), { target: { value: 'Sm7p-secret' } });
    fireEvent.change(box('Sender address'), { target: { value: 'billing@gulf-trading.test' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save mail server' }));
    expect(await screen.findByText('Mail server saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: '/settings/mail',
        body: {
          host: 'smtp.gulf-trading.test',
          port: 2525,
          secure: false,
          user: 'billing',
          password: 'Sm7p-secret',
          from: 'billing@gulf-trading.test',
        },
      },
    ]);
    // The box empties and says a password is kept; saved again empty, it keeps it.
    await waitFor(() => expect((box('Password') as HTMLInputElement).value).toBe(''));
    expect(within(card()).getByText('A password is saved: leave empty to keep it')).toBeTruthy();
    fireEvent.click(within(card()).getByRole('button', { name: 'Save mail server' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).not.toHaveProperty('password');
  });

  it('sends a test message and shows what the server answered, or why it refused', async () => {
    signInAs('admin');
    const sent = mailApi({
      ...UNSET_MAIL_SETTINGS,
      configured: true,
      host: 'smtp.gulf-trading.test',
      from: 'billing@gulf-trading.test',
    });
    renderAt(<CompanySettingsPage />, '/settings/company');
    const test = await screen.findByRole('form', { name: 'Send test message' });
    const to = within(test).getByLabelText('Test message to', { selector: 'input' });
    fireEvent.change(to, { target: { value: 'admin@' } });
    fireEvent.click(within(test).getByRole('button', { name: 'Send test message' }));
    expect(await within(test).findByText('Enter a valid email address')).toBeTruthy();

    fireEvent.change(to, { target: { value: 'nobody@gulf-trading.test' } });
    fireEvent.click(within(test).getByRole('button', { name: 'Send test message' }));
    expect(await within(test).findByText('The mail server refused the message: 550 No such user here')).toBeTruthy();

    fireEvent.change(to, { target: { value: 'admin@gulf-trading.test' } });
    fireEvent.click(within(test).getByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Test message accepted: 250 OK: queued as 7')).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([
      { to: 'nobody@gulf-trading.test' },
      { to: 'admin@gulf-trading.test' },
    ]);
  });
});

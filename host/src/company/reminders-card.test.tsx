import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '@admin/shared/api';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsInput } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { RemindersCard } from './reminders-card';

/** The reminder settings API over the defaults; `sent` keeps what each PUT carried. */
function remindersApi() {
  const sent: ReminderSettingsInput[] = [];
  fakeApi({
    'GET /settings/reminders': () => ({
      body: { data: { ...DEFAULT_REMINDER_SETTINGS, updatedAt: null, statementsSentAs: null } },
    }),
    'PUT /settings/reminders': (request) => {
      const body = request.body as ReminderSettingsInput;
      sent.push(body);
      const steps = [...body.steps].sort((a, b) => a.offsetDays - b.offsetDays);
      const statementsSentAs = body.monthlyStatements ? 'Amal Admin' : null;
      return { body: { data: { ...body, steps, updatedAt: '2026-11-28T06:00:00.000Z', statementsSentAs } } };
    },
  });
  return sent;
}

const open = async () => {
  renderAt(<RemindersCard />, '/settings/company');
  return screen.findByRole('form', { name: 'Payment reminders' });
};
const step = (form: HTMLElement, n: number) => within(within(form).getByRole('group', { name: `Step ${n}` }));

describe('the payment reminders settings', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
    signInAs('admin');
  });

  it('shows the default steps and both languages, and saves them turned on with a new step', async () => {
    const sent = remindersApi();
    const user = userEvent.setup();
    const form = await open();
    expect(within(form).getByRole('checkbox', { name: 'Send payment reminders' })).toHaveProperty('checked', false);
    expect((step(form, 1).getByLabelText('Days from the due date') as HTMLInputElement).value).toBe('-3');
    expect((step(form, 5).getByLabelText('Days from the due date') as HTMLInputElement).value).toBe('30');
    expect((within(form).getByLabelText('Subject in Arabic', { exact: false }) as HTMLInputElement).value).toContain(
      'تذكير بالدفع',
    );

    await user.click(within(form).getByRole('checkbox', { name: 'Send payment reminders' }));
    // Low status customers do not hear on the due day.
    await user.click(step(form, 2).getByRole('checkbox', { name: 'Low status customers' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add step' }));
    fireEvent.change(step(form, 6).getByLabelText('Days from the due date'), { target: { value: '60' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.enabled).toBe(true);
    expect(sent[0]?.steps.map((s) => [s.offsetDays, s.statuses.join(' ')])).toEqual([
      [-3, 'high medium low'],
      [0, 'high medium'],
      [7, 'high medium low'],
      [14, 'high medium low'],
      [30, 'high medium low'],
      [60, 'high medium low'],
    ]);
    expect(sent[0]?.templates).toEqual(DEFAULT_REMINDER_SETTINGS.templates);
    expect(await screen.findByText('Payment reminders saved')).toBeTruthy();
  });

  it('turns the monthly statements on and says whose reading rights draw them', async () => {
    const sent = remindersApi();
    const user = userEvent.setup();
    const form = await open();
    const statements = within(form).getByRole('checkbox', { name: 'Send monthly statements' });
    expect(statements).toHaveProperty('checked', false);
    expect(within(form).queryByText(/The statements are drawn as/)).toBeNull();
    await user.click(statements);
    fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.monthlyStatements).toBe(true);
    expect(
      await within(form).findByText(
        'The statements are drawn as Amal Admin, who turned them on: they show what Amal Admin may read.',
      ),
    ).toBeTruthy();
  });

  it('says what is wrong before sending: an unknown placeholder, a day used twice, a step for no one', async () => {
    const sent = remindersApi();
    const user = userEvent.setup();
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Message in English', { exact: false }), {
      target: { value: 'Please pay {invoiceNumber} by {deadline}' },
    });
    fireEvent.change(step(form, 2).getByLabelText('Days from the due date'), { target: { value: '7' } });
    for (const status of ['High', 'Medium', 'Low'])
      await user.click(step(form, 4).getByRole('checkbox', { name: `${status} status customers` }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));

    expect(await within(form).findByText(/^Unknown placeholder \{deadline\}/)).toBeTruthy();
    expect(step(form, 4).getByText('Choose at least one customer status')).toBeTruthy();
    // Once each step is right, the list is checked as a whole.
    await user.click(step(form, 4).getByRole('checkbox', { name: 'High status customers' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save reminders' }));
    expect(await within(form).findByText('Each step needs its own number of days: 7 is used twice')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

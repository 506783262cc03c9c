// Payment reminders as the office uses them, against the real API and database: an admin adds a
// reminder step in company settings; an accountant records a customer's promise to pay from the
// invoices list and sees it marked under the invoice's status.
import { expect, test } from '../support/signed-in';
import { dialog, expectToast } from '../support/dialogs';
import { rowOf, searchFor } from '../support/lists';
import { unique } from '../support/masters';
import { makeInvoice } from '../support/payments';
import { addDays, businessToday, shownDay } from '../support/days';
import { salesFixtures } from '../support/sales';

const PASSWORD = 'a long reminders password';

interface ReminderSettings {
  enabled: boolean;
  steps: { offsetDays: number; statuses: string[]; enabled: boolean }[];
  templates: unknown;
}

test('an admin adds a reminder step; an accountant records a promise to pay and sees it on the invoice', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(120_000);
  const { data: kept } = await api.get<{ data: ReminderSettings & { updatedAt: string | null } }>(
    '/settings/reminders',
  );
  try {
    await page.goto('/settings/company');
    const form = page.getByRole('form', { name: 'Payment reminders' });
    await form.getByRole('button', { name: 'Add step' }).click();
    const added = form.getByRole('group', { name: `Step ${kept.steps.length + 1}` });
    await added.getByLabel('Days from the due date').fill('45');
    await added.getByText('Low status customers').click();
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await expectToast(page, 'Payment reminders saved');
    const { data: saved } = await api.get<{ data: ReminderSettings }>('/settings/reminders');
    expect(saved.steps.at(-1)).toEqual({ offsetDays: 45, statuses: ['high', 'medium'], enabled: true });
  } finally {
    // The other specs' customers must not start getting reminders from this one.
    const { enabled, steps, templates } = kept;
    const restored = await request.put('/api/settings/reminders', {
      data: { enabled, steps, templates },
      headers: api.headers,
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }

  const label = unique('Promise');
  const username = `promise-${label.split(' ')[1]!.toLowerCase()}`;
  await api.create('/users', { username, name: `${label} Accounts`, role: 'accountant', password: PASSWORD });
  const { customers, products } = await salesFixtures(api, label, ['Ghanim'], [['Cement', 12_500]]);
  const invoice = await makeInvoice(api, customers[0], products[0], 2);

  const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  const promised = addDays(businessToday(), 10);
  await page.goto('/invoices');
  await searchFor(page, 'Invoices', invoice.invoiceNumber, 1);
  const row = rowOf(page, 'Invoices', invoice.invoiceNumber);
  await row.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: `Promise to pay for ${invoice.invoiceNumber}` }).click();
  const promise = dialog(page, `Promise to pay for ${invoice.invoiceNumber}`);
  await expect(promise).toContainText('25.000 KD');
  await promise.getByLabel('Promised by').fill(shownDay(promised));
  await promise.getByLabel('Note').fill('Pays after the salaries');
  await promise.getByRole('button', { name: 'Record promise' }).click();
  await expectToast(page, `Promise to pay ${invoice.invoiceNumber} by ${shownDay(promised)} recorded`);
  await expect(promise).toBeHidden();
  await expect(row.getByText(`Promised ${shownDay(promised)}`)).toBeVisible();

  // Its history names the promise.
  const history = await api.get<{ data: { action: string }[] }>(
    `/audit-log?entityType=invoice&entityId=${invoice._id}`,
  );
  expect(history.data.map((entry) => entry.action)).toContain('promise');
});

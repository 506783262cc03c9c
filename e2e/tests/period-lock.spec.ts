// Closed periods: an admin closes the books through a day; an invoice dated inside is refused with
// the message in the invoice dialog; a reopen asked by one admin and approved by another opens the
// day again, and the invoice saves.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { dialog, expectToast } from '../support/dialogs';
import { customerLookups, makeCustomer, unique } from '../support/masters';
import { expectNoEnglish, expectRightToLeft, useArabic } from '../support/arabic';
import { expectNoSeriousViolations } from '../support/screens';
import { choose, customerBox, fillLine } from '../support/sales';

/** What GET /settings/period-lock answers, as far as this spec reads it. */
interface PeriodLock {
  lockedThrough: string | null;
  pendingReopen: { _id: string } | null;
}

const PASSWORD = 'second admin password 2026';
// Far before any other spec's records, so closing it never refuses theirs while this one runs.
const CLOSED_THROUGH = '31/12/2019';
const INSIDE = '15/12/2019';

test('a closed period refuses an invoice in the dialog until a second admin approves the reopen', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(120_000);
  const label = unique('Closed');
  const lookups = await customerLookups(api, label);
  const customerName = `${label} Al-Roumi Supplies`;
  await makeCustomer(api, lookups, { customerName, dateOfCreation: '2019-01-01T00:00:00.000Z' });
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const productName = `${label} Ledger book`;
  await api.create('/products', { productName, productPrice: 4_750, productType: type._id });

  // The second admin, made through the Users API.
  const username = `second-${label.split(' ')[1]!.toLowerCase()}`;
  await api.create('/users', { username, name: `${label} Second Admin`, role: 'admin', password: PASSWORD });
  const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const second = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  // A reopen left waiting by an earlier run is not this run's: the second admin turns it down.
  const { data: kept } = await api.get<{ data: PeriodLock }>('/settings/period-lock');
  if (kept.pendingReopen) {
    const rejected = await request.post(`/api/settings/period-lock/reopen/${kept.pendingReopen._id}/reject`, {
      headers: second,
      data: { reason: 'Left by an earlier run' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
  }

  // The admin closes the books.
  await page.goto('/settings/company');
  const card = page.getByRole('region', { name: 'Closed period' });
  const closeForm = card.getByRole('form', { name: 'Close period' });
  await closeForm.getByLabel('Close the books through').fill(CLOSED_THROUGH);
  await closeForm.getByRole('button', { name: 'Close period' }).click();
  const question = page.getByRole('alertdialog', { name: 'Close the books?' });
  await question.getByRole('button', { name: 'Close period' }).click();
  await expect(card.getByText(`The books are closed through ${CLOSED_THROUGH}`)).toBeVisible();

  // An invoice dated inside is refused, and the dialog says why.
  const addInvoice = async () => {
    await page.goto('/invoices');
    await expectTitle(page, 'Invoices');
    await page.getByRole('button', { name: 'Add Invoice' }).click();
    const add = dialog(page, 'Add New Invoice');
    await choose(add, customerBox(add), customerName, customerName);
    await add.getByRole('textbox', { name: 'Date', exact: true }).fill(INSIDE);
    await fillLine(add, 1, productName, 1);
    await add.getByRole('button', { name: 'Create' }).click();
    return add;
  };
  const refused = await addInvoice();
  await expect(refused.getByText(`The books are closed through ${CLOSED_THROUGH}`)).toBeVisible();
  await expect(refused).toBeVisible();

  // The admin asks to reopen; they cannot approve it themselves.
  await page.goto('/settings/company');
  const reopen = card.getByRole('form', { name: 'Reopen' });
  await reopen.getByLabel('Reason for reopening').fill('A December invoice was left out');
  await reopen.getByRole('button', { name: 'Ask to reopen' }).click();
  await expect(card.getByText("Waiting for another administrator's approval.")).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve reopen' })).toHaveCount(0);

  // The second admin approves it on the same screen.
  await page.evaluate((value) => localStorage.setItem('token', value), second.Authorization.slice('Bearer '.length));
  await page.goto('/settings/company');
  const pending = card.getByRole('region', { name: 'Reopen waiting for approval' });
  await expect(pending.getByText('Reason: A December invoice was left out')).toBeVisible();
  await pending.getByRole('button', { name: 'Approve reopen' }).click();
  await expectToast(page, 'Reopen decided');
  await expect(card.getByText('No period is closed')).toBeVisible();

  // The same invoice now saves.
  const saved = await addInvoice();
  await expect(saved).toBeHidden();
  const invoices = await api.get<{ data: { dateOfCreation: string; customer: { customerName: string } }[] }>(
    `/invoices?search=${encodeURIComponent(customerName)}`,
  );
  expect(invoices.data.map((invoice) => invoice.dateOfCreation)).toEqual(['2019-12-15T00:00:00.000Z']);
});

test('the Closed period card reads in Arabic on a phone, by keyboard, without serious axe findings', async ({
  page,
}, testInfo) => {
  await useArabic(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/company');
  await expectRightToLeft(page);
  const card = page.getByRole('region', { name: 'الفترة المقفلة' });
  await expect(card.getByRole('form', { name: 'إقفال الفترة' })).toBeVisible();
  await expectNoEnglish(card, 'the Closed period card');
  await expectNoSeriousViolations(page, '/settings/company (ar, 390 px)', testInfo, {
    include: 'section[aria-labelledby="closed-period"]',
  });
  // By keyboard: the day typed, Enter asks for the confirmation, Escape leaves everything as it was.
  const day = card.getByLabel('إقفال الدفاتر حتى');
  await day.focus();
  await page.keyboard.type('31/12/2018');
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'إقفال الدفاتر؟' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  const box = await card.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

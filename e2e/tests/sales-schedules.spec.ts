// The Scheduled Invoices screen, driven as staff would against the real API and database:
// create, activate, generate from the due card, automate, pause and resume, edit, filter, delete.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { bodyRows, rowOf, searchBox, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { addMonths, businessToday, shownDay } from '../support/days';
import { choose, customerBox, fillLine, salesFixtures, scheduleStep, totalBox } from '../support/sales';

const TITLE = 'Scheduled Invoices';

function dueCard(page: Page): Locator {
  return page.getByRole('region', { name: /^Scheduled Invoices Due \(\d+\)$/ });
}

/** Answers the confirm question with its confirming button. */
async function confirm(page: Page, question: string, button: string) {
  const ask = page.getByRole('alertdialog');
  await expect(ask.getByText(question, { exact: true })).toBeVisible();
  await ask.getByRole('button', { name: button, exact: true }).click();
  await expect(ask).toBeHidden();
}

test('a schedule from creation to generated invoices: activate, generate from the due card, automate, pause and resume', async ({
  page,
  api,
}) => {
  const label = unique('Sched');
  await salesFixtures(
    api,
    label,
    ['Acme'],
    [
      ['Hosting', 12_500],
      ['Support', 2_250],
    ],
  );
  const today = businessToday();
  await page.goto('/scheduled-invoices');
  await expectTitle(page, TITLE);

  await page.getByRole('button', { name: 'Add Schedule' }).click();
  const add = dialog(page, 'Add New Schedule');
  await expect(add.getByLabel('Start Date')).toHaveValue(shownDay(today));
  const periods = await add.getByLabel('Recurring Period').locator('option').allTextContents();
  expect(periods).toEqual(['Select period', '1 Month', ...Array.from({ length: 11 }, (_, i) => `${i + 2} Months`)]);
  await add.getByLabel('Start Date').fill('');
  await expectRefusals(add, 'Create', [
    'Schedule name is required',
    'Customer is required',
    'Start date is required',
    'Recurring period is required',
    'Product is required',
    'Total amount is required',
  ]);

  await add.getByLabel('Schedule Name').fill(`${label} monthly`);
  await add.getByLabel('Reference #').fill(`${label}-REF`);
  await choose(add, customerBox(add), label, `${label} Acme`);
  await add.getByLabel('Start Date').fill(shownDay(today));
  await add.getByLabel('Recurring Period').selectOption({ label: '1 Month' });
  const upcoming = [0, 1, 2].map((k) => shownDay(addMonths(today, k))).join(', ');
  await expect(add.getByRole('status', { name: 'Upcoming invoices' })).toContainText(upcoming);
  await fillLine(add, 1, `${label} Hosting`, 1);
  await add.getByRole('button', { name: 'Add Line' }).click();
  await fillLine(add, 2, `${label} Support`, 2);
  await expect(totalBox(add)).toHaveValue('17.000');
  await add.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Scheduled invoice created successfully');

  await searchFor(page, TITLE, label, 1);
  const row = rowOf(page, TITLE, `${label} monthly`);
  await expect(row).toContainText(`${label}-REF`);
  await expect(row).toContainText(`${label} Acme`);
  await expect(row).toContainText('17.000 KD');
  await expect(row).toContainText('1 Month');
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText(shownDay(today));
  await expect(row.getByRole('cell').nth(7)).toHaveText('0');
  await expect(row.getByRole('button', { name: 'Generate' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Activate', exact: true }).click();
  await confirm(page, 'This will activate the scheduled invoice. Continue?', 'Activate');
  await expectToast(page, 'Scheduled invoice activated successfully');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: 'Automate', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // Its first invoice date is today, so it is due.
  const card = dueCard(page);
  const dueItem = card.getByRole('listitem').filter({ hasText: `${label} Acme - ${label} monthly` });
  await expect(dueItem).toContainText(`Ref: ${label}-REF`);
  await expect(dueItem).toContainText('Period: 1 Month');
  await dueItem.getByRole('button', { name: `Generate ${label} monthly` }).click();
  await confirm(page, 'Are you sure you want to generate a new invoice from this schedule?', 'Generate');
  await expectToast(page, 'Invoice generated successfully');
  await expect(row.getByRole('cell').nth(7)).toHaveText('1');
  await expect(row).toContainText(shownDay(addMonths(today, 1)));
  await expect(page.getByRole('listitem').filter({ hasText: `${label} Acme - ${label} monthly` })).toHaveCount(0);

  await row.getByRole('button', { name: 'Automate', exact: true }).click();
  await confirm(page, 'This will enable automatic invoice generation. Continue?', 'Automate');
  await expectToast(page, 'Automation enabled successfully');
  await expect(row.getByText('Automated', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Automate', exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: 'Pause', exact: true }).click();
  await expectToast(page, 'Scheduled invoice paused successfully');
  await expect(row).toContainText('Paused');
  await expect(row.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Generate', exact: true }).click();
  await confirm(page, 'Are you sure you want to generate a new invoice from this schedule?', 'Generate');
  await expectToast(page, 'Invoice generated successfully');
  await expect(row.getByRole('cell').nth(7)).toHaveText('2');
  await row.getByRole('button', { name: 'Resume', exact: true }).click();
  await expectToast(page, 'Scheduled invoice resumed successfully');
  await expect(row).toContainText('Active');

  // The generated invoices are in the invoices list: credit, unpaid, with the schedule's reference and total.
  await page.goto(`/invoices?search=${encodeURIComponent(`${label}-REF`)}`);
  const invoices = bodyRows(page, 'Invoices');
  await expect(invoices).toHaveCount(2);
  // The first is dated today; the second is the one without today's date (the first one's due
  // date, 30 days on, can be the second one's invoice date, so that date names no single row).
  const first = invoices.filter({ hasText: shownDay(today) });
  const second = invoices.filter({ hasNotText: shownDay(today) });
  await expect(first).toContainText('17.000 KD');
  await expect(first).toContainText('Unpaid');
  await expect(second).toContainText(shownDay(addMonths(today, 1)));
  await expect(second).toContainText('Credit');
});

test('edits, filters by status and customer, and deletes a schedule after the question naming it', async ({
  page,
  request,
  api,
}) => {
  const label = unique('Plan');
  const { customers, products } = await salesFixtures(api, label, ['North', 'South'], [['Rent', 100_000]]);
  const line = { product: products[0]._id, quantity: 1, unitPrice: 100_000 };
  const body = (name: string, customer: string) => ({
    scheduleName: `${label} ${name}`,
    customer,
    dateOfCreation: '2026-01-01T00:00:00.000Z',
    startDate: '2030-01-31T00:00:00.000Z',
    recurringPeriod: 3,
    products: [line],
  });
  const north = await api.create<{ _id: string }>('/scheduled-invoices', body('north rent', customers[0]._id));
  await api.create('/scheduled-invoices', body('south rent', customers[1]._id));
  await scheduleStep(page, request, north._id, 'activate');

  await page.goto('/scheduled-invoices');
  await searchFor(page, TITLE, label, 2);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(`${label} south rent`);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Status' });
  await choose(page, page.getByRole('combobox', { name: 'Customer' }), `${label} North`, `${label} North`);
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`${label} North`);
  await expect(searchBox(page)).toHaveValue(label);
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(`${label} north rent`);

  await page.getByRole('button', { name: `Edit ${label} north rent`, exact: true }).click();
  const edit = dialog(page, 'Edit Schedule');
  await expect(edit.getByLabel('Start Date')).toHaveValue('31/01/2030');
  await expect(edit.getByLabel('Recurring Period')).toHaveValue('3');
  await expect(edit.getByRole('status', { name: 'Upcoming invoices' })).toContainText(
    '31/01/2030, 30/04/2030, 31/07/2030, 31/10/2030',
  );
  await edit.getByLabel('End Date').fill('30/06/2030');
  await expect(edit.getByRole('status', { name: 'Upcoming invoices' })).not.toContainText('31/07/2030');
  await edit.getByLabel('Schedule Name').fill(`${label} north lease`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Scheduled invoice updated successfully');
  await expect(bodyRows(page, TITLE)).toContainText(`${label} north lease`);

  await deleteRow(page, `${label} north lease`);
  await expectToast(page, 'Scheduled invoice deleted successfully');
  await expect(page.getByText('No scheduled invoices found', { exact: true })).toBeVisible();
});

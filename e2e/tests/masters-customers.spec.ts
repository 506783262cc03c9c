// The Customers screen, driven as staff would against the real API and database.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { businessToday, shownDay } from '../support/days';
import { expectTitle } from '../support/shell';
import { bodyRows, rowOf, searchBox, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { customerLookups, makeCustomer, unique, type CustomerLookups } from '../support/masters';

const TITLE = 'Customers';

/** The hue (0-360) of an element's text colour: red near 0, orange near 30, green near 120. */
async function hueOf(locator: Locator): Promise<number> {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map((n) => Number(n) / 255);
  if (r === undefined || g === undefined || b === undefined) throw new Error(`Not an rgb() colour: ${color}`);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}

test('the dialog asks for every required field, defaults to Medium and today, and creates the customer', async ({
  page,
  api,
}) => {
  const label = unique('Cust');
  await customerLookups(api, label);
  await page.goto('/customers');
  await expectTitle(page, TITLE);

  await page.getByRole('button', { name: 'Add Customer' }).click();
  const add = dialog(page, 'Add New Customer');
  await expect(add.getByLabel('Status')).toHaveValue('medium');
  // Today is the business day in Kuwait, whatever the browser's zone, shown day first whatever its locale.
  await expect(add.getByLabel('Date of Creation')).toHaveValue(shownDay(businessToday()));
  await add.getByLabel('Date of Creation').fill('');
  await expectRefusals(add, 'Create', [
    'Customer name is required',
    'Date of creation is required',
    'Customer kind is required',
    'Customer nationality is required',
    'Customer city is required',
  ]);

  await add.getByLabel('Customer Name').fill(`${label} Fatima`);
  await add.getByLabel('Alternate Name').fill('فاطمة');
  await add.getByLabel('Date of Creation').fill('15/03/2026');
  await add.getByLabel('Customer Kind').selectOption({ label: `${label} kind` });
  await add.getByLabel('Customer Nationality').selectOption({ label: `${label} nationality` });
  await add.getByLabel('Customer City').selectOption({ label: `${label} city` });
  await add.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Customer created successfully');
  await expect(add).toBeHidden();

  await searchFor(page, TITLE, label, 1);
  const row = rowOf(page, TITLE, label);
  await expect(row).toContainText(`${label} Fatima`);
  await expect(row.getByText('Alt: فاطمة', { exact: true })).toBeVisible();
  await expect(row).toContainText(`${label} kind`);
  await expect(row).toContainText(`${label} nationality`);
  await expect(row).toContainText(`${label} city`);
  await expect(row).toContainText('Medium');
  await expect(row).toContainText('15/03/2026');
});

test('editing changes the fields and the status chip, red for High, orange for Medium, green for Low', async ({
  page,
  api,
}) => {
  const label = unique('Chip');
  const lookups = await customerLookups(api, label);
  for (const status of ['high', 'medium', 'low']) {
    const customerName = `${label} ${status}`;
    await makeCustomer(api, lookups, { customerName, dateOfCreation: '2026-01-10T00:00:00.000Z', status });
  }
  await page.goto('/customers');
  await searchFor(page, TITLE, label, 3);

  const chip = (name: string) => rowOf(page, TITLE, name).locator('[data-status]');
  await expect(chip(`${label} high`)).toHaveText('High');
  const high = await hueOf(chip(`${label} high`));
  const medium = await hueOf(chip(`${label} medium`));
  const low = await hueOf(chip(`${label} low`));
  expect(high < 15 || high > 345, `high hue ${high}`).toBe(true);
  expect(medium > 15 && medium < 50, `medium hue ${medium}`).toBe(true);
  expect(low > 90 && low < 170, `low hue ${low}`).toBe(true);
  // No alternate name, no 'Alt: ' line.
  await expect(rowOf(page, TITLE, `${label} low`)).not.toContainText('Alt:');

  await page.getByRole('button', { name: `Edit ${label} low`, exact: true }).click();
  const edit = dialog(page, 'Edit Customer');
  await expect(edit.getByLabel('Date of Creation')).toHaveValue('10/01/2026');
  await expect(edit.getByLabel('Customer City')).toHaveValue(lookups.city._id);
  await edit.getByLabel('Customer Name').fill(`${label} renamed`);
  await edit.getByLabel('Alternate Name').fill('Second name');
  await edit.getByLabel('Status').selectOption('high');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Customer updated successfully');

  const renamed = rowOf(page, TITLE, `${label} renamed`);
  await expect(renamed.locator('[data-status]')).toHaveText('High');
  await expect(renamed.getByText('Alt: Second name', { exact: true })).toBeVisible();
  await expect(renamed).toContainText('10/01/2026');
});

test('filters combine with the search, and survive a reload', async ({ page, api }) => {
  const label = unique('Filt');
  const a = await customerLookups(api, `${label} A`);
  const b = await customerLookups(api, `${label} B`);
  const make = (name: string, lookups: CustomerLookups, city: CustomerLookups['city'], status: string) =>
    makeCustomer(
      api,
      { ...lookups, city },
      { customerName: `${label} ${name}`, dateOfCreation: '2026-02-01T00:00:00.000Z', status },
    );
  await make('one', a, a.city, 'high');
  await make('two', a, b.city, 'high');
  await make('three', a, a.city, 'low');
  await make('four', b, a.city, 'high');

  await page.goto('/customers');
  await searchFor(page, TITLE, label, 4);
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: `${label} A kind` });
  await expect(bodyRows(page, TITLE)).toHaveCount(3);
  await page.getByLabel('City', { exact: true }).selectOption({ label: `${label} A city` });
  await expect(bodyRows(page, TITLE)).toHaveCount(2);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'High' });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(`${label} one`);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(label);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('high');
  await expect(bodyRows(page, TITLE)).toHaveCount(1);

  await page.getByLabel('Nationality', { exact: true }).selectOption({ label: `${label} B nationality` });
  await expect(page.getByText('No customers found', { exact: true })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Status' });
  await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'All Kinds' });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(`${label} four`);
});

test('searches all names, pages by 10 and deletes after the confirm question', async ({ page, api }) => {
  const label = unique('Many');
  const lookups = await customerLookups(api, label);
  for (let i = 1; i <= 12; i++) {
    await makeCustomer(api, lookups, {
      customerName: `${label} ${String(i).padStart(2, '0')}`,
      customerOldName: i === 5 ? `${label} formerly` : undefined,
      dateOfCreation: '2026-02-01T00:00:00.000Z',
    });
  }
  await page.goto('/customers');
  await searchFor(page, TITLE, label, 10);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(bodyRows(page, TITLE)).toHaveCount(2);
  await expect(page).toHaveURL(/page=2/);

  await searchFor(page, TITLE, `${label} formerly`, 1);
  await expect(bodyRows(page, TITLE)).toContainText(`${label} 05`);

  await deleteRow(page, `${label} 05`);
  await expectToast(page, 'Customer deleted successfully');
  await expect(page.getByText('No customers found', { exact: true })).toBeVisible();
  await searchFor(page, TITLE, label, 10);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toBeVisible();
});

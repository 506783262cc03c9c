// The Invoices screen and the printable invoice, driven as staff would against the real API and database.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { bodyRows, rowOf, searchBox, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { addDays, businessToday, shownDay } from '../support/days';
import { choose, customerBox, fillLine, salesFixtures, totalBox } from '../support/sales';

const TITLE = 'Invoices';

test('the dialog asks for every required field, totals three lines exactly and creates a Credit invoice; the printable view shows it', async ({
  page,
  api,
}) => {
  const label = unique('Inv');
  await salesFixtures(
    api,
    label,
    ['Acme'],
    [
      ['Router', 1005],
      ['Cable', 333],
      ['Setup', 10_000],
    ],
  );
  await page.goto('/invoices');
  await expectTitle(page, TITLE);

  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const add = dialog(page, 'Add New Invoice');
  await expect(add.getByLabel(/^Date/)).toHaveValue(shownDay(businessToday()));
  await expect(add.getByLabel('Payment Type')).toHaveValue('true');
  await expect(add.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
  await add.getByLabel(/^Date/).fill('');
  await expectRefusals(add, 'Create', [
    'Customer is required',
    'Date is required',
    'Product is required',
    'Unit price is required',
    'Total amount is required',
  ]);

  await choose(add, customerBox(add), label, `${label} Acme`);
  await add.getByLabel(/^Date/).fill('21/11/2026');
  await fillLine(add, 1, `${label} Router`, 3);
  await expect(add.getByLabel('Unit price (line 1)')).toHaveValue('1.005');
  await add.getByRole('button', { name: 'Add Line' }).click();
  await fillLine(add, 2, `${label} Cable`, 2);
  await add.getByRole('button', { name: 'Add Line' }).click();
  await fillLine(add, 3, `${label} Setup`, 1);
  // 3 × 1.005 + 2 × 0.333 + 10.000
  await expect(totalBox(add)).toHaveValue('13.681');
  await add.getByLabel('Reference #').fill(`${label}-PO`);
  await add.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Invoice created successfully');
  await expect(add).toBeHidden();

  await searchFor(page, TITLE, `${label}-PO`, 1);
  const row = bodyRows(page, TITLE).first();
  await expect(row).toContainText(/INV-\d{6}/);
  await expect(row).toContainText(`${label} Acme`);
  await expect(row).toContainText('Credit');
  await expect(row).toContainText('13.681 KD');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('21/11/2026');
  const number = (await row.getByRole('cell').first().textContent())!.trim();

  await row.getByRole('link', { name: `Print ${number}` }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}\/print$/);
  const sheet = page.getByRole('article', { name: `Invoice ${number}` });
  await expect(sheet.getByRole('heading', { name: 'Company details not set' })).toBeVisible();
  await expect(sheet).toContainText(`${label} Acme`);
  await expect(sheet).toContainText('21/11/2026');
  await expect(sheet.getByRole('table', { name: 'Invoice lines' }).locator('tbody').getByRole('row')).toHaveCount(3);
  await expect(sheet.getByRole('row', { name: new RegExp(`${label} Cable`) })).toContainText('0.666 KD');
  const totals = sheet.getByLabel('Totals');
  await expect(totals).toContainText('Total13.681 KD');
  await expect(totals).toContainText('Paid0.000 KD');
  await expect(totals).toContainText('Remaining13.681 KD');
  // On paper only the invoice is printed: the menu and top bar are not.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Back to Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('edits an invoice, filters and searches with the filters kept in the address, and deletes only what has no payments', async ({
  page,
  api,
}) => {
  const label = unique('Bill');
  const { customers, products } = await salesFixtures(api, label, ['Alpha', 'Beta'], [['Hosting', 12_500]]);
  const [alpha, beta] = customers;
  const line = { product: products[0]._id, quantity: 1, unitPrice: 12_500 };
  const credit = await api.create<{ invoiceNumber: string }>('/invoices', {
    customer: alpha._id,
    dateOfCreation: `${addDays(businessToday(), -7)}T00:00:00.000Z`, // due in 23 days: Unpaid, not Overdue
    referenceNumber: `${label}-A`,
    products: [line],
  });
  const cash = await api.create<{ invoiceNumber: string; status: string }>('/invoices', {
    customer: beta._id,
    dateOfCreation: '2026-11-02T00:00:00.000Z',
    credit: false,
    referenceNumber: `${label}-B`,
    products: [line],
  });
  expect(cash.status).toBe('paid');

  await page.goto('/invoices');
  await searchFor(page, TITLE, label, 2);
  await page.getByLabel('Payment Type', { exact: true }).selectOption({ label: 'Cash' });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(cash.invoiceNumber);
  await expect(bodyRows(page, TITLE)).toContainText('Paid');
  await page.reload();
  await expect(searchBox(page)).toHaveValue(label);
  await expect(page.getByLabel('Payment Type', { exact: true })).toHaveValue('false');
  await expect(bodyRows(page, TITLE)).toHaveCount(1);

  await page.getByLabel('Payment Type', { exact: true }).selectOption({ label: 'All Payment Types' });
  // Both invoices first, so the next count cannot be read off the Cash-only list still shown.
  await expect(bodyRows(page, TITLE)).toHaveCount(2);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Unpaid' });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(credit.invoiceNumber);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All Status' });
  await choose(page, page.getByRole('combobox', { name: 'Customer' }), `${label} Beta`, `${label} Beta`);
  await expect(page).toHaveURL(new RegExp(`customer=${beta._id}`));
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText(cash.invoiceNumber);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`${label} Beta`);
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  // Emptying the customer box lists every customer's invoices again.
  await page.getByRole('combobox', { name: 'Customer' }).fill('');
  await searchBox(page).click();
  await expect(bodyRows(page, TITLE)).toHaveCount(2);

  await page.getByRole('button', { name: `Edit ${credit.invoiceNumber}`, exact: true }).click();
  const edit = dialog(page, 'Edit Invoice');
  await expect(customerBox(edit)).toHaveValue(`${label} Alpha`);
  await expect(edit.getByRole('combobox', { name: 'Product (line 1)' })).toHaveValue(`${label} Hosting`);
  await expect(edit.getByLabel('Payment Type')).toBeDisabled();
  await edit.getByLabel('Quantity (line 1)', { exact: true }).fill('3');
  await expect(totalBox(edit)).toHaveValue('37.500');
  await edit.getByLabel('Status').selectOption({ label: 'Sent' });
  await edit.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Invoice updated successfully');
  const edited = rowOf(page, TITLE, credit.invoiceNumber);
  await expect(edited).toContainText('37.500 KD');
  await expect(edited).toContainText('Sent');

  // The Cash invoice was paid at the counter: the server refuses, and says why.
  await deleteRow(page, cash.invoiceNumber);
  await expectToast(page, `Cannot delete invoice ${cash.invoiceNumber}: it has payments. Delete the payments first.`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await deleteRow(page, credit.invoiceNumber);
  await expectToast(page, 'Invoice deleted successfully');
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await searchFor(page, TITLE, `${label}-A`);
  await expect(page.getByText('No invoices found', { exact: true })).toBeVisible();
});

// Staff roles end to end, against the real API and database: the admin adds accounts with
// temporary passwords, each role sees only what it may do, and the audit log keeps who did what,
// even for a record that has since been deleted.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ADMIN_USERNAME } from '../support/platform';
import { expectTitle, signIn } from '../support/shell';
import {
  addStaffUser,
  chooseFromUserMenu,
  signInReplacingTemporaryPassword,
  signOut,
  userMenuEntries,
} from '../support/staff';
import { bodyRows, searchFor } from '../support/lists';
import { dialog, expectToast } from '../support/dialogs';
import { signInWithApi, unique } from '../support/masters';
import { makeInvoice, paymentRow } from '../support/payments';
import { choose, customerBox, fillLine, salesFixtures } from '../support/sales';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The page's buttons whose names start with one of `prefixes`, once the list shows its rows. */
function buttonsStartingWith(page: Page, prefixes: string[]) {
  return page.getByRole('main').getByRole('button', { name: new RegExp(`^(${prefixes.join('|')})`) });
}

/** The audit log's entries; each names its action and record. */
function auditEntries(page: Page) {
  return page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
}

test('the admin adds a sales and a viewer account; each role sees only its own actions; the audit log keeps who did what', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const label = unique('Roles');
  const stamp = Date.now().toString(36);
  const sales = {
    username: `sales-${stamp}`,
    name: `Sam Seller ${stamp}`,
    role: 'Sales',
    password: 'Sales-Own-Pass-2026!',
  };
  const viewer = {
    username: `viewer-${stamp}`,
    name: `Vera Viewer ${stamp}`,
    role: 'Viewer',
    password: 'Viewer-Own-Pass-2026!',
  };

  // The admin's own invoice and advance payment, so the other roles' lists have rows to act on.
  const api = await signInWithApi(page, request);
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Widget', 1500]]);
  const invoice = await makeInvoice(api, customers[0], products[0], 2);
  await api.create('/payments/advance', {
    customer: customers[0]._id,
    paymentDate: '2026-11-21T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 2500,
    referenceNumber: `${label}-ADV`,
  });
  await page.goto('/');

  await test.step('the admin adds a sales account without a password and reads its temporary password once', async () => {
    const entries = await userMenuEntries(page);
    expect(entries).toEqual([
      'Administrator',
      'Platform',
      'Users',
      'Audit log',
      'Sent mail',
      'Approvals',
      'Company settings',
      'Change password',
      'Logout',
    ]);
    const temporary = await addStaffUser(page, sales);
    const row = bodyRows(page, 'Users').filter({ hasText: sales.username });
    await expect(row).toContainText(sales.name);
    await expect(row).toContainText('Sales');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
    await signOut(page);
    await signInReplacingTemporaryPassword(page, sales.username, temporary, sales.password);
  });

  await test.step('the sales user deletes nothing, has no Users or Audit log, and creates an invoice', async () => {
    expect(await userMenuEntries(page)).toEqual([sales.name, 'Platform', 'Change password', 'Logout']);
    await page.goto('/users');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
    await page.goto('/audit-log');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();

    await page.goto('/invoices');
    await searchFor(page, 'Invoices', invoice.invoiceNumber, 1);
    await expect(
      bodyRows(page, 'Invoices').getByRole('button', { name: `Edit ${invoice.invoiceNumber}` }),
    ).toBeVisible();
    await expect(buttonsStartingWith(page, ['Delete'])).toHaveCount(0);

    await page.goto('/payments');
    await searchFor(page, 'Payments', `${label}-ADV`, 1);
    await expect(page.getByRole('button', { name: 'Pay Invoice' })).toBeVisible();
    await expect(buttonsStartingWith(page, ['Delete'])).toHaveCount(0);

    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Add Invoice' }).click();
    const add = dialog(page, 'Add New Invoice');
    await choose(add, customerBox(add), label, `${label} Acme`);
    await fillLine(add, 1, `${label} Widget`, 3);
    await add.getByLabel('Reference #').fill(`${label}-SALES`);
    await add.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Invoice created successfully');
    await searchFor(page, 'Invoices', `${label}-SALES`, 1);
    await signOut(page);
  });

  let salesInvoice = '';
  await test.step('the admin adds a viewer, who sees no Add buttons', async () => {
    await signIn(page);
    const temporary = await addStaffUser(page, viewer);
    await signOut(page);
    await signInReplacingTemporaryPassword(page, viewer.username, temporary, viewer.password);

    const addButtons = ['Add', 'Pay Invoice'];
    await page.goto('/customers');
    await searchFor(page, 'Customers', `${label} Acme`, 1);
    await expect(buttonsStartingWith(page, addButtons)).toHaveCount(0);
    await page.goto('/invoices');
    await searchFor(page, 'Invoices', `${label}-SALES`, 1);
    salesInvoice = (await bodyRows(page, 'Invoices').first().getByRole('cell').first().textContent())!.trim();
    expect(salesInvoice).toMatch(/^INV-\d{6,}$/);
    await expect(buttonsStartingWith(page, addButtons)).toHaveCount(0);
    await page.goto('/payments');
    await searchFor(page, 'Payments', `${label}-ADV`, 1);
    await expect(buttonsStartingWith(page, addButtons)).toHaveCount(0);
    await signOut(page);
  });

  await test.step("the admin's audit log shows the sales user's invoice with its fields", async () => {
    await signIn(page);
    await chooseFromUserMenu(page, 'Audit log');
    await page.waitForURL((url) => url.pathname === '/audit-log');
    await expectTitle(page, 'Audit log');
    await page.getByRole('textbox', { name: 'User', exact: true }).fill(sales.username);
    await expect(page).toHaveURL(new RegExp(`[?&]actor=${sales.username}`));
    const created = auditEntries(page).filter({ hasText: `Created · Invoice ${salesInvoice}` });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText(`by ${sales.username}`);
    await created.getByRole('button', { name: /^Changes/ }).click();
    await expect(created.getByText('Reference #', { exact: true })).toBeVisible();
    await expect(created.getByText(`${label}-SALES`, { exact: true })).toBeVisible();
    await expect(created.getByText('4.500 KD').first()).toBeVisible();
    // The sales user's own password change is there too, under their name.
    await expect(auditEntries(page).filter({ hasText: 'Changed the password' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByText(/^Chain intact: \d+ entries checked$/)).toBeVisible();
  });

  await test.step('a payment the admin deletes keeps its history in the audit log', async () => {
    await page.goto('/payments');
    const { row, number } = await paymentRow(page, `${label}-ADV`);
    await row.getByRole('button', { name: `Delete ${number}`, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Payment deleted successfully');
    await expect(bodyRows(page, 'Payments')).toHaveText(['No payments found']);

    await page.goto('/audit-log');
    await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'Payment' });
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Deleted' });
    await expect(page).toHaveURL(/entityType=payment/);
    await expect(page).toHaveURL(/action=delete/);
    const deleted = auditEntries(page).filter({ hasText: `Deleted · Payment ${number}` });
    await expect(deleted).toHaveCount(1);
    await expect(deleted).toContainText(`by ${ADMIN_USERNAME}`);
    await deleted.getByRole('button', { name: /^Changes/ }).click();
    await expect(deleted.getByText(`${label}-ADV`, { exact: true })).toBeVisible();
    await expect(deleted.getByText('2.500 KD').first()).toBeVisible();
    await expect(deleted.getByText(`${label} Acme`).first()).toBeVisible();
  });
});

// Payments and customer balances driven as staff would, against the real API and database:
// an advance, two invoices paid with the advance and the rest in Knet, and a delete that restores everything.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { rowOf, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { activeTab, chooseCustomer, makeInvoice, paymentRow, unpaidRow, type MadeInvoice } from '../support/payments';
import { businessToday, shownDay } from '../support/days';
import { salesFixtures } from '../support/sales';

async function expectInvoiceStatus(page: Page, invoice: MadeInvoice, status: string) {
  await page.goto('/invoices');
  await expectTitle(page, 'Invoices');
  await searchFor(page, 'Invoices', invoice.invoiceNumber, 1);
  await expect(rowOf(page, 'Invoices', invoice.invoiceNumber)).toContainText(status);
}

/** The customer's row on Customer Balances: advance balance, total due and net balance. */
async function expectBalanceRow(page: Page, customerName: string, advance: string, due: string, net: string) {
  await page.goto('/customer-balances');
  await expectTitle(page, 'Customer Balances');
  await searchFor(page, 'Customer Balances', customerName, 1);
  const row = rowOf(page, 'Customer Balances', customerName);
  await expect(row.getByRole('cell').nth(2)).toHaveText(advance);
  await expect(row.getByRole('cell').nth(3)).toHaveText(due);
  await expect(row.getByRole('cell').nth(4)).toHaveText(net);
  return row;
}

test('validation messages, the empty list text, and a customer with nothing to pay', async ({ page, api }) => {
  const label = unique('PayV');
  const { customers } = await salesFixtures(api, label, ['Idle'], []);
  await page.goto('/payments');
  await expectTitle(page, 'Payments');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${label} nothing`);
  await expect(page.getByText('No payments found', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Advance Payment' }).click();
  const add = dialog(page, 'Add New Payment');
  let tab = activeTab(add);
  await expect(add.getByRole('tab', { name: 'Advance Payment' })).toHaveAttribute('aria-selected', 'true');
  await expect(tab.getByLabel('Payment Mode')).toHaveValue('Cash');
  await expect(tab.getByLabel('Payment Date')).toHaveValue(shownDay(businessToday()));
  await expectRefusals(tab, 'Create', ['Customer is required', 'Amount is required']);
  await tab.getByLabel('Amount (KD)').fill('0');
  await expectRefusals(tab, 'Create', ['Amount must be greater than 0']);

  await add.getByRole('tab', { name: 'Invoice Payment' }).click();
  tab = activeTab(add);
  await chooseCustomer(tab, customers[0].customerName);
  await expect(tab.getByText('No unpaid invoices found for this customer', { exact: true })).toBeVisible();
  await expectRefusals(tab, 'Create', ['Please select at least one invoice to pay']);
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
});

test('an advance, then two invoices paid with the advance and the rest in Knet; deleting that payment restores everything', async ({
  page,
  api,
}) => {
  // The whole ledger story in one test: about 40 s on an idle two-core machine.
  test.setTimeout(180_000);
  const label = unique('Pay');
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Service', 5_000]]);
  const customer = customers[0].customerName;
  const invoiceA = await makeInvoice(api, customers[0], products[0], 2); // 10.000 KD
  const invoiceB = await makeInvoice(api, customers[0], products[0], 1); // 5.000 KD
  const today = shownDay(businessToday());

  // An advance of 4.000 KD in cash.
  await page.goto('/payments');
  await expectTitle(page, 'Payments');
  await page.getByRole('button', { name: 'Add Advance Payment' }).click();
  const add = dialog(page, 'Add New Payment');
  let tab = activeTab(add);
  await chooseCustomer(tab, customer);
  await tab.getByLabel('Amount (KD)').fill('4');
  await tab.getByLabel('Reference Number').fill(`${label}-ADV`);
  await tab.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Advance payment created successfully');
  await expect(add).toBeHidden();
  const advance = await paymentRow(page, `${label}-ADV`);
  await expect(advance.row).toContainText(customer);
  await expect(advance.row).toContainText('Advance');
  await expect(advance.row).toContainText('Cash');
  await expect(advance.row).toContainText('4.000 KD');
  await expect(advance.row).toContainText(today);
  await expectBalanceRow(page, customer, '4.000 KD', '15.000 KD', '-11.000 KD');

  // 7.000 of invoice A and all 5.000 of invoice B: 4.000 from the advance, 8.000 in Knet.
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const pay = dialog(page, 'Add New Payment');
  await expect(pay.getByRole('tab', { name: 'Invoice Payment' })).toHaveAttribute('aria-selected', 'true');
  tab = activeTab(pay);
  await chooseCustomer(tab, customer);
  await expect(unpaidRow(tab, invoiceA.invoiceNumber)).toContainText('10.000 KD');
  await expect(unpaidRow(tab, invoiceB.invoiceNumber)).toContainText('5.000 KD');
  await tab.getByRole('checkbox', { name: `Pay ${invoiceA.invoiceNumber}` }).check();
  await tab.getByRole('checkbox', { name: `Pay ${invoiceB.invoiceNumber}` }).check();
  const amountA = tab.getByRole('textbox', { name: `Amount for ${invoiceA.invoiceNumber}` });
  await expect(amountA).toHaveValue('10.000');
  await amountA.fill('7');
  await tab.getByText('Use Advance Balance (4.000 KD available)').click();
  await tab.getByLabel('Payment Mode').selectOption('Knet');
  await tab.getByLabel('Reference Number').fill(`${label}-INV`);
  const breakdown = tab.getByRole('region', { name: 'Payment breakdown' });
  await expect(breakdown).toContainText('Total12.000 KD');
  await expect(breakdown).toContainText('Advance used4.000 KD');
  await expect(breakdown).toContainText('Paid in Knet8.000 KD');
  await expect(breakdown).not.toContainText('Full payment will be covered by advance balance');
  await tab.getByRole('button', { name: 'Create' }).click();
  await expectToast(
    page,
    'Invoice payment processed successfully. Invoices settled 12.000 KD: 4.000 KD from advance, 8.000 KD by Knet',
  );
  await expect(pay).toBeHidden();
  const payment = await paymentRow(page, `${label}-INV`);
  await expect(payment.row).toContainText('Invoice Payment');
  await expect(payment.row).toContainText('Knet 8.000 + Advance 4.000');
  await expect(payment.row).toContainText('12.000 KD');

  // The invoices: A is still unpaid with 3.000 left, B is paid and no longer offered.
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  tab = activeTab(dialog(page, 'Add New Payment'));
  await chooseCustomer(tab, customer);
  await expect(unpaidRow(tab, invoiceA.invoiceNumber)).toContainText('3.000 KD');
  await expect(unpaidRow(tab, invoiceB.invoiceNumber)).toHaveCount(0);
  // No advance left to offer.
  await expect(tab.getByText(/Use Advance Balance/)).toHaveCount(0);
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expectInvoiceStatus(page, invoiceA, 'Unpaid');
  await expectInvoiceStatus(page, invoiceB, 'Paid');

  // The customer's balance row and details.
  const row = await expectBalanceRow(page, customer, '0.000 KD', '3.000 KD', '-3.000 KD');
  await expect(row).toContainText(today);
  await row.getByRole('button', { name: `Details ${customer}` }).click();
  const details = dialog(page, `${customer} - Balance Details`);
  await expect(details).toContainText('Advance Balance0.000 KD');
  await expect(details).toContainText('Total Due3.000 KD');
  await expect(details).toContainText('Net Balance-3.000 KD');
  const paymentSummary = details.getByRole('region', { name: 'Payment Summary' });
  await expect(paymentSummary.getByRole('row', { name: 'Advance 1 4.000 KD' })).toBeVisible();
  await expect(paymentSummary.getByRole('row', { name: 'Invoice Payment 1 12.000 KD' })).toBeVisible();
  const invoiceSummary = details.getByRole('region', { name: 'Invoice Summary' });
  await expect(invoiceSummary.getByRole('row', { name: 'Paid 1 5.000 KD' })).toBeVisible();
  await expect(invoiceSummary.getByRole('row', { name: 'Unpaid 1 10.000 KD' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Refund Advance' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close', exact: true }).first().click();

  // Deleting the invoice payment gives back the advance and reopens both invoices.
  await page.goto('/payments');
  await paymentRow(page, `${label}-INV`);
  await deleteRow(page, payment.number);
  await expectToast(page, 'Payment deleted successfully');
  await expect(page.getByText('No payments found', { exact: true })).toBeVisible();

  await expectBalanceRow(page, customer, '4.000 KD', '15.000 KD', '-11.000 KD');
  await expectInvoiceStatus(page, invoiceA, 'Unpaid');
  await expectInvoiceStatus(page, invoiceB, 'Unpaid');
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  tab = activeTab(dialog(page, 'Add New Payment'));
  await chooseCustomer(tab, customer);
  await expect(unpaidRow(tab, invoiceA.invoiceNumber)).toContainText('10.000 KD');
  await expect(unpaidRow(tab, invoiceB.invoiceNumber)).toContainText('5.000 KD');
  await expect(tab.getByText('Use Advance Balance (4.000 KD available)')).toBeVisible();
});

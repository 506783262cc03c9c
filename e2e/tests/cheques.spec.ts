// The cheque register driven as an accountant would, against the real API and database: a
// post-dated cheque that posts nothing until it clears, and a cheque paid at once that bounces.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { expectTitle, menuLink, openGroup } from '../support/shell';
import { bodyRows, rowOf, searchFor } from '../support/lists';
import { dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { chooseCustomer, makeInvoice, type MadeInvoice } from '../support/payments';
import { addDays, businessToday, shownDay } from '../support/days';
import { salesFixtures } from '../support/sales';

async function expectInvoiceStatus(page: Page, invoice: MadeInvoice, status: string) {
  await page.goto('/invoices');
  await expectTitle(page, 'Invoices');
  await searchFor(page, 'Invoices', invoice.invoiceNumber, 1);
  await expect(rowOf(page, 'Invoices', invoice.invoiceNumber)).toContainText(status);
}

async function openCheques(page: Page, search: string) {
  await page.goto('/');
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Cheques').click();
  await expectTitle(page, 'Cheques');
  await searchFor(page, 'Cheques', search);
}

/** Records a cheque through the dialog, meant for `invoice`. */
async function recordCheque(
  page: Page,
  cheque: { customer: string; number: string; amount: string; chequeDate: string; invoice: MadeInvoice },
) {
  await page.getByRole('button', { name: 'Record Cheque' }).click();
  const record = dialog(page, 'Record Cheque');
  await expectRefusals(record, 'Record', ['Customer is required', 'Cheque number is required', 'Bank is required']);
  await chooseCustomer(record, cheque.customer);
  await record.getByLabel('Cheque Number').fill(cheque.number);
  await record.getByLabel('Bank').selectOption({ label: 'National Bank of Kuwait' });
  await record.getByLabel('Amount (KD)').fill(cheque.amount);
  await record.getByLabel('Received Date').fill(shownDay(businessToday()));
  await record.getByLabel('Cheque Date').fill(shownDay(cheque.chequeDate));
  await record.getByRole('checkbox', { name: `Meant for invoice ${cheque.invoice.invoiceNumber}` }).check();
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(record).toBeHidden();
}

/** Takes a cheque's step through its confirm dialog. */
async function step(page: Page, number: string, name: string, fill: Record<string, string> = {}) {
  await page.getByRole('button', { name: `${name} cheque ${number}` }).click();
  const confirm = dialog(page, `${name} cheque ${number}`);
  for (const [label, value] of Object.entries(fill)) await confirm.getByLabel(label).fill(value);
  await confirm.getByRole('button', { name, exact: true }).click();
  await expect(confirm).toBeHidden();
}

test('a post-dated cheque posts nothing until it clears; a cheque that bounces makes its invoice due again and bills the charge', async ({
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const label = unique('Chq');
  const { customers, products } = await salesFixtures(api, label, ['Ghanim'], [['Cement', 30_000]]);
  const customer = customers[0].customerName;
  const [covered, bounced] = [
    await makeInvoice(api, customers[0], products[0], 2),
    await makeInvoice(api, customers[0], products[0], 1),
  ];
  const pdcDate = addDays(businessToday(), 30);
  const pdc = `${label.slice(-6)}1`;
  const current = `${label.slice(-6)}2`;

  // A post-dated cheque for the first invoice: recorded in hand, marked PDC, the invoice still due.
  await openCheques(page, label);
  await recordCheque(page, {
    customer,
    number: pdc,
    amount: '60',
    chequeDate: addDays(businessToday(), 30),
    invoice: covered,
  });
  await expectToast(page, `Post-dated cheque ${pdc} recorded: nothing is posted until it clears`);
  let row = rowOf(page, 'Cheques', pdc);
  await expect(row).toContainText('PDC');
  await expect(row).toContainText('In hand');
  await expect(row).toContainText('60.000 KD');
  await expectInvoiceStatus(page, covered, 'Unpaid');
  await expect(rowOf(page, 'Invoices', covered.invoiceNumber)).toContainText(
    `Covered by cheque ${pdc} due ${shownDay(pdcDate)}`,
  );

  // Deposited on its date, then cleared: the invoice is paid.
  await openCheques(page, label);
  await step(page, pdc, 'Deposit', { Date: shownDay(pdcDate) });
  await expect(rowOf(page, 'Cheques', pdc)).toContainText('Deposited');
  await step(page, pdc, 'Clear', { Date: shownDay(pdcDate) });
  await expect(rowOf(page, 'Cheques', pdc)).toContainText('Cleared');
  await expectInvoiceStatus(page, covered, 'Paid');

  // A cheque dated today posts at once and pays the second invoice; its bounce makes it due again.
  await openCheques(page, label);
  await recordCheque(page, { customer, number: current, amount: '30', chequeDate: businessToday(), invoice: bounced });
  await expectToast(page, `Cheque ${current} recorded and posted`);
  await expectInvoiceStatus(page, bounced, 'Paid');
  await openCheques(page, label);
  await step(page, current, 'Deposit');
  await step(page, current, 'Bounce', { Reason: 'Insufficient funds', 'Bank Charge (KD)': '5' });
  row = rowOf(page, 'Cheques', current);
  await expect(row).toContainText('Bounced');
  await expectInvoiceStatus(page, bounced, 'Unpaid');

  // The bank's charge is an invoice of the customer's, and the customer is now High.
  await page.goto('/invoices');
  await searchFor(page, 'Invoices', customer);
  await expect(bodyRows(page, 'Invoices').filter({ hasText: '5.000 KD' })).toHaveCount(1);
  await page.goto('/customers');
  await searchFor(page, 'Customers', customer, 1);
  await expect(rowOf(page, 'Customers', customer)).toContainText('High');
});

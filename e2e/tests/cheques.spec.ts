// The cheque register driven as an accountant would, against the real API and database: a
// post-dated cheque that posts nothing until it clears, and a cheque paid at once that bounces.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { expectTitle, menuLink, openGroup } from '../support/shell';
import { bodyRows, rowOf, searchFor } from '../support/lists';
import { dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { activeTab, chooseCustomer, makeInvoice, type MadeInvoice } from '../support/payments';
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

  // The cleared cheque's receipt, printed in Arabic: the cheque, and the amount in words.
  await rowOf(page, 'Cheques', pdc)
    .getByRole('link', { name: /^Receipt RCT-/ })
    .click();
  const receipt = page.getByRole('article', { name: /^Receipt RCT-/ });
  await expect(receipt).toContainText('Sixty Kuwaiti dinars');
  await expect(receipt).toContainText(pdc);
  await page.getByRole('group', { name: 'Print language' }).getByRole('button', { name: 'العربية' }).click();
  const arabic = page.getByRole('article', { name: /^سند قبض RCT-/ });
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic).toContainText('ستون دينارًا كويتيًا');
  await expect(arabic).toContainText(pdc);
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

  // The statement shows the cheque's payment and, on the day it bounced, the entry taking it back.
  await page.goto(`/receivables-aging/statement/${customers[0]._id}`);
  const lines = page
    .getByRole('article', { name: `Statement of ${customer}` })
    .getByRole('table', { name: 'Statement lines' });
  await expect(lines.getByRole('row').filter({ hasText: `Payment for ${bounced.invoiceNumber}` })).toHaveCount(2);
  await expect(
    lines.getByRole('row').filter({ hasText: `Payment for ${bounced.invoiceNumber} taken back: returned cheque` }),
  ).toContainText('30.000 KD');
});

/** The first Sunday at least `days` days from today: a cheque date whose business eve is a Thursday. */
function sundayFrom(days: number): string {
  let day = addDays(businessToday(), days);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
  return day;
}

test("three post-dated cheques: each goes in 'Cheques to deposit' from the business day before its date, a Thursday for a Sunday", async ({
  page,
  api,
}) => {
  const label = unique('Pdc');
  const { customers } = await salesFixtures(api, label, ['Mutawa'], []);
  const { data: banks } = await api.get<{ data: { _id: string }[] }>('/banks?search=Gulf');
  const dates = [sundayFrom(30), sundayFrom(58), sundayFrom(86)];
  const numbers = dates.map((_, i) => `${label.slice(-6)}${i + 1}`);
  for (const [i, chequeDate] of dates.entries()) {
    await api.create('/cheques', {
      customer: customers[0]._id,
      chequeNumber: numbers[i],
      bank: banks[0]!._id,
      chequeDate,
      amount: 10_000 * (i + 1),
      receivedDate: businessToday(),
    });
  }

  await openCheques(page, label);
  await expect(bodyRows(page, 'Cheques')).toHaveCount(3);
  const asOf = page.getByLabel('As of');
  const card = page.getByRole('main').getByRole('region', { name: 'Cheques to deposit' });
  const planned = page.getByRole('table', { name: 'Cheques to deposit' });
  for (const [i, chequeDate] of dates.entries()) {
    // On the Wednesday before, the next business day is Thursday: not yet.
    await asOf.fill(shownDay(addDays(chequeDate, -4)));
    await expect(card).toContainText(`dated up to ${shownDay(addDays(chequeDate, -3))}`);
    await expect(planned.getByRole('row').filter({ hasText: numbers[i] })).toHaveCount(0);
    // On the Thursday, Friday and Saturday are the weekend: the Sunday's cheque goes to the bank next.
    await asOf.fill(shownDay(addDays(chequeDate, -3)));
    await expect(card).toContainText(`dated up to ${shownDay(chequeDate)}`);
    await expect(planned.getByRole('row').filter({ hasText: numbers[i] })).toContainText(shownDay(chequeDate));
    // The later cheques wait for their own dates.
    for (const later of numbers.slice(i + 1)) {
      await expect(planned.getByRole('row').filter({ hasText: later })).toHaveCount(0);
    }
  }
});

test('an invoice paid by cheque at the counter: the cheque enters the register in hand, posted', async ({
  page,
  api,
}) => {
  const label = unique('Ctr');
  const { customers, products } = await salesFixtures(api, label, ['Counter'], [['Steel', 20_000]]);
  const customer = customers[0].customerName;
  const invoice = await makeInvoice(api, customers[0], products[0], 1);
  const number = `${label.slice(-6)}9`;

  await page.goto('/payments');
  await expectTitle(page, 'Payments');
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const pay = dialog(page, 'Add New Payment');
  const tab = activeTab(pay);
  await chooseCustomer(tab, customer);
  await tab.getByRole('checkbox', { name: `Pay ${invoice.invoiceNumber}` }).check();
  await tab.getByLabel('Payment Mode').selectOption('Check');
  await expectRefusals(tab, 'Create', ['Cheque number is required', 'Bank is required']);
  await tab.getByLabel('Cheque Number').fill(number);
  await tab.getByLabel('Bank').selectOption({ label: 'Gulf Bank' });
  await tab.getByLabel('Cheque Date').fill(shownDay(addDays(businessToday(), 10)));
  await expectRefusals(tab, 'Create', ['A post-dated cheque is recorded on the Cheques page']);
  await tab.getByLabel('Cheque Date').fill(shownDay(businessToday()));
  await tab.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Invoice payment processed successfully');
  await expect(pay).toBeHidden();
  await expectInvoiceStatus(page, invoice, 'Paid');

  await openCheques(page, number);
  const row = rowOf(page, 'Cheques', number);
  await expect(row).toContainText('In hand');
  await expect(row).toContainText('Gulf Bank');
  await expect(row).toContainText('20.000 KD');
  await expect(row).not.toContainText('PDC');
});

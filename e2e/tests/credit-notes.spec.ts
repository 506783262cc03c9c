// Correct, never delete: an invoice is corrected by a credit note (part of it, all of it, or what
// it still owes), from its row on the invoices list, and the credit note is listed and printed.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { dialog, expectToast } from '../support/dialogs';
import { rowOf, searchFor } from '../support/lists';
import { signInWithApi, type MastersApi } from '../support/masters';
import { makeInvoice, type MadeInvoice } from '../support/payments';
import { salesFixtures } from '../support/sales';
import { businessToday } from '../support/days';

const INVOICES = 'Invoices';

/** Pays `amount` fils of the invoice by Knet, as the counter would. */
const pay = (api: MastersApi, customer: string, invoice: MadeInvoice, amount: number) =>
  api.create('/payments/invoice', {
    customer,
    paymentDate: `${businessToday()}T00:00:00.000Z`,
    paymentMode: 'Knet',
    relatedInvoices: [{ invoice: invoice._id, paidAmount: amount }],
  });

const advanceOf = async (api: MastersApi, customer: string) =>
  (await api.get<{ data: { advanceBalance: number } }>(`/payments/customer/${customer}/balance`)).data.advanceBalance;

/** The number of the (newest) credit note issued on the invoice. */
async function creditNoteOf(api: MastersApi, invoice: MadeInvoice): Promise<string> {
  let number = '';
  await expect
    .poll(async () => {
      const notes = await api.get<{ data: { creditNoteNumber: string }[] }>(`/credit-notes?invoice=${invoice._id}`);
      number = notes.data[0]?.creditNoteNumber ?? '';
      return number;
    })
    .toMatch(/^CN-\d{6}$/);
  return number;
}

/** The invoice's row on the invoices list, found by its number. */
async function invoiceRow(page: Page, invoice: MadeInvoice) {
  await page.goto('/invoices');
  await searchFor(page, INVOICES, invoice.invoiceNumber, 1);
  return rowOf(page, INVOICES, invoice.invoiceNumber);
}

/** Opens one of the row's corrections ('Cancel invoice INV-000042'). */
async function correct(page: Page, invoice: MadeInvoice, entry: string) {
  const row = await invoiceRow(page, invoice);
  await row.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: `${entry} ${invoice.invoiceNumber}` }).click();
}

test('a returned item of a paid invoice: a credit note, printed in Arabic, that goes to the advance balance, refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request);
  const label = `CN${Date.now().toString(36)}`;
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Router', 10_000]]);
  const customer = customers[0]._id;
  const invoice = await makeInvoice(api, customers[0], products[0], 3); // 30.000 KD
  await pay(api, customer, invoice, 30_000);
  expect(await advanceOf(api, customer)).toBe(0);

  await correct(page, invoice, 'Issue credit note for');
  const issue = dialog(page, `Issue Credit Note for ${invoice.invoiceNumber}`);
  await issue.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Return' });
  await issue.getByLabel(`Quantity to credit of ${label} Router`).fill('1');
  await expect(issue).toContainText('10.000 KD');
  await issue.getByRole('button', { name: 'Issue', exact: true }).click();
  const number = await creditNoteOf(api, invoice);
  await expectToast(page, `Credit note ${number} issued on ${invoice.invoiceNumber}`);
  await expect(issue).toBeHidden();

  // Already paid, the 10.000 KD went to the customer's advance balance, and the refund pays it out.
  expect(await advanceOf(api, customer)).toBe(10_000);
  await api.create('/payments/refund', {
    customer,
    paymentDate: `${businessToday()}T00:00:00.000Z`,
    paymentMode: 'Cash',
    amount: 10_000,
  });
  expect(await advanceOf(api, customer)).toBe(0);

  // Listed on the Credit Notes page, and printed in the customer's Arabic when asked.
  await page.getByRole('navigation').getByRole('link', { name: 'Credit Notes' }).click();
  await searchFor(page, 'Credit Notes', invoice.invoiceNumber, 1);
  const row = rowOf(page, 'Credit Notes', invoice.invoiceNumber);
  await expect(row).toContainText('Return');
  await expect(row).toContainText('10.000 KD');
  await expect(row.getByRole('cell').first()).toHaveText(number);
  await expect(row.getByRole('button', { name: /delete|edit/i })).toHaveCount(0);
  await row.getByRole('link', { name: `Print ${number}` }).click();
  await page.getByRole('button', { name: 'العربية' }).click();
  const sheet = page.getByRole('article', { name: `إشعار دائن ${number}` });
  await expect(sheet).toHaveAttribute('dir', 'rtl');
  await expect(sheet).toContainText(invoice.invoiceNumber);
  await expect(sheet).toContainText('عشرة دنانير كويتية');
});

test('cancelling an unpaid invoice and writing off 5 fils: each a credit note, the invoice kept and readable', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request);
  const label = `CX${Date.now().toString(36)}`;
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Cable', 76_535]]);
  const unpaid = await makeInvoice(api, customers[0], products[0], 1);
  const almost = await makeInvoice(api, customers[0], products[0], 1);
  await pay(api, customers[0]._id, almost, 60_000);
  await pay(api, customers[0]._id, almost, 16_530);

  await correct(page, unpaid, 'Cancel invoice');
  const cancel = dialog(page, `Cancel invoice ${unpaid.invoiceNumber}`);
  await cancel.getByLabel('Reason (why)').fill('Ordered twice');
  await cancel.getByRole('button', { name: 'Cancel invoice' }).click();
  await expectToast(
    page,
    `Invoice ${unpaid.invoiceNumber} cancelled by credit note ${await creditNoteOf(api, unpaid)}`,
  );
  await expect(rowOf(page, INVOICES, unpaid.invoiceNumber)).toContainText('Cancelled');
  await expect(rowOf(page, INVOICES, unpaid.invoiceNumber).getByRole('button', { name: /^Correct/ })).toHaveCount(0);

  // 76.530 of 76.535 paid in two payments: Partly paid, until the 5 fils are written off.
  const row = await invoiceRow(page, almost);
  await expect(row).toContainText('Partly paid');
  await expect(row).toContainText('76.530 KD');
  await expect(row).toContainText('0.005 KD');
  // Its print lists the two payments that made the 76.530 KD.
  await page.goto(`/invoices/${almost._id}/print?print=en`);
  const payments = page
    .getByRole('article', { name: `Invoice ${almost.invoiceNumber}` })
    .getByRole('table', { name: 'Payments on this invoice' });
  await expect(payments.locator('tbody').getByRole('row')).toHaveCount(2);
  await expect(payments).toContainText('60.000 KD');
  await expect(payments).toContainText('16.530 KD');
  await correct(page, almost, 'Write off remaining of');
  const writeOff = dialog(page, `Write off remaining of ${almost.invoiceNumber}`);
  await expect(writeOff).toContainText('0.005 KD');
  await writeOff.getByLabel('Reason (why)').fill('Rounding at the counter');
  await writeOff.getByRole('button', { name: 'Write off' }).click();
  await expectToast(page, `${almost.invoiceNumber} written off by credit note ${await creditNoteOf(api, almost)}`);
  const settled = rowOf(page, INVOICES, almost.invoiceNumber);
  await expect(settled).toContainText('Paid');
  await expect(settled).not.toContainText('Partly paid');
});

test('a wrong credit note is corrected by a debit note: an invoice linked to it, never an edit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request);
  const label = `DN${Date.now().toString(36)}`;
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Desk', 25_000]]);
  const invoice = await makeInvoice(api, customers[0], products[0], 2);
  await api.create('/credit-notes', {
    invoice: invoice._id,
    date: `${businessToday()}T00:00:00.000Z`,
    reason: 'return',
    lines: [{ product: products[0]._id, quantity: 1 }],
  });
  const creditNote = await creditNoteOf(api, invoice);

  await page.goto('/credit-notes');
  await searchFor(page, 'Credit Notes', invoice.invoiceNumber, 1);
  await rowOf(page, 'Credit Notes', invoice.invoiceNumber)
    .getByRole('button', { name: `Correct ${creditNote} with a debit note` })
    .click();
  const debit = dialog(page, `Debit Note for ${creditNote}`);
  await expect(debit).toContainText(`Debit note correcting credit note ${creditNote}.`);
  await expect(debit.getByRole('combobox', { name: /^Customer/ })).toHaveValue(customers[0].customerName);
  await expect(debit.getByLabel('Total Amount (KD)')).toHaveValue('25.000');
  await debit.getByRole('button', { name: 'Create' }).click();
  await expect(debit).toBeHidden();
  const debitNotes = await api.get<{ data: { invoiceNumber: string; _id: string }[] }>(
    `/invoices?customer=${customers[0]._id}&sort=invoiceNumber&order=desc`,
  );
  const debitNote = debitNotes.data[0]!;
  await expectToast(page, `Debit note ${debitNote.invoiceNumber} issued for ${creditNote}`);
  await expect(rowOf(page, 'Credit Notes', invoice.invoiceNumber)).toContainText(
    `Corrected by ${debitNote.invoiceNumber}`,
  );

  // On the invoices list and on paper it says what it is and what it corrects.
  await page.goto('/invoices');
  await searchFor(page, INVOICES, debitNote.invoiceNumber, 1);
  await expect(rowOf(page, INVOICES, debitNote.invoiceNumber)).toContainText(`Debit note for ${creditNote}`);
  await page.goto(`/invoices/${debitNote._id}/print?print=en`);
  const sheet = page.getByRole('article', { name: `Invoice ${debitNote.invoiceNumber}` });
  await expect(sheet).toContainText('Debit Note');
  await expect(sheet).toContainText(new RegExp(`Corrects credit note\\s*${creditNote}`));
});

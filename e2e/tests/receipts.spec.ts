// A payment's receipt as staff print it: an invoice paid partly from the advance and the rest by
// Knet (recorded through the API), its receipt opened from the payments list by keyboard, with
// both parts, the invoice and what it still owes, the amount in words; then in Arabic, right to
// left, and on a phone.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { unique } from '../support/masters';
import { makeInvoice, paymentRow } from '../support/payments';
import { salesFixtures } from '../support/sales';
import { expectNoSeriousViolations } from '../support/screens';
import { keepScreenshot } from '../support/arabic';

test('an invoice paid by advance and Knet prints a receipt with both parts, what the invoice still owes and the amount in words', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(120_000);
  const label = unique('Rct');
  const { customers, products } = await salesFixtures(api, label, ['Ghanim'], [['Cement', 40_000]]);
  const [customer] = customers;
  // Searched for in the list: the customer's name holds the label, so the advance would match it too.
  const reference = `KNET-${label.split(' ')[1]}`;
  const invoice = await makeInvoice(api, customer, products[0], 2);
  await api.create('/payments/advance', {
    customer: customer._id,
    paymentDate: '2026-11-21T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 45_000,
  });
  await api.create('/payments/invoice', {
    customer: customer._id,
    paymentDate: '2026-11-21T00:00:00.000Z',
    paymentMode: 'Knet',
    referenceNumber: reference,
    relatedInvoices: [{ invoice: invoice._id, paidAmount: 60_250 }],
    useAdvanceBalance: true,
  });

  await page.goto('/payments');
  await expectTitle(page, 'Payments');
  const { row, number } = await paymentRow(page, reference);
  const receiptNumber = number.replace('PAY-', 'RCT-');
  const link = row.getByRole('link', { name: `Receipt ${receiptNumber}` });
  await link.focus();
  await page.keyboard.press('Enter');

  const sheet = page.getByRole('article', { name: `Receipt ${receiptNumber}` });
  await expect(sheet).toHaveAttribute('dir', 'ltr');
  await expect(sheet).toContainText('Receipt Voucher');
  await expect(sheet).toContainText(customer.customerName);
  const parts = sheet.getByLabel('Paid by');
  await expect(parts).toContainText('Knet15.250 KD');
  await expect(parts).toContainText('From advance balance45.000 KD');
  await expect(parts).toContainText('Total60.250 KD');
  await expect(sheet.getByRole('table', { name: 'Invoices settled' }).getByRole('row').nth(1)).toHaveText(
    `${invoice.invoiceNumber}80.000 KD60.250 KD19.750 KD`,
  );
  await expect(sheet).toContainText('Sixty Kuwaiti dinars and two hundred fifty fils');
  await keepScreenshot(page, testInfo, 'receipt in English');
  await expectNoSeriousViolations(page, 'receipt', testInfo);

  await page.getByRole('group', { name: 'Print language' }).getByRole('button', { name: 'العربية' }).click();
  const arabic = page.getByRole('article', { name: `سند قبض ${receiptNumber}` });
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic).toContainText('ستون دينارًا كويتيًا ومائتان وخمسون فلسًا');
  await expect(arabic.getByLabel('طريقة الدفع')).toContainText('من الرصيد المقدم');
  await expectNoSeriousViolations(page, 'receipt in Arabic', testInfo);

  // On a phone the sheet fits the screen: nothing scrolls sideways but the invoices' own table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(arabic).toBeVisible();
  // Measured once the shell has laid itself out for the phone (its drawer leaves the side on a re-render).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'receipt in Arabic on a phone');
});

// The PDFs the API makes of the documents customers receive, read back as a customer's mail
// program would show them: their text extracted by poppler's pdftotext (Arabic shaped by the
// browser extracts as words, not isolated letters) and their first page drawn to a PNG kept with
// the test's results.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { customerLookups, makeCustomer, signInWithApi, unique, type MastersApi } from '../support/masters';
import { addDays, businessToday } from '../support/days';
import { customerWithInvoice } from '../support/sales';

/** The PDF at `path`, kept as a test result, with its text and its first page as a PNG. */
async function fetchPdf(request: APIRequestContext, api: MastersApi, path: string, testInfo: TestInfo, name: string) {
  const response = await request.get(`/api${path}`, { headers: api.headers });
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const file = testInfo.outputPath(`${name}.pdf`);
  fs.writeFileSync(file, await response.body());
  await testInfo.attach(`${name}.pdf`, { path: file, contentType: 'application/pdf' });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  await testInfo.attach(`${name} page 1`, { path: file.replace(/\.pdf$/, '.png'), contentType: 'image/png' });
  return {
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8'),
    disposition: response.headers()['content-disposition'],
  };
}

test('an invoice, its receipt and the statement come as PDFs in the customer’s Arabic, in English and in both', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request);
  const label = unique('PDF');
  const { customer, invoice } = await customerWithInvoice(api, label, {
    customerAlternateName: 'شركة الفجر',
    preferredLanguage: 'ar',
    mobile: '+965 5555 1234',
    email: 'accounts@alfajr.com.kw',
  });

  // The customer prefers Arabic: the invoice is Arabic without asking, its words joined.
  const arabic = await fetchPdf(request, api, `/invoices/${invoice._id}/pdf`, testInfo, 'invoice in Arabic');
  expect(arabic.disposition).toBe(`inline; filename="${invoice.invoiceNumber}.pdf"`);
  expect(arabic.text).toContain(invoice.invoiceNumber);
  expect(arabic.text).toContain('فاتورة');
  expect(arabic.text).toContain('شركة الفجر');
  expect(arabic.text).toContain('+965 5555 1234');
  expect(arabic.text).toContain('1,234.500');
  // The amount in words: 'ألف ومائتان وأربعة وثلاثون دينارًا كويتيًا وخمسمائة فلس'. (A lam-alef
  // ligature extracts with its two letters swapped, so the words checked have none.)
  for (const word of ['ألف', 'ومائتان', 'وأربعة', 'وخمسمائة', 'فلس']) expect(arabic.text).toContain(word);
  // Nothing of the screen around the sheet goes on paper.
  expect(arabic.text).not.toContain('Print');

  const english = await fetchPdf(request, api, `/invoices/${invoice._id}/pdf?lang=en`, testInfo, 'invoice in English');
  expect(english.text).toContain(`${label} Trading`);
  expect(english.text).toContain('1,234.500 KD');
  expect(english.text.replace(/\s+/g, ' ')).toContain(
    'One thousand two hundred thirty-four Kuwaiti dinars and five hundred fils',
  );

  const both = await fetchPdf(request, api, `/invoices/${invoice._id}/pdf?lang=both`, testInfo, 'invoice bilingual');
  expect(both.text).toContain('Invoice');
  expect(both.text).toContain('فاتورة');

  // A payment's receipt, and the statement of the period it falls in.
  const { payment } = await api.create<{ payment: { _id: string; paymentNumber: string } }>('/payments/invoice', {
    customer: customer._id,
    paymentDate: `${businessToday()}T00:00:00.000Z`,
    paymentMode: 'Knet',
    relatedInvoices: [{ invoice: invoice._id, paidAmount: 234_500 }],
  });
  const receipt = await fetchPdf(request, api, `/payments/${payment._id}/receipt.pdf?lang=en`, testInfo, 'receipt');
  expect(receipt.text).toContain('234.500 KD');
  expect(receipt.text.replace(/\s+/g, ' ')).toContain('Two hundred thirty-four Kuwaiti dinars and five hundred fils');

  const statement = await fetchPdf(
    request,
    api,
    `/customers/${customer._id}/statement.pdf?lang=en&to=${businessToday()}`,
    testInfo,
    'statement',
  );
  expect(statement.text).toContain(invoice.invoiceNumber);
  expect(statement.text).toContain(payment.paymentNumber);
  expect(statement.text).toContain('1,000.000 KD');
});

test('‘Copy link’ on a printed invoice gives a link that opens its PDF without signing in; a changed link opens nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await signInWithApi(page, request);
  const label = unique('Link');
  const customer = await makeCustomer(api, await customerLookups(api, label), {
    customerName: `${label} Trading`,
    dateOfCreation: '2026-11-01T00:00:00.000Z',
  });
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const product = await api.create('/products', {
    productName: `${label} Cable`,
    productPrice: 2_500,
    productType: type._id,
  });
  const invoice = await api.create<{ _id: string; invoiceNumber: string }>('/invoices', {
    customer: customer._id,
    dateOfCreation: `${addDays(businessToday(), -7)}T00:00:00.000Z`,
    products: [{ product: product._id, quantity: 2, unitPrice: 2_500 }],
  });

  await page.goto(`/invoices/${invoice._id}/print?print=en`);
  await expect(page.getByRole('article', { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const shown = page.getByRole('textbox', { name: /^Link to the PDF, valid until \d{2}\/\d{2}\/\d{4}$/ });
  await expect(shown).toHaveValue(/\/api\/shared\/[\w-]{43}$/);
  const url = await shown.inputValue();

  // No Authorization header: the link alone opens the PDF, and nothing else.
  const opened = await request.get(url);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  const file = test.info().outputPath('shared.pdf');
  fs.writeFileSync(file, await opened.body());
  expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8')).toContain(invoice.invoiceNumber);
  const changed = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');
  expect((await request.get(changed)).status()).toBe(404);
  expect((await request.get(`/api/invoices/${invoice._id}`)).status()).toBe(401);

  // The sharing is in the invoice's history with the PDF's SHA-256.
  const trail = await api.get<{ data: { action: string; changes: { field: string; after: unknown }[] }[] }>(
    `/audit-log?entityId=${invoice._id}`,
  );
  const shared = trail.data.find((entry) => entry.action === 'share');
  expect(shared?.changes.find((change) => change.field === 'sha256')?.after).toMatch(/^[0-9a-f]{64}$/);
});

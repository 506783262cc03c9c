// Sending documents by e-mail as an admin does it: the mail server set in company settings, an
// invoice and a statement sent from their print screens, both in Sent mail as sent, and what a
// real SMTP server (started here, on a free port) received: each message with its PDF, whose text
// poppler's pdftotext reads back.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../../api/src/test/smtp';
import { expectNoEnglish, expectRightToLeft, useArabic } from '../support/arabic';
import { expectToast } from '../support/dialogs';
import { signInWithApi, unique } from '../support/masters';
import { customerWithInvoice } from '../support/sales';
import { expectTitle } from '../support/shell';
import { chooseFromUserMenu } from '../support/staff';
import { expect, test } from '../support/test';

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(() => smtp?.stop());

/** The one message the SMTP server received whose subject starts so (the company's name may follow), once it has. */
async function received(subject: string) {
  const matching = () => smtp.received.filter((mail) => mail.subject?.startsWith(subject));
  await expect.poll(() => matching().length).toBe(1);
  return matching()[0]!;
}

/** The text of a received PDF, as a customer's mail program would show it. */
function pdfText(content: Buffer, name: string): string {
  const file = test.info().outputPath(`${name}.pdf`);
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

/** 'Send' on a print screen: the dialog starts with the customer's address; the language may be changed. */
async function sendFromPrintScreen(page: Page, title: string, address: string, language?: string) {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue(address);
  if (language) await dialog.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expectToast(page, `E-mail to ${address} queued: Sent mail shows when it has gone`);
  await expect(dialog).toBeHidden();
}

test('an admin sets up mail, sends an invoice and a statement from their screens, and finds both sent with their PDFs', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const api = await signInWithApi(page, request);
  const label = unique('Mail');
  const address = `accounts-${label.toLowerCase().replace(/\W/g, '')}@alfajr.test`;
  const { customer, invoice } = await customerWithInvoice(api, label, {
    customerAlternateName: 'شركة الفجر',
    preferredLanguage: 'ar',
    email: address,
  });

  await test.step('the admin sets the mail server in company settings and sends a test message', async () => {
    await page.goto('/');
    await chooseFromUserMenu(page, 'Company settings');
    await expectTitle(page, 'Company settings');
    const form = page.getByRole('form', { name: 'Mail server' });
    await form.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    await form.getByRole('spinbutton', { name: 'Port' }).fill(String(smtp.port));
    await form.getByRole('textbox', { name: 'Sender address' }).fill('billing@gulf-trading.test');
    await form.getByRole('button', { name: 'Save mail server' }).click();
    await expectToast(page, 'Mail server saved');
    const test = page.getByRole('form', { name: 'Send test message' });
    await test.getByRole('textbox', { name: 'Test message to' }).fill('admin@gulf-trading.test');
    await test.getByRole('button', { name: 'Send test message' }).click();
    expect((await received('Test message from Admin System')).to).toMatchObject({ text: 'admin@gulf-trading.test' });
  });

  await test.step('the invoice goes from its print screen in the customer’s Arabic, its PDF attached', async () => {
    await page.goto(`/invoices/${invoice._id}/print`);
    await sendFromPrintScreen(page, `Send فاتورة ${invoice.invoiceNumber} by e-mail`, address);
    const mail = await received(`فاتورة ${invoice.invoiceNumber}`);
    expect(mail.to).toMatchObject({ text: address });
    expect(mail.text).toContain('السادة شركة الفجر،');
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' });
    const text = pdfText(pdf!.content, 'invoice in Arabic');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('شركة الفجر');
    expect(text).toContain('1,234.500');
    // The amount in words, shaped: 'ألف ومائتان وأربعة وثلاثون دينارًا كويتيًا وخمسمائة فلس'.
    for (const word of ['ألف', 'ومائتان', 'وأربعة', 'وخمسمائة', 'فلس']) expect(text).toContain(word);

    // The trail keeps the SHA-256 of exactly the bytes that arrived.
    const trail = await api.get<{ data: { action: string; changes: { field: string; after: unknown }[] }[] }>(
      `/audit-log?entityId=${invoice._id}`,
    );
    const sent = trail.data.find((entry) => entry.action === 'send');
    expect(sent?.changes.find((change) => change.field === 'sha256')?.after).toBe(
      createHash('sha256').update(pdf!.content).digest('hex'),
    );
  });

  await test.step('the statement goes from its screen in English, as chosen in the dialog', async () => {
    await page.goto(`/receivables-aging/statement/${customer._id}`);
    await expect(page.getByRole('article', { name: `كشف حساب ${label} Trading` })).toBeVisible();
    await sendFromPrintScreen(page, `Send كشف حساب ${label} Trading by e-mail`, address, 'English');
    const mail = await received('Statement of account');
    expect(mail.text).toContain(`Dear ${label} Trading,`);
    expect(mail.text).toContain('Your balance on');
    expect(mail.text).toContain('1,234.500 KD');
    const [pdf] = mail.attachments;
    expect(pdf?.contentType).toBe('application/pdf');
    const text = pdfText(pdf!.content, 'statement');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(`${label} Trading`);
    expect(text).toContain('1,234.500 KD');
  });

  await test.step('Sent mail lists both as sent', async () => {
    await chooseFromUserMenu(page, 'Sent mail');
    await expectTitle(page, 'Sent mail');
    await page.getByRole('searchbox', { name: 'Search' }).fill(address);
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: address });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `فاتورة ${invoice.invoiceNumber}` })).toContainText('Sent');
    await expect(rows.filter({ hasText: 'Statement of account' })).toContainText('Sent');
  });
});

test('Sent mail, a message’s attempts and the mail server read in Arabic', async ({ page, request }) => {
  await useArabic(page);
  const api = await signInWithApi(page, request);
  // A message of its own, whatever ran before: a test message through the spec's SMTP server.
  expect((await request.put('/api/settings/mail', { headers: api.headers, data: smtp.settings })).status()).toBe(200);
  const sent = await request.post('/api/settings/mail/test', {
    headers: api.headers,
    data: { to: 'ar@gulf-trading.test' },
  });
  expect(sent.status()).toBe(200);
  await page.goto('/sent-mail');
  await expectRightToLeft(page);
  await expectTitle(page, 'البريد المرسل');
  await page
    .getByRole('button', { name: /^تفاصيل / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'الرسالة' });
  await expect(dialog.getByRole('table', { name: 'المحاولات' })).toBeVisible();
  await expectNoEnglish(page, 'Sent mail and a message');
  await dialog.getByRole('button', { name: 'إغلاق' }).click();

  await page.goto('/settings/company');
  const section = page.getByRole('region', { name: 'خادم البريد' });
  await expect(section.getByRole('button', { name: 'إرسال رسالة تجريبية' })).toBeVisible();
  // TLS is the protocol's name in Arabic too.
  await expectNoEnglish(section, 'the mail server section', ['TLS']);
});

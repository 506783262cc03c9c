import { createHash } from 'node:crypto';
import {
  CONTACT_MESSAGES,
  DOCUMENT_SEND_MESSAGES,
  NO_MAIL_SERVER,
  permissionDenied,
  type AuditEntry,
  type Customer,
} from '@admin/shared/contract';
import { toDay } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { setUpApp, setUpLedger, type TestApp } from '../../test';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { deliverDueMail } from '../mail/delivery';
import { mailTransport } from '../mail/settings';
import { PDF_MESSAGES } from './pdf-renderer';
import { documentLetter, sendDocument } from './send';

// The routes refuse what they cannot send before rendering anything; the PDF itself is rendered
// from the built platform's print views, so a sent invoice's real PDF is read back in
// e2e/tests/mail-send.spec.ts. Here: the refusals, and the message a sent document becomes.

const MISSING = '00000000-0000-4000-8000-000000000000';

async function deliver(t: TestApp) {
  const transport = await mailTransport(t.apiDb, t.config);
  try {
    return await deliverDueMail(t.apiDb, transport, { now: new Date() });
  } finally {
    transport?.close();
  }
}

describe('sending a document: what is refused before it is rendered', () => {
  const t = setUpApp();
  const f = setUpLedger(t);

  it('asks for an address when the customer has none, and names a bad one', async () => {
    const customer = await f.customer('No Mail Trading');
    const invoice = await f.invoice(customer._id, 12_345);
    const none = await t.request('POST', `/api/invoices/${invoice.id}/send`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: DOCUMENT_SEND_MESSAGES.noEmail,
      errors: { to: DOCUMENT_SEND_MESSAGES.noEmail },
    });
    const bad = await t.request('POST', `/api/invoices/${invoice.id}/send`, { to: 'accounts@, someone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ to: CONTACT_MESSAGES.email });
    const french = await t.request('POST', `/api/invoices/${invoice.id}/send`, { to: 'a@b.test', language: 'fr' });
    expect(french.json().errors).toEqual({ language: DOCUMENT_SEND_MESSAGES.language });
  });

  it('refuses a customer who does not accept e-mail with a 409, even to an address typed in', async () => {
    const customer = await f.customer('Paper Only', { email: 'paper@only.test', acceptsEmail: false });
    const invoice = await f.invoice(customer._id, 1_000);
    for (const body of [{}, { to: 'someone@else.test' }]) {
      const refused = await t.request('POST', `/api/invoices/${invoice.id}/send`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(DOCUMENT_SEND_MESSAGES.declined);
    }
  });

  it('answers 404 for each kind of document that does not exist, and checks a statement’s period', async () => {
    for (const url of [
      `/api/invoices/${MISSING}/send`,
      `/api/credit-notes/${MISSING}/send`,
      `/api/payments/${MISSING}/send`,
      `/api/customers/${MISSING}/statement/send`,
    ]) {
      expect((await t.request('POST', url, { to: 'a@b.test' })).statusCode, url).toBe(404);
    }
    const customer = await f.customer('Period Trading', { email: 'period@trading.test' });
    const backwards = await t.request(
      'POST',
      `/api/customers/${customer._id}/statement/send?from=2026-11-02&to=2026-11-01`,
      {},
    );
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors)).toEqual(['from']);
  });

  it('says what the server lacks to render the PDF, and writes no message and no trail entry', async () => {
    const customer = await f.customer('Render Trading', { email: 'accounts@render.test' });
    const invoice = await f.invoice(customer._id, 5_000);
    const answer = await t.request('POST', `/api/invoices/${invoice.id}/send`, {});
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(PDF_MESSAGES.noWeb);
    expect((await t.request('GET', '/api/outbox')).json().data).toEqual([]);
    const trail = (await t.request('GET', `/api/audit-log?entityId=${invoice.id}`)).json().data as AuditEntry[];
    expect(trail.filter((entry) => entry.action === 'send')).toEqual([]);
  });

  it('is refused to a viewer, naming the permission to send', async () => {
    const customer = await f.customer('Viewer Trading', { email: 'accounts@viewer.test' });
    const invoice = await f.invoice(customer._id, 5_000);
    const viewer = await t.signInAs('viewer');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      headers: viewer,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(permissionDenied('documents.send'));
    expect(refused.json().message).toBe('You do not have permission to send documents by e-mail');
  });
});

describe('a sent document’s message', () => {
  const t = setUpApp();
  const f = setUpLedger(t);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.stop());
  const PDF = Buffer.from('%PDF-1.7 the invoice as it was sent');
  const company = { companyNameEn: 'Gulf Trading', companyNameAr: 'الخليج للتجارة' };

  async function send(customer: Customer, language: 'en' | 'ar' | 'both', to = customer.email!) {
    const invoice = await f.invoice(customer._id, 1_234_500);
    const admin = (await t.db.query.users.findFirst())!;
    const letter = documentLetter(
      'invoice',
      language,
      { number: invoice.invoiceNumber, amount: fils(invoice.totalAmount) },
      customer,
      company,
    );
    const message = await sendDocument(
      t.apiDb,
      { id: admin.id, username: admin.username },
      {
        document: {
          kind: 'invoice',
          recordId: invoice.id,
          entityType: 'invoice',
          label: invoice.invoiceNumber,
          filename: `${invoice.invoiceNumber}.pdf`,
          pdf: PDF,
        },
        to,
        language,
        customerLanguage: customer.preferredLanguage,
        ...letter,
      },
    );
    return { invoice, message };
  }

  it('waits in the outbox without a mail server, then arrives with the PDF as attached, in the customer’s Arabic', async () => {
    const customer = await f.customer('Al Fajr Trading', {
      customerAlternateName: 'شركة الفجر',
      preferredLanguage: 'ar',
      email: 'accounts@alfajr.test, owner@alfajr.test',
    });
    const { invoice, message } = await send(customer, 'ar');
    expect(message).toMatchObject({
      status: 'queued',
      to: 'accounts@alfajr.test, owner@alfajr.test',
      language: 'ar',
      relatesTo: { kind: 'invoice', id: invoice.id },
      attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', size: PDF.length }],
    });
    await deliver(t);
    const waiting = (await t.request('GET', `/api/outbox/${message._id}`)).json().data;
    expect(waiting).toMatchObject({ status: 'queued', lastError: NO_MAIL_SERVER });

    await t.request('PUT', '/api/settings/mail', smtp.settings);
    await deliver(t);
    const mail = smtp.received.find((m) => m.subject === `فاتورة ${invoice.invoiceNumber} من الخليج للتجارة`);
    expect(mail?.to).toMatchObject({ text: 'accounts@alfajr.test, owner@alfajr.test' });
    expect(mail?.text).toContain('السادة شركة الفجر،');
    expect(mail?.text).toContain(`الفاتورة رقم ${invoice.invoiceNumber} بمبلغ 1,234.500 د.ك`);
    const [attached] = mail!.attachments;
    expect(attached).toMatchObject({ filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' });

    // The trail holds the SHA-256 of exactly the bytes the customer received.
    const trail = (await t.request('GET', `/api/audit-log?entityId=${invoice.id}`)).json().data as AuditEntry[];
    const sent = trail.find((entry) => entry.action === 'send');
    expect(sent?.changes).toEqual(
      expect.arrayContaining([
        { field: 'sha256', before: null, after: createHash('sha256').update(attached!.content).digest('hex') },
        { field: 'to', before: null, after: 'accounts@alfajr.test, owner@alfajr.test' },
        { field: 'outboxMessage', before: null, after: message._id },
      ]),
    );
  });

  it('writes an English customer in English, and a bilingual document in both', async () => {
    const customer = await f.customer('Harbour Supplies', { email: 'ap@harbour.test' });
    const english = await send(customer, 'en');
    expect(english.message.subject).toBe(`Invoice ${english.invoice.invoiceNumber} from Gulf Trading`);
    const both = await send(customer, 'both');
    expect(both.message.subject).toBe(
      `Invoice ${both.invoice.invoiceNumber} from Gulf Trading / فاتورة ${both.invoice.invoiceNumber} من الخليج للتجارة`,
    );
    expect(both.message.language).toBe('en');
    const detail = (await t.request('GET', `/api/outbox/${english.message._id}`)).json().data;
    expect(detail.text).toBe(
      `Dear Harbour Supplies,\n\nPlease find attached invoice ${english.invoice.invoiceNumber} for 1,234.500 KD.\n\nKind regards,\nGulf Trading`,
    );
  });

  it('names a statement’s period and the balance at its end', () => {
    const letter = documentLetter(
      'statement',
      'en',
      { number: 'Harbour', amount: fils(250_000), period: { from: toDay('2026-08-01'), to: toDay('2026-10-31') } },
      { customerName: 'Harbour Supplies', customerAlternateName: null } as Customer,
      { companyNameEn: '', companyNameAr: '' },
    );
    expect(letter.subject).toBe('Statement of account');
    expect(letter.text).toContain('from 01/08/2026 to 31/10/2026. Your balance on 31/10/2026 is 250.000 KD.');
  });
});

import { describe, expect, it } from '@rstest/core';
import { createHash } from 'node:crypto';
import type { AuditEntry } from '@admin/shared/contract';
import { setUpApp, setUpLedger } from '../../test';
import { openSharedDocument, shareDocument } from './links';
import { PDF_MESSAGES } from './pdf-renderer';

// The PDFs themselves are rendered from the built platform's print views: e2e/tests/documents-pdf.spec.ts.
// Here, what each route answers before it would render, and when it cannot render at all.

describe('document PDFs on an API that does not serve the web platform', () => {
  const t = setUpApp();
  const f = setUpLedger(t);

  it('says what it needs instead of failing, after checking the document exists', async () => {
    const customer = await f.customer('Acme Trading');
    const invoice = await f.invoice(customer._id, 12_345);
    const answer = await t.request('GET', `/api/invoices/${invoice.id}/pdf?lang=ar`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(PDF_MESSAGES.noWeb);
    const statement = await t.request('GET', `/api/customers/${customer._id}/statement.pdf`);
    expect(statement.statusCode).toBe(503);
  });

  it('answers 404 for a document that does not exist, and 400 for a language it does not print', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/api/invoices/${missing}/pdf`,
      `/api/payments/${missing}/receipt.pdf`,
      `/api/customers/${missing}/statement.pdf`,
    ]) {
      expect((await t.request('GET', url)).statusCode, url).toBe(404);
    }
    const customer = await f.customer('Language Trader');
    const invoice = await f.invoice(customer._id, 1_000);
    const french = await t.request('GET', `/api/invoices/${invoice.id}/pdf?lang=fr`);
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({ lang: 'Language must be en, ar or both' });
    const backwards = await t.request(
      'GET',
      `/api/customers/${customer._id}/statement.pdf?from=2026-11-02&to=2026-11-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors)).toEqual(['from']);
  });
});

describe('document PDFs without Chromium on the server', () => {
  const t = setUpApp({ documentsWebUrl: 'http://127.0.0.1:9', chromiumPath: '/nonexistent/chromium' });
  const f = setUpLedger(t);

  it('names the package to install', async () => {
    const customer = await f.customer('Acme Trading');
    const advance = await f.advance(customer._id, 5_000);
    const answer = await t.request('GET', `/api/payments/${advance._id}/receipt.pdf`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(PDF_MESSAGES.noChromium);
  });
});

describe('a document shared by link', () => {
  const t = setUpApp();
  const f = setUpLedger(t);
  const PDF = Buffer.from('%PDF-1.7 the invoice as it was shared');
  const open = (url: string) => t.app.inject({ method: 'GET', url });

  async function share(days = 7) {
    const customer = await f.customer('Shared Trading');
    const invoice = await f.invoice(customer._id, 12_345);
    const admin = (await t.db.query.users.findFirst())!;
    const { token, expiresAt } = await shareDocument(
      t.db,
      { id: admin.id, username: admin.username },
      {
        kind: 'invoice',
        recordId: invoice.id,
        entityType: 'invoice',
        label: invoice.invoiceNumber,
        filename: `${invoice.invoiceNumber}.pdf`,
        pdf: PDF,
      },
      days,
      t.config.now(),
    );
    return { token, expiresAt, invoice };
  }

  it('opens the PDF as it was shared without a session, and the trail keeps its SHA-256', async () => {
    const { token, invoice } = await share();
    const answer = await open(`/api/shared/${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="${invoice.invoiceNumber}.pdf"`);
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    expect(answer.rawPayload.equals(PDF)).toBe(true);

    const trail = (await t.request('GET', `/api/audit-log?entityId=${invoice.id}`)).json().data as AuditEntry[];
    const shared = trail.find((entry) => entry.action === 'share');
    expect(shared?.changes.find((change) => change.field === 'sha256')?.after).toBe(
      createHash('sha256').update(PDF).digest('hex'),
    );
  });

  it('is no key to anything else: the secret is not a session', async () => {
    const { token, invoice } = await share();
    const asSession = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asSession.statusCode).toBe(401);
  });

  it('lasts 1 to 30 days, as asked', async () => {
    const customer = await f.customer('Link Days');
    const invoice = await f.invoice(customer._id, 1_000);
    const tooLong = await t.request('POST', `/api/invoices/${invoice.id}/link`, { days: 31 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ days: 'A link lasts 1 to 30 days' });
  });
  // Last: it moves the clock a day on, past the test session's expiry.
  it('answers 404 to a changed link and 410 to an expired one, naming nothing of the document', async () => {
    const { token } = await share(1);
    const changed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const refused = await open(`/api/shared/${changed}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'This link is not valid' });
    expect((await open('/api/shared/')).statusCode).toBe(404);

    t.advanceClock(24 * 60 * 60 * 1000 + 1);
    const expired = await open(`/api/shared/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: 'This link has expired' });
    await expect(openSharedDocument(t.db, token, new Date(0))).resolves.toMatchObject({ filename: /^INV-/ });
  });
});

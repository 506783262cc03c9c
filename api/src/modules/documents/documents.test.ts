import { describe, expect, it } from '@rstest/core';
import { setUpApp, setUpLedger } from '../../test';
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

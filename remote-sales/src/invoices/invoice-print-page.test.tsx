import { shareAreaContract } from '@admin/shared/area-contract';
import { afterEach, describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import { customerRecord, fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { ACME, INVOICE, NOTE } from '../common/credit-notes/fixtures';
import { InvoicesArea } from './invoices-area';

// The areas' print words, as the page has them once an area has loaded.
shareAreaContract();

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('An invoice printed', () => {
  it('states what was paid and credited, and lists its credit notes with their dates, reasons and amounts', async () => {
    signInAs('viewer');
    server = fakeApi({
      [`GET /invoices/${INVOICE._id}`]: () => INVOICE,
      'GET /credit-notes': () => list([NOTE]),
      [`GET /customers/${ACME}`]: () => customerRecord({ _id: ACME, preferredLanguage: 'ar' }),
    });
    renderPage(<InvoicesArea />, `/${INVOICE._id}/print`);
    const sheet = await screen.findByRole('article', { name: 'فاتورة INV-000042' });
    const totals = within(sheet).getByLabelText('الإجماليات');
    expect(within(totals).getByText('المردود')).toBeTruthy();
    const notes = await within(sheet).findByRole('table', { name: 'الإشعارات الدائنة على هذه الفاتورة' });
    expect(within(notes).getByText('CN-000001')).toBeTruthy();
    expect(within(notes).getByText('مرتجع')).toBeTruthy();
    expect(server.sent.find((r) => r.url === '/credit-notes')?.params.invoice).toBe(INVOICE._id);
  });
});

import { afterEach, describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import { shareAreaContract } from '@admin/shared/area-contract';
import type { Invoice, InvoiceSettlement } from '@admin/shared/contract';
import { day } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { Route, Routes } from '@admin/shared/router';
import {
  answer,
  companySettingsRecord,
  customerRecord,
  fakeApi,
  invoiceRecord,
  list,
  renderPage,
  signInAs,
} from '@admin/shared/testing';
import { ACME, INVOICE as CREDITED_INVOICE, NOTE } from '../common/credit-notes/fixtures';
import { InvoicesArea } from './invoices-area';
import { InvoicePrintPage } from './invoice-print-page';

// The print words come with the areas' contract, as the page has them once the area has loaded.
shareAreaContract();

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const COMPANY = companySettingsRecord({
  companyNameEn: 'Gulf Trading Co.',
  companyNameAr: 'شركة الخليج التجارية',
});

const line = (productName: string, quantity: number, unitPrice: number, lineTotal: number) => ({
  product: { _id: `p-${productName}`, productName },
  quantity,
  unitPrice: fils(unitPrice),
  lineTotal: fils(lineTotal),
});

const INVOICE = invoiceRecord({
  _id: ID,
  customer: { _id: CUSTOMER, customerName: 'Acme Trading' },
  products: [line('Router', 3, 1005, 3015), line('Cable', 1, 333, 333)],
  totalAmount: fils(3348),
  remainingAmount: fils(3348),
});

async function printed(invoice: Invoice, settlements: InvoiceSettlement[] = []) {
  fakeApi({
    'GET /settings/company': () => ({ data: COMPANY }),
    [`GET /customers/${CUSTOMER}`]: () => answer(customerRecord({ _id: CUSTOMER, preferredLanguage: 'en' })),
    [`GET /invoices/${ID}`]: () => answer(invoice),
    [`GET /invoices/${ID}/payments`]: () => ({ data: settlements }),
  });
  renderPage(
    <Routes>
      <Route path="/invoices/:id/print" element={<InvoicePrintPage />} />
    </Routes>,
    `/invoices/${ID}/print`,
  );
  return screen.findByRole('article', { name: 'Invoice INV-000042' });
}

const totalsOf = (sheet: HTMLElement) =>
  within(within(sheet).getByLabelText('Totals'))
    .getAllByRole('definition')
    .map((dd) => [dd.previousElementSibling?.textContent, dd.textContent]);

describe('printed invoice', () => {
  it('lists the payments made on it, each with its number, day, mode and amount, a cheque by its number', async () => {
    const sheet = await printed({ ...INVOICE, paidAmount: fils(3000), remainingAmount: fils(348) }, [
      {
        payment: { _id: 'p1', paymentNumber: 'PAY-000007' },
        paymentDate: day('2026-11-10T00:00:00.000Z'),
        paymentMode: 'Knet',
        amount: fils(2000),
        cheque: null,
      },
      {
        payment: { _id: 'p2', paymentNumber: 'PAY-000009' },
        paymentDate: day('2026-11-20T00:00:00.000Z'),
        paymentMode: 'Check',
        amount: fils(1000),
        cheque: { _id: 'c1', chequeNumber: '004512' },
      },
    ]);
    const table = await within(sheet).findByRole('table', { name: 'Payments on this invoice' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['PAY-00000710/11/2026Knet2.000 KD', 'PAY-00000920/11/2026Cheque 0045121.000 KD']);
  });

  it('lists no payments when nothing was paid', async () => {
    const sheet = await printed(INVOICE);
    expect(within(sheet).queryByRole('table', { name: 'Payments on this invoice' })).toBeNull();
    expect(within(sheet).queryByText('Promised to pay by')).toBeNull();
  });

  it("names the customer's promise to pay among its details", async () => {
    const sheet = await printed({
      ...INVOICE,
      promise: { date: day('2027-01-19T00:00:00.000Z'), note: 'After the salaries' },
    });
    const term = within(sheet).getByText('Promised to pay by');
    expect(term.nextElementSibling?.textContent).toBe('19/01/2027 · After the salaries');
  });

  it('has no discount column or rows when nothing is discounted', async () => {
    const sheet = await printed(INVOICE);
    expect(within(sheet).queryByRole('columnheader', { name: 'Discount' })).toBeNull();
    expect(totalsOf(sheet).map(([term]) => term)).toEqual(['Total', 'Paid', 'Remaining']);
  });

  it('shows each line its discount, then the subtotal less every discount', async () => {
    const sheet = await printed({
      ...INVOICE,
      // 3 × 1.005 less 10 % (0.302), 0.333 less 0.033, then 10 % of 3.013 (0.301) off the invoice.
      products: [
        { ...line('Router', 3, 1005, 2713), discount: { percent: 10 } },
        { ...line('Cable', 1, 333, 300), discount: { amount: fils(33) } },
      ],
      discount: { percent: 10 },
      totalAmount: fils(2712),
      remainingAmount: fils(2712),
    });
    expect(within(sheet).getByRole('columnheader', { name: 'Discount' })).toBeTruthy();
    const rows = within(sheet).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['10% 0.302 KD', '0.033 KD']);
    expect(totalsOf(sheet)).toEqual([
      ['Subtotal', '3.348 KD'],
      ['Discount', '0.636 KD'],
      ['Total', '2.712 KD'],
      ['Paid', '0.000 KD'],
      ['Remaining', '2.712 KD'],
    ]);
  });
});

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('An invoice printed', () => {
  it('states what was paid and credited, and lists its credit notes with their dates, reasons and amounts', async () => {
    signInAs('viewer');
    server = fakeApi({
      [`GET /invoices/${CREDITED_INVOICE._id}`]: () => answer(CREDITED_INVOICE),
      'GET /credit-notes': () => list([NOTE]),
      [`GET /customers/${ACME}`]: () => answer(customerRecord({ _id: ACME, preferredLanguage: 'ar' })),
    });
    renderPage(<InvoicesArea />, `/${CREDITED_INVOICE._id}/print`);
    const sheet = await screen.findByRole('article', { name: 'فاتورة INV-000042' });
    const totals = within(sheet).getByLabelText('الإجماليات');
    expect(within(totals).getByText('المردود')).toBeTruthy();
    const notes = await within(sheet).findByRole('table', { name: 'الإشعارات الدائنة على هذه الفاتورة' });
    expect(within(notes).getByText('CN-000001')).toBeTruthy();
    expect(within(notes).getByText('مرتجع')).toBeTruthy();
    expect(server.sent.find((r) => r.url === '/credit-notes')?.params.invoice).toBe(CREDITED_INVOICE._id);
  });
});

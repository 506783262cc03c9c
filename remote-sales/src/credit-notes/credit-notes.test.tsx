import { shareAreaContract } from '@admin/shared/area-contract';
import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { answer, customerRecord, fakeApi, list, openDialog, renderPage, signInAs } from '@admin/shared/testing';
import { CreditNotesArea } from './credit-notes-area';
import { ACME, CHAIR, INVOICE, INVOICE_ID, NOTE } from '../common/credit-notes/fixtures';

// The areas' words (print words, permission labels), as the page has them once an area has loaded.
shareAreaContract();

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const routes = {
  'GET /credit-notes': ({ params }: { params: Record<string, unknown> }) =>
    list(params.invoice === INVOICE_ID || !params.invoice ? [NOTE] : []),
  [`GET /invoices/${INVOICE_ID}`]: () => answer(INVOICE),
  'GET /invoices': () =>
    list([INVOICE, { ...INVOICE, _id: 'x', invoiceNumber: 'INV-000007', status: 'draft' as const }]),
};

describe('the credit notes list', () => {
  it('lists each credit note with its invoice, customer, reason, amount and date, and offers no edit or delete', async () => {
    signInAs('admin');
    server = fakeApi(routes);
    renderPage(<CreditNotesArea />);
    const row = (await screen.findByText('CN-000001')).closest('tr')!;
    for (const text of ['INV-000042', 'Acme Trading', 'Return', '10.000 KD', '20/11/2026']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual([
      'Credit Note #',
      'Invoice #',
      'Customer',
      'Reason',
      'Amount',
      'Date',
      'Actions',
    ]);
    expect(within(row).getByRole('link', { name: 'Print CN-000001' }).getAttribute('href')).toBe(
      `/credit-notes/${NOTE._id}/print`,
    );
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('filters by reason and date, and only staff who may issue see Issue Credit Note', async () => {
    signInAs('sales' as Role);
    server = fakeApi(routes);
    renderPage(<CreditNotesArea />);
    await screen.findByText('CN-000001');
    expect(screen.queryByRole('button', { name: 'Issue Credit Note' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'price_adjustment');
    await waitFor(() =>
      expect(server!.sent.some((r) => r.url === '/credit-notes' && r.params.reason === 'price_adjustment')).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(server!.sent.some((r) => r.url === '/credit-notes' && r.params.from === '2026-11-01')).toBe(true),
    );
  });
});

describe('Correct with a debit note', () => {
  it("opens the invoice dialog for the credit note's customer with its lines, sends the link, and the row names the debit note", async () => {
    signInAs('accountant');
    let corrected = false;
    server = fakeApi({
      ...routes,
      'GET /credit-notes': () =>
        list([corrected ? { ...NOTE, debitNotes: [{ _id: 'd1', invoiceNumber: 'INV-000050' }] } : NOTE]),
      'POST /invoices': () => {
        corrected = true;
        const debitNoteFor = { _id: NOTE._id, creditNoteNumber: NOTE.creditNoteNumber };
        return { status: 201, body: { data: { ...INVOICE, _id: 'd1', invoiceNumber: 'INV-000050', debitNoteFor } } };
      },
    });
    renderPage(<CreditNotesArea />);
    await userEvent.click(await screen.findByRole('button', { name: 'Correct CN-000001 with a debit note' }));
    const dialog = await openDialog({ name: 'Debit Note for CN-000001' });
    expect(within(dialog).getByText('Debit note correcting credit note CN-000001.')).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: /^Customer/ }) as HTMLInputElement).value).toBe(
      'Acme Trading',
    );
    expect((within(dialog).getByLabelText('Quantity (line 1)') as HTMLInputElement).value).toBe('1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Debit note INV-000050 issued for CN-000001')).toBeTruthy();
    const posted = server!.sent.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({
      customer: ACME,
      debitNoteFor: NOTE._id,
      products: [{ product: CHAIR, quantity: 1, unitPrice: 10_000 }],
    });
    expect(posted[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByText('Corrected by INV-000050')).toBeTruthy();
  });

  it('is offered only to staff who may create invoices', async () => {
    signInAs('viewer');
    server = fakeApi(routes);
    renderPage(<CreditNotesArea />);
    await screen.findByText('CN-000001');
    expect(screen.queryByRole('button', { name: /with a debit note/ })).toBeNull();
  });
});

describe('Issue Credit Note', () => {
  async function openIssue(invoice = INVOICE) {
    signInAs('accountant');
    server = fakeApi({
      ...routes,
      [`GET /invoices/${INVOICE_ID}`]: () => answer(invoice),
      'POST /credit-notes': () => ({ status: 201, body: { data: { ...NOTE, creditNoteNumber: 'CN-000002' } } }),
      'GET /customers': () => list([customerRecord({ _id: ACME, customerName: 'Acme Trading' })]),
    });
    renderPage(<CreditNotesArea />);
    await screen.findByText('CN-000001');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Credit Note' }));
    const dialog = await openDialog({ name: 'Issue Credit Note' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Customer/ }), 'Acme');
    await userEvent.click(await screen.findByRole('option', { name: /Acme Trading/ }));
    await within(dialog).findByRole('option', { name: /INV-000042/ });
    // A draft is not billed: it cannot be credited.
    expect(within(dialog).queryByRole('option', { name: /INV-000007/ })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Invoice/), INVOICE_ID);
    return dialog;
  }

  it('credits some lines, at most what is left of each, and sends the products and quantities', async () => {
    const dialog = await openIssue();
    const chairs = await within(dialog).findByLabelText('Quantity to credit of Chair');
    // One of the four chairs was credited already.
    const lines = within(dialog).getByRole('table', { name: 'Invoice lines to credit' });
    expect(within(lines).getAllByRole('row')[1]?.textContent).toContain('3');
    await userEvent.type(chairs, '2');
    expect(within(dialog).getByText('20.000 KD')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('Credit note CN-000002 issued on INV-000042')).toBeTruthy();
    const posted = server!.sent.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      invoice: INVOICE_ID,
      date: expect.any(String),
      reason: 'return',
      lines: [{ product: CHAIR, quantity: 2 }],
    });
    expect(posted[0]?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('offers a product sold on two lines once, values it after the discounts, and refuses more than is left before sending', async () => {
    // Chairs on two lines (2 at 10.000, 2 at 12.000; one credited before) and 10% off the invoice.
    const [chair, desk] = INVOICE.products;
    const dialog = await openIssue({
      ...INVOICE,
      products: [
        { ...chair!, quantity: 2, lineTotal: fils(20_000) },
        desk!,
        { ...chair!, quantity: 2, unitPrice: fils(12_000), lineTotal: fils(24_000) },
      ],
      discount: { percent: 10 },
      totalAmount: fils(93_600),
    });
    const chairs = await within(dialog).findByLabelText('Quantity to credit of Chair');
    const lines = within(dialog).getByRole('table', { name: 'Invoice lines to credit' });
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    expect(within(lines).getAllByRole('row')[1]?.textContent).toMatch(/10\.000 KD \/ 12\.000 KD.*3/);
    await userEvent.type(chairs, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await within(dialog).findByText('Only 3 of this product are left to credit on INV-000042')).toBeTruthy();
    expect(server!.sent.filter((r) => r.method === 'POST')).toHaveLength(0);
    // The three left: the second 10.000 chair, then both 12.000 ones, each less 10%.
    await userEvent.clear(chairs);
    await userEvent.type(chairs, '3');
    expect(within(dialog).getByText('30.600 KD')).toBeTruthy();
  });

  it('credits an amount with another reason', async () => {
    const dialog = await openIssue();
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Reason/), 'price_adjustment');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Credit by/), 'amount');
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '5.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await screen.findByText('Credit note CN-000002 issued on INV-000042');
    const posted = server!.sent.filter((r) => r.method === 'POST');
    expect(posted[0]?.body).toEqual({
      invoice: INVOICE_ID,
      date: expect.any(String),
      reason: 'price_adjustment',
      amount: 5_500,
    });
  });
});

describe('A credit note printed', () => {
  function openPrint(language: 'en' | 'ar') {
    signInAs('viewer');
    server = fakeApi({
      [`GET /credit-notes/${NOTE._id}`]: () => answer(NOTE),
      [`GET /customers/${ACME}`]: () =>
        answer(customerRecord({ _id: ACME, customerAlternateName: 'أكمي للتجارة', preferredLanguage: language })),
    });
    renderPage(<CreditNotesArea />, `/${NOTE._id}/print`);
  }

  it('states its invoice, reason, lines and amount in words', async () => {
    openPrint('en');
    const sheet = await screen.findByRole('article', { name: 'Credit note CN-000001' });
    expect(within(sheet).getByText('Credit Note')).toBeTruthy();
    expect(within(sheet).getByText('INV-000042')).toBeTruthy();
    expect(within(sheet).getByText('Return')).toBeTruthy();
    expect(within(sheet).getByRole('table', { name: 'Credited lines' })).toBeTruthy();
    expect(within(sheet).getByText('Ten Kuwaiti dinars')).toBeTruthy();
    expect(within(sheet).getByText('Broken leg')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Credit Notes' }).getAttribute('href')).toBe('/credit-notes');
  });

  it("opens in the customer's Arabic, right to left, with the amount in Arabic words", async () => {
    openPrint('ar');
    const sheet = await screen.findByRole('article', { name: 'إشعار دائن CN-000001' });
    expect(sheet.getAttribute('dir')).toBe('rtl');
    expect(within(sheet).getByText('مرتجع')).toBeTruthy();
    expect(within(sheet).getByText('عن الفاتورة')).toBeTruthy();
    expect(within(sheet).getByText('عشرة دنانير كويتية')).toBeTruthy();
  });
});

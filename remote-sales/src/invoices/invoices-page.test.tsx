import { describe, expect, it } from '@rstest/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, Role } from '@admin/shared/contract';
import { fakeApi, invoiceRecord, list, renderPage, signInAs, type SentRequest } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { day } from '@admin/shared/dates';
import { InvoicesPage } from './invoices-page';

const INVOICE = invoiceRecord();

/** Which of the screen's buttons each role sees: sales adds and edits invoices but never deletes them. */
const SEES: Partial<Record<Role, string[]>> = {
  viewer: [],
  sales: ['Add Invoice', 'Edit INV-000042'],
  admin: ['Add Invoice', 'Edit INV-000042', 'Delete INV-000042', 'History of INV-000042'],
};

describe('Invoices by role', () => {
  for (const [role, visible] of Object.entries(SEES)) {
    it(`${role}: ${visible.join(', ') || 'no actions'}`, async () => {
      signInAs(role as Role);
      fakeApi({ 'GET /invoices': () => list([INVOICE]) });
      renderPage(<InvoicesPage />);
      expect(await screen.findByText('Acme Trading')).toBeTruthy();
      expect(SEES.admin!.filter((name) => screen.queryByRole('button', { name }))).toEqual(visible);
      // Printing is reading: everyone who sees the list may print.
      expect(screen.getByRole('link', { name: 'Print INV-000042' })).toBeTruthy();
    });
  }
});

describe('An invoice a post-dated cheque will pay', () => {
  it('stays due, and says which cheque covers it and when', async () => {
    signInAs('viewer');
    const covered: Invoice = {
      ...INVOICE,
      coveredByCheques: [
        { _id: 'c1', chequeNumber: '004512', chequeDate: day('2027-01-15T00:00:00.000Z'), amount: fils(1500) },
      ],
    };
    fakeApi({ 'GET /invoices': () => list([covered]) });
    renderPage(<InvoicesPage />);
    const note = await screen.findByText('Covered by cheque 004512 due 15/01/2027');
    expect(within(note.closest('td')!).getByText('Unpaid')).toBeTruthy();
  });
});

describe("A customer's promise to pay", () => {
  const promised: Invoice = {
    ...INVOICE,
    promise: { date: day('2027-01-19T00:00:00.000Z'), note: 'After the salaries' },
  };

  it('is marked under the status while the invoice owes, and not once it is paid', async () => {
    signInAs('viewer');
    const paid = { ...promised, _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', invoiceNumber: 'INV-000043' };
    fakeApi({
      'GET /invoices': () =>
        list([promised, { ...paid, status: 'paid', paidAmount: fils(1500), remainingAmount: fils(0) }]),
    });
    renderPage(<InvoicesPage />);
    const marker = await screen.findByText('Promised 19/01/2027');
    expect(within(marker.closest('td')!).getByText('Unpaid')).toBeTruthy();
    expect(screen.getAllByText(/^Promised /)).toHaveLength(1);
  });

  it('is recorded from the row menu: a past day is refused under its field, then the list shows it', async () => {
    signInAs('accountant');
    let current: Invoice = INVOICE;
    const server = fakeApi({
      'GET /invoices': () => list([current]),
      [`POST /invoices/${INVOICE._id}/promise`]: (request: SentRequest) => {
        const body = request.body as { date: string; note: string };
        if (body.date < '2026-11-28')
          return {
            status: 400,
            body: {
              message: 'The promise date must be today or later',
              errors: { date: 'The promise date must be today or later' },
            },
          };
        current = { ...INVOICE, promise: { date: day(body.date), note: body.note || null } };
        return { body: { data: current } };
      },
    });
    renderPage(<InvoicesPage />);
    await screen.findByText('Acme Trading');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for INV-000042' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Promise to pay for INV-000042' }));
    // The dialog opens once the menu has finished closing, which a busy machine makes slow.
    const dialog = await screen.findByRole('dialog', { name: 'Promise to pay for INV-000042' }, { timeout: 15_000 });
    expect(
      within(dialog).getByText(/Acme Trading promises to pay what INV-000042 still owes \(1\.500 KD\)/),
    ).toBeTruthy();

    const date = within(dialog).getByLabelText(/Promised by/);
    await userEvent.clear(date);
    await userEvent.type(date, '01/01/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record promise' }));
    expect(await within(dialog).findByText('The promise date must be today or later')).toBeTruthy();

    await userEvent.clear(date);
    await userEvent.type(date, '19/01/2027');
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'After the salaries');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record promise' }));
    expect(await screen.findByText('Promise to pay INV-000042 by 19/01/2027 recorded')).toBeTruthy();
    expect(await screen.findByText('Promised 19/01/2027')).toBeTruthy();
    const posts = server.sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([
      { date: '2026-01-01T00:00:00.000Z', note: '' },
      { date: '2027-01-19T00:00:00.000Z', note: 'After the salaries' },
    ]);
    server.restore();
  });
});

describe('What an invoice has been paid', () => {
  it('shows Paid and Remaining, sortable, and marks an invoice paid in part as Partly paid beside its status', async () => {
    signInAs('viewer');
    const server = fakeApi({
      'GET /invoices': () =>
        list([
          { ...INVOICE, paidAmount: fils(500), remainingAmount: fils(1000) },
          {
            ...INVOICE,
            _id: 'b',
            invoiceNumber: 'INV-000043',
            customer: { ...INVOICE.customer, customerName: 'Beta' },
          },
          // Paid but for 5 fils written off: it owes nothing, so it is not partly paid.
          {
            ...INVOICE,
            _id: 'c',
            invoiceNumber: 'INV-000044',
            paidAmount: fils(1495),
            creditedAmount: fils(5),
            remainingAmount: fils(0),
            status: 'paid',
          },
        ]),
    });
    renderPage(<InvoicesPage />);
    const row = (await screen.findByText('INV-000042')).closest('tr')!;
    expect(within(row).getByText('0.500 KD')).toBeTruthy();
    expect(within(row).getByText('1.000 KD')).toBeTruthy();
    expect(within(row).getByText('Partly paid')).toBeTruthy();
    for (const other of ['INV-000043', 'INV-000044']) {
      expect(within(screen.getByText(other).closest('tr')!).queryByText('Partly paid')).toBeNull();
    }
    await userEvent.click(screen.getByRole('button', { name: /^Remaining/ }));
    await waitFor(() => expect(server.sent.some((r) => r.params.sort === 'remainingAmount')).toBe(true));
    expect(screen.getByRole('button', { name: /^Paid/ })).toBeTruthy();
    server.restore();
  });
});

describe("An invoice's corrections", () => {
  /** The row's corrections menu, opened; null when the row has none. */
  async function corrections(role: Role, invoice: Invoice = INVOICE, routes = {}) {
    signInAs(role);
    const server = fakeApi({ 'GET /invoices': () => list([invoice]), ...routes });
    renderPage(<InvoicesPage />);
    await screen.findByText('Acme Trading');
    const trigger = screen.queryByRole('button', { name: 'Actions for INV-000042' });
    if (trigger) await userEvent.click(trigger);
    return server;
  }
  /** The open menu's entries; closes it, as a menu left open holds the page's focus and pointer. */
  async function items() {
    const labels = screen.queryAllByRole('menuitem').map((item) => item.getAttribute('aria-label'));
    await userEvent.keyboard('{Escape}');
    return labels;
  }

  it('are for staff who may: an accountant credits, cancels, writes off and records a promise; sales and viewers do none', async () => {
    (await corrections('accountant')).restore();
    expect(await items()).toEqual([
      'Issue credit note for INV-000042',
      'Cancel invoice INV-000042',
      'Write off remaining of INV-000042',
      'Promise to pay for INV-000042',
    ]);
    cleanup();
    (await corrections('sales')).restore();
    expect(screen.queryByRole('button', { name: 'Actions for INV-000042' })).toBeNull();
  });

  it('offer no write-off once nothing is owed, and nothing for a cancelled invoice', async () => {
    (
      await corrections('admin', { ...INVOICE, paidAmount: fils(1500), remainingAmount: fils(0), status: 'paid' })
    ).restore();
    expect(await items()).toEqual(['Issue credit note for INV-000042', 'Cancel invoice INV-000042']);
    cleanup();
    (await corrections('admin', { ...INVOICE, status: 'cancelled' })).restore();
    expect(screen.queryByRole('button', { name: 'Actions for INV-000042' })).toBeNull();
  });
});

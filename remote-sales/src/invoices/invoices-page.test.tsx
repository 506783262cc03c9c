import { describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import type { Invoice, Role } from '@admin/shared/contract';
import { fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { day } from '@admin/shared/dates';
import { InvoicesPage } from './invoices-page';

const INVOICE: Invoice = {
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  invoiceNumber: 'INV-000042',
  manualInvoiceNumber: null,
  referenceNumber: null,
  customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' },
  credit: true,
  dateOfCreation: day('2026-11-01T00:00:00.000Z'),
  dueDate: day('2026-12-01T00:00:00.000Z'),
  products: [],
  totalAmount: fils(1500),
  paidAmount: fils(0),
  remainingAmount: fils(1500),
  status: 'unpaid',
  notes: null,
  schedule: null,
  schedulePeriod: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

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

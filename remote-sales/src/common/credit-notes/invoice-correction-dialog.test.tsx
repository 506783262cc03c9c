import { afterEach, describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { approvalRecord, fakeApi, openDialog, renderPage, signInAs } from '@admin/shared/testing';
import { INVOICE, NOTE } from './fixtures';
import { InvoiceCorrectionDialog, type CorrectionChoice } from './invoice-correction-dialog';

const ID = INVOICE._id;
let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

/** The dialog as the invoices list opens it from an invoice's corrections menu. */
async function open(kind: CorrectionChoice['kind'], invoice: Invoice, routes = {}) {
  signInAs('accountant');
  server = fakeApi(routes);
  renderPage(<InvoiceCorrectionDialog choice={{ invoice, kind }} onClose={() => undefined} />);
  return openDialog({ name: kind === 'cancel' ? 'Cancel invoice INV-000042' : 'Write off remaining of INV-000042' });
}

describe('Cancel invoice', () => {
  it('sends the day and why, once, saying what was paid becomes advance balance', async () => {
    const dialog = await open(
      'cancel',
      { ...INVOICE, paidAmount: fils(30_000) },
      {
        [`POST /invoices/${ID}/cancel`]: () => ({
          status: 201,
          body: { data: { ...NOTE, _id: 'n9', creditNoteNumber: 'CN-000009', reason: 'cancellation' } },
        }),
      },
    );
    expect(
      within(dialog).getByText(/what was paid on it \(30\.000 KD\) becomes the customer's advance balance/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Ordered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(await screen.findByText('Invoice INV-000042 cancelled by credit note CN-000009')).toBeTruthy();
    const sent = server!.sent.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ date: expect.any(String), reason: 'Ordered twice' });
    expect(sent[0]?.headers['Idempotency-Key']).toBeTruthy();
  });
});

describe('Write off remaining', () => {
  it('shows the exact remaining amount, and the limit the API names when it refuses', async () => {
    const dialog = await open(
      'write-off',
      { ...INVOICE, remainingAmount: fils(1_500) },
      {
        [`POST /invoices/${ID}/write-off`]: () => ({
          status: 403,
          body: { message: 'Writing off more than 1.000 KD needs an administrator' },
        }),
      },
    );
    expect(within(dialog).getByText(/write off exactly 1\.500 KD/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Customer closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('Writing off more than 1.000 KD needs an administrator')).toBeTruthy();
    expect(server!.sent.filter((r) => r.method === 'POST')[0]?.body).toMatchObject({ reason: 'Customer closed' });
  });

  it('says the write-off waits for approval when the API holds it (202), not that it was done', async () => {
    const dialog = await open(
      'write-off',
      { ...INVOICE, remainingAmount: fils(300_000) },
      {
        [`POST /invoices/${ID}/write-off`]: () => ({
          status: 202,
          body: { data: approvalRecord({ _id: 'a1', kind: 'writeOff', amount: fils(300_000), targetId: ID }) },
        }),
      },
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Customer closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('Write-off of 300.000 KD on INV-000042 waits for approval')).toBeTruthy();
    expect(screen.queryByText(/written off by credit note/)).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CustomerBalance, CustomerBalanceRow, Payment } from '@admin/shared/contract';
import { approvalRecord, fakeApi, list, openDialog, paymentRecord, renderPage, signInAs } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { day } from '@admin/shared/dates';
import { CustomerBalancesPage } from './customer-balances-page';

const row = (id: string, customerName: string, advanceBalance: number, totalDue: number): CustomerBalanceRow => ({
  _id: id,
  customerName,
  customerAlternateName: customerName === 'Acme Trading' ? 'Acme Alt' : null,
  status: 'medium',
  advanceBalance: fils(advanceBalance),
  totalDue: fils(totalDue),
  netBalance: fils(advanceBalance - totalDue),
  totalPaid: fils(0),
  lastPaymentDate: customerName === 'Acme Trading' ? day('2026-11-20T00:00:00.000Z') : null,
});
/** A customer's balance as GET /payments/customer/{id}/balance answers it: the figures of their row. */
const balanceOf = (
  { advanceBalance, totalDue, netBalance, lastPaymentDate }: CustomerBalanceRow,
  totalPaid: number,
): CustomerBalance => ({ advanceBalance, totalDue, netBalance, totalPaid: fils(totalPaid), lastPaymentDate });
const ACME = row('11111111-1111-4111-8111-111111111111', 'Acme Trading', 5_000, 1_500);
const BETA = row('22222222-2222-4222-8222-222222222222', 'Beta Stores', 0, 2_250);

let server: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => signInAs('admin'));

function serve(balanceFails = false, refundWaits = false) {
  server = fakeApi({
    'GET /customer-balances': () => list([ACME, BETA]),
    [`GET /payments/customer/${ACME._id}/balance`]: () =>
      balanceFails ? { status: 500, body: { message: 'An error occurred' } } : { data: balanceOf(ACME, 9_000) },
    [`GET /payments/customer/${ACME._id}/summary`]: () => ({
      data: {
        paymentSummary: [{ _id: 'advance', totalAmount: 5_000, count: 1 }],
        invoiceSummary: [{ _id: 'unpaid', totalAmount: 1_500, count: 2 }],
      },
    }),
    'POST /payments/refund': ({ body }) =>
      refundWaits
        ? { status: 202, body: { data: approvalRecord({ _id: 'a1', amount: fils(4_000) }) } }
        : {
            status: 201,
            body: { data: paymentRecord({ _id: 'r1', paymentType: 'refund', amount: (body as Payment).amount }) },
          },
  });
  return server;
}

describe('Customer Balances', () => {
  it('sums the page into the three cards and colours the net balance by its sign', async () => {
    serve();
    renderPage(<CustomerBalancesPage />);
    const acme = await screen.findByRole('row', { name: /Acme Trading/ });
    expect(within(acme).getByText('Acme Alt')).toBeTruthy();
    expect(within(acme).getByText('3.500 KD').closest('[data-status]')?.getAttribute('data-status')).toBe('credit');
    expect(within(acme).getByText('20/11/2026')).toBeTruthy();
    const beta = screen.getByRole('row', { name: /Beta Stores/ });
    expect(within(beta).getByText('-2.250 KD').closest('[data-status]')?.getAttribute('data-status')).toBe('owing');

    expect(within(screen.getByRole('region', { name: 'Total Advance Balance' })).getByText('5.000 KD')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Total Outstanding' })).getByText('3.750 KD')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Net Balance' })).getByText('1.250 KD')).toBeTruthy();
  });

  it('the details dialog shows the figures and both summaries, and refunds at most the advance balance', async () => {
    serve();
    renderPage(<CustomerBalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details Acme Trading' }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Total paid on invoices: 9.000 KD', { exact: false })).toBeTruthy();
    const payments = within(dialog).getByRole('region', { name: 'Payment Summary' });
    expect(within(payments).getByRole('row', { name: /Advance 1 5.000 KD/ })).toBeTruthy();
    const invoices = within(dialog).getByRole('region', { name: 'Invoice Summary' });
    expect(within(invoices).getByRole('row', { name: /Unpaid 2 1.500 KD/ })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund Advance' }));
    const amount = within(dialog).getByLabelText(/Refund Amount/) as HTMLInputElement;
    expect(amount.value).toBe('5.000');
    fireEvent.change(amount, { target: { value: '5.001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Amount cannot exceed the advance balance of 5.000 KD')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund processed successfully')).toBeTruthy();
    const refund = server!.sent.find((r) => r.url === '/payments/refund')!;
    expect(refund.body).toMatchObject({ customer: ACME._id, amount: 2_000, paymentMode: 'Cash' });
    expect(refund.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says a refund above the approval amount waits for approval (202) instead of saying it was made', async () => {
    serve(false, true);
    renderPage(<CustomerBalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details Acme Trading' }));
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund Advance' }));
    fireEvent.change(within(dialog).getByLabelText(/Refund Amount/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund of 4.000 KD waits for approval')).toBeTruthy();
    expect(screen.queryByText('Refund processed successfully')).toBeNull();
  });

  it('offers the refund only to users who may refund (not sales)', async () => {
    signInAs('sales');
    serve();
    renderPage(<CustomerBalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details Acme Trading' }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Total paid on invoices: 9.000 KD', { exact: false })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Refund Advance' })).toBeNull();
  });

  it('shows zeros when the balance lookup fails', async () => {
    serve(true);
    renderPage(<CustomerBalancesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details Acme Trading' }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Total paid on invoices: 0.000 KD', { exact: false })).toBeTruthy();
    expect(within(dialog).getAllByText('0.000 KD').length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).queryByRole('button', { name: 'Refund Advance' })).toBeNull();
  });
});

import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cheque, ChequesToDeposit, Role } from '@admin/shared/contract';
import { day } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { bankRecord, fakeApi, list, openDialog, renderPage, signInAs } from '@admin/shared/testing';
import { ChequesPage } from './cheques-page';
import { spreadOver } from './cheque-form';

const CHEQUE: Cheque = {
  _id: 'dddddddd-dddd-4ddd-8ddd-ddddddddddd1',
  chequeNumber: '004512',
  bank: {
    _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1',
    bankName: 'National Bank of Kuwait',
    bankNameAr: 'بنك الكويت الوطني',
  },
  drawerName: null,
  chequeDate: day('2027-01-15T00:00:00.000Z'),
  amount: fils(45_000),
  receivedDate: day('2026-11-27T00:00:00.000Z'),
  postDated: true,
  customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Al-Ghanim Trading Co.' },
  relatedInvoices: [],
  notes: null,
  status: 'in_hand',
  postedDate: null,
  depositedDate: null,
  bankAccount: null,
  clearedDate: null,
  bouncedDate: null,
  bounceReason: null,
  bounceCharge: null,
  returnedDate: null,
  returnReason: null,
  payments: [],
  reversals: [],
  shortfallInvoice: null,
  chargeInvoice: null,
  replacedBy: null,
  replaces: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

const TO_DEPOSIT: ChequesToDeposit = {
  until: day('2026-11-29T00:00:00.000Z'),
  count: 2,
  totalAmount: fils(75_500),
  cheques: [],
};

/** As of Thursday 3 December 2026, the cheque dated Sunday the 6th goes to the bank next. */
const THURSDAY: ChequesToDeposit = {
  until: day('2026-12-06T00:00:00.000Z'),
  count: 1,
  totalAmount: fils(45_000),
  cheques: [{ ...CHEQUE, chequeNumber: '004513', chequeDate: day('2026-12-06T00:00:00.000Z') }],
};

const routes = (cheque: Cheque = CHEQUE) => ({
  'GET /cheques': () => list([cheque]),
  'GET /cheques/to-deposit': ({ params }: { params: Record<string, unknown> }) => ({
    data: params.asOf === '2026-12-03' ? THURSDAY : TO_DEPOSIT,
  }),
});

describe('the cheque register', () => {
  it('lists each cheque with its bank, date, PDC mark, amount and where it is, under what is due for deposit', async () => {
    signInAs('viewer');
    fakeApi(routes());
    renderPage(<ChequesPage />);
    const row = (await screen.findByText('004512')).closest('tr')!;
    for (const text of [
      'Al-Ghanim Trading Co.',
      'National Bank of Kuwait',
      '15/01/2027',
      'PDC',
      '45.000 KD',
      'In hand',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const card = screen.getByRole('region', { name: 'Cheques to deposit' });
    expect(await within(card).findByText('75.500 KD')).toBeTruthy();
    expect(within(card).getByText('2 cheques dated up to 29/11/2026')).toBeTruthy();
  });

  it('plans a deposit ahead: as of a Thursday, the cheques dated up to Sunday', async () => {
    signInAs('viewer');
    const server = fakeApi(routes());
    renderPage(<ChequesPage />);
    const card = screen.getByRole('region', { name: 'Cheques to deposit' });
    expect(await within(card).findByText('75.500 KD')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-12-03' } });
    await waitFor(() =>
      expect(server.sent.some((r) => r.url === '/cheques/to-deposit' && r.params.asOf === '2026-12-03')).toBe(true),
    );
    expect(await within(card).findByText('1 cheque dated up to 06/12/2026')).toBeTruthy();
    const planned = screen.getByRole('table', { name: 'Cheques to deposit' });
    expect(within(planned).getByText('004513')).toBeTruthy();
    expect(within(planned).getByText('06/12/2026')).toBeTruthy();
  });

  const SEES: Partial<Record<Role, string[]>> = {
    viewer: [],
    sales: ['Record Cheque'],
    accountant: ['Record Cheque', 'Deposit cheque 004512', 'Return cheque 004512'],
  };
  for (const [role, visible] of Object.entries(SEES)) {
    it(`${role} sees ${visible.join(', ') || 'no actions'}`, async () => {
      signInAs(role as Role);
      fakeApi(routes());
      renderPage(<ChequesPage />);
      await screen.findByText('004512');
      const all = ['Record Cheque', 'Deposit cheque 004512', 'Return cheque 004512', 'Clear cheque 004512'];
      expect(all.filter((name) => screen.queryByRole('button', { name }))).toEqual(visible);
    });
  }

  const posted = (id: string, paymentNumber: string, paymentType: 'invoice_payment' | 'advance', amount: number) => ({
    _id: id,
    paymentNumber,
    paymentType,
    amount: fils(amount),
    paymentDate: day('2027-01-17T00:00:00.000Z'),
  });
  const CLEARED: Cheque = {
    ...CHEQUE,
    status: 'cleared',
    payments: [
      posted('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1', 'PAY-000201', 'invoice_payment', 40_000),
      posted('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee2', 'PAY-000202', 'advance', 5_000),
    ],
  };

  it('links a cleared cheque to the receipt of each payment it posted', async () => {
    signInAs('viewer');
    fakeApi(routes(CLEARED));
    renderPage(<ChequesPage />);
    const receipt = await screen.findByRole('link', { name: 'Receipt RCT-000201' });
    expect(receipt.textContent).toBe('Receipt RCT-000201');
    expect(receipt.getAttribute('href')).toBe('/payments/eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1/receipt');
    expect(screen.getByRole('link', { name: 'Receipt RCT-000202' })).toBeTruthy();
  });

  it('links a bounced cheque to no receipt: what it posted was taken back', async () => {
    signInAs('viewer');
    const reversal = posted('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee3', 'PAY-000230', 'invoice_payment', -40_000);
    fakeApi(routes({ ...CLEARED, status: 'bounced', reversals: [reversal] }));
    renderPage(<ChequesPage />);
    await screen.findByText('Bounced');
    expect(screen.queryByRole('link', { name: /^Receipt/ })).toBeNull();
  });

  it('replaces a bounced cheque by a new one: its number, bank, date and amount, the bounced amount to start', async () => {
    signInAs('accountant');
    const api = fakeApi({
      ...routes({ ...CHEQUE, status: 'bounced' }),
      'GET /banks': () => list([bankRecord(CHEQUE.bank)]),
      'POST /cheques/dddddddd-dddd-4ddd-8ddd-ddddddddddd1/replace': () => ({ data: { ...CHEQUE, status: 'replaced' } }),
    });
    renderPage(<ChequesPage />);
    await screen.findByText('004512');
    await userEvent.click(screen.getByRole('button', { name: 'Replace cheque 004512' }));
    const dialog = await openDialog({ name: 'Replace cheque 004512' });
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('45.000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await within(dialog).findByText('Cheque number is required')).toBeTruthy();
    expect(within(dialog).getByText('Bank is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/New Cheque Number/), '004600');
    await within(dialog).findByRole('option', { name: 'National Bank of Kuwait' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Bank/), CHEQUE.bank._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Cheque 004512 replaced')).toBeTruthy();
    const sent = api.sent.filter((request) => request.url.endsWith('/replace'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ chequeNumber: '004600', bank: CHEQUE.bank._id, amount: 45_000 });
  });

  it('offers the steps of a deposited cheque, and a bounce sends its date, reason and charge once', async () => {
    signInAs('accountant');
    const api = fakeApi({
      ...routes({ ...CHEQUE, status: 'deposited' }),
      'POST /cheques/dddddddd-dddd-4ddd-8ddd-ddddddddddd1/bounce': () => ({ data: { ...CHEQUE, status: 'bounced' } }),
    });
    renderPage(<ChequesPage />);
    await screen.findByText('004512');
    expect(screen.queryByRole('button', { name: 'Deposit cheque 004512' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Bounce cheque 004512' }));
    const dialog = await openDialog({ name: 'Bounce cheque 004512' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Insufficient funds');
    await userEvent.type(within(dialog).getByLabelText(/Bank Charge/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bounce' }));
    expect(await screen.findByText('Cheque 004512 bounced')).toBeTruthy();
    const bounces = api.sent.filter((request) => request.url.endsWith('/bounce'));
    expect(bounces).toHaveLength(1);
    expect(bounces[0]?.body).toMatchObject({ reason: 'Insufficient funds', charge: 5000 });
    expect(bounces[0]?.headers['Idempotency-Key']).toBeTruthy();
  });
});

describe("a cheque's amount over the invoices it is meant for", () => {
  const invoice = (id: string, remaining: number) => ({
    invoice: id,
    invoiceNumber: id,
    remainingAmount: fils(remaining),
  });
  it('gives each ticked invoice what it still owes until the amount runs out; the rest stays for the advance', () => {
    expect(spreadOver(fils(60_000), [invoice('a', 45_000), invoice('b', 30_000), invoice('c', 10_000)])).toEqual([
      { invoice: 'a', paidAmount: 45_000 },
      { invoice: 'b', paidAmount: 15_000 },
    ]);
    expect(spreadOver(fils(100_000), [invoice('a', 45_000)])).toEqual([{ invoice: 'a', paidAmount: 45_000 }]);
  });
});

import { describe, expect, it } from '@rstest/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fundingOf, type Payment } from '@admin/shared/contract';
import { businessToday, day } from '@admin/shared/dates';
import { setLanguage } from '@admin/shared/i18n';
import {
  bankRecord,
  customerRecord,
  fakeApi,
  invoiceRecord,
  list,
  openDialog,
  paymentRecord,
  renderPage,
  type SentRequest,
} from '@admin/shared/testing';
import { fils, type Fils } from '@admin/shared/money';
import { PaymentDialog } from './payment-dialog';

const ACME = customerRecord({ _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' });
const BETA = customerRecord({ _id: '22222222-2222-4222-8222-222222222222', customerName: 'Beta Stores' });
const INV1 = invoiceRecord({
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  invoiceNumber: 'INV-000001',
  totalAmount: fils(10_000),
  paidAmount: fils(4_000),
  remainingAmount: fils(6_000),
});
const INV2 = invoiceRecord({
  _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  invoiceNumber: 'INV-000002',
  dateOfCreation: day('2026-11-02T00:00:00.000Z'),
  totalAmount: fils(5_000),
  remainingAmount: fils(5_000),
});

const GULF_BANK = bankRecord({ bankName: 'Gulf Bank', bankNameAr: 'بنك الخليج' });

let server: ReturnType<typeof fakeApi> | undefined;

/** The API as the dialog uses it: Acme owes two invoices and holds 7.000 KD of advance; Beta owes nothing. */
function serve() {
  server = fakeApi({
    'GET /customers': () => list([ACME, BETA]),
    'GET /invoices': ({ params }) => list(params.customer === ACME._id ? [INV1, INV2] : []),
    'GET /payments/customer/11111111-1111-4111-8111-111111111111/balance': () => ({
      data: { advanceBalance: 7_000, totalDue: 11_000, netBalance: -4_000, totalPaid: 4_000, lastPaymentDate: null },
    }),
    'GET /payments/customer/22222222-2222-4222-8222-222222222222/balance': () => ({
      data: { advanceBalance: 0, totalDue: 0, netBalance: 0, totalPaid: 0, lastPaymentDate: null },
    }),
    'POST /payments/advance': ({ body }) => {
      const { amount, paymentMode } = body as Pick<Payment, 'amount' | 'paymentMode'>;
      return { status: 201, body: { data: paymentRecord({ _id: 'p1', amount, paymentMode }) } };
    },
    'POST /payments/invoice': ({ body }) => {
      const b = body as { amount: Fils; useAdvanceBalance: boolean };
      // Acme's 7.000 KD of advance, funded by the contract's one rule, as the API funds it.
      const { advanceUsed, rest } = fundingOf(b.amount, fils(7_000), b.useAdvanceBalance);
      const payment = paymentRecord({ _id: 'p2', paymentType: 'invoice_payment', amount: b.amount, advanceUsed });
      return { status: 201, body: { data: { payment, advanceUsed, remainingAmountPaid: rest } } };
    },
    'PUT /payments/p9': ({ body }) => ({ data: paymentRecord({ ...(body as Partial<Payment>), _id: 'p9' }) }),
    'GET /banks': () => list([GULF_BANK]),
  });
  return server;
}

const posted = (url: string): SentRequest[] => server!.sent.filter((r) => r.method !== 'GET' && r.url === url);

async function openPanel(tab: 'advance' | 'invoice') {
  renderPage(<PaymentDialog state={tab} onClose={() => undefined} />);
  const dialog = await openDialog();
  expect(within(dialog).getByText('Add New Payment')).toBeTruthy();
  // Both tabs stay mounted (switching keeps what was typed); the visible one is the tab panel.
  return within(dialog).getByRole('tabpanel');
}

const modesOffered = (panel: HTMLElement) =>
  within(within(panel).getByLabelText(/Payment Mode/))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** Opens the customer search and chooses a match, as staff do. */
async function chooseCustomer(panel: HTMLElement, customer: { _id: string; customerName: string }) {
  const box = within(panel).getByRole('combobox', { name: /Customer/ });
  fireEvent.change(box, { target: { value: customer.customerName.slice(0, 4) } });
  fireEvent.click(await within(panel).findByRole('option', { name: customer.customerName }));
}

describe('Advance Payment tab', () => {
  it('asks for the customer and an amount above 0, in the exact words', async () => {
    serve();
    const panel = await openPanel('advance');
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Customer is required')).toBeTruthy();
    expect(within(panel).getByText('Amount is required')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(/Amount \(KD\)/), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Amount must be greater than 0')).toBeTruthy();
    expect(posted('/payments/advance')).toHaveLength(0);
  });

  it('sends exact fils, the day as UTC midnight, Cash by default, and an Idempotency-Key', async () => {
    serve();
    const panel = await openPanel('advance');
    await chooseCustomer(panel, ACME);
    fireEvent.change(within(panel).getByLabelText(/Amount \(KD\)/), { target: { value: '1.005' } });
    fireEvent.change(within(panel).getByLabelText(/Reference Number/), { target: { value: 'R-1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Advance payment created successfully')).toBeTruthy();
    const [request] = posted('/payments/advance');
    expect(request?.body).toEqual({
      customer: ACME._id,
      paymentDate: `${businessToday()}T00:00:00.000Z`,
      paymentMode: 'Cash',
      amount: 1005,
      referenceNumber: 'R-1',
    });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('in mode Check asks for the cheque, refuses a post-dated one and sends it with the payment', async () => {
    serve();
    const panel = await openPanel('advance');
    await chooseCustomer(panel, ACME);
    fireEvent.change(within(panel).getByLabelText(/Amount \(KD\)/), { target: { value: '7' } });
    expect(within(panel).queryByLabelText(/Cheque Number/)).toBeNull();
    fireEvent.change(within(panel).getByLabelText(/Payment Mode/), { target: { value: 'Check' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Cheque number is required')).toBeTruthy();
    expect(within(panel).getByText('Bank is required')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText(/Cheque Number/), { target: { value: '004512' } });
    await within(panel).findByRole('option', { name: 'Gulf Bank' });
    fireEvent.change(within(panel).getByLabelText(/^Bank/), { target: { value: GULF_BANK._id } });
    fireEvent.change(within(panel).getByLabelText(/Cheque Date/), { target: { value: '2099-01-15' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('A post-dated cheque is recorded on the Cheques page')).toBeTruthy();
    expect(posted('/payments/advance')).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText(/Cheque Date/), { target: { value: businessToday() } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Advance payment created successfully')).toBeTruthy();
    expect(posted('/payments/advance')[0]?.body).toMatchObject({
      paymentMode: 'Check',
      amount: 7_000,
      cheque: { chequeNumber: '004512', bank: GULF_BANK._id, chequeDate: `${businessToday()}T00:00:00.000Z` },
    });
  });

  it('does not offer paying an advance "from the advance"', async () => {
    serve();
    expect(modesOffered(await openPanel('advance'))).toEqual(['Cash', 'Knet', 'Bank Transfer', 'Credit Card', 'Check']);
  });

  it('offers paying invoices from the advance as a mode of its own', async () => {
    serve();
    expect(modesOffered(await openPanel('invoice'))).toContain('Advance');
  });
});

describe('Invoice Payment tab', () => {
  it("offers only the chosen customer's unpaid invoices with their remaining amounts, or says there are none", async () => {
    serve();
    const panel = await openPanel('invoice');
    await chooseCustomer(panel, ACME);
    const table = await within(panel).findByRole('table', { name: 'Unpaid invoices' });
    const row = within(table).getByRole('row', { name: /INV-000001/ });
    expect(within(row).getByText('6.000 KD')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /INV-000002/ })).toBeTruthy();
    expect(server!.sent.find((r) => r.url === '/invoices')?.params).toMatchObject({
      customer: ACME._id,
      status: 'sent,unpaid,overdue',
    });

    await chooseCustomer(panel, BETA);
    expect(await within(panel).findByText('No unpaid invoices found for this customer')).toBeTruthy();
  });

  it('needs at least one invoice, and each amount within the remaining', async () => {
    serve();
    const panel = await openPanel('invoice');
    await chooseCustomer(panel, ACME);
    await within(panel).findByRole('checkbox', { name: 'Pay INV-000001' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Please select at least one invoice to pay')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Pay INV-000001' }));
    const amount = within(panel).getByRole('textbox', { name: 'Amount for INV-000001' }) as HTMLInputElement;
    expect(amount.value).toBe('6.000');
    fireEvent.change(amount, { target: { value: '6.001' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Amount cannot exceed the remaining 6.000 KD')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Amount must be greater than 0')).toBeTruthy();
    expect(posted('/payments/invoice')).toHaveLength(0);
  });

  it('splits the total between the advance balance and the chosen mode, and says when the advance covers it all', async () => {
    serve();
    const panel = await openPanel('invoice');
    await chooseCustomer(panel, ACME);
    fireEvent.click(await within(panel).findByRole('checkbox', { name: 'Pay INV-000001' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Pay INV-000002' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Amount for INV-000001' }), {
      target: { value: '2.500' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Amount for INV-000002' }), { target: { value: '4' } });
    const breakdown = within(panel).getByRole('region', { name: 'Payment breakdown' });
    expect(within(breakdown).getAllByText('6.500 KD')).toHaveLength(2);
    expect(within(breakdown).getByText('Paid in Cash')).toBeTruthy();

    fireEvent.click(await within(panel).findByLabelText('Use Advance Balance (7.000 KD available)'));
    await waitFor(() => expect(within(breakdown).getByText('Advance used')).toBeTruthy());
    // Total 6.500, advance used 6.500, paid in Cash 0.000.
    expect(within(breakdown).getAllByText('6.500 KD')).toHaveLength(2);
    expect(within(breakdown).getByText('0.000 KD')).toBeTruthy();
    expect(within(breakdown).getByText('Full payment will be covered by advance balance')).toBeTruthy();

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Amount for INV-000001' }), { target: { value: '6' } });
    await waitFor(() => expect(within(breakdown).getByText('10.000 KD')).toBeTruthy());
    expect(within(breakdown).getByText('7.000 KD')).toBeTruthy();
    expect(within(breakdown).getByText('Paid in Cash')).toBeTruthy();
    expect(within(breakdown).getByText('3.000 KD')).toBeTruthy();
    expect(within(breakdown).queryByText('Full payment will be covered by advance balance')).toBeNull();

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Payment Mode' }), { target: { value: 'Knet' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        'Invoice payment processed successfully. Invoices settled 10.000 KD: 7.000 KD from advance, 3.000 KD by Knet',
      ),
    ).toBeTruthy();
    const [request] = posted('/payments/invoice');
    expect(request?.body).toMatchObject({
      customer: ACME._id,
      paymentMode: 'Knet',
      amount: 10_000,
      useAdvanceBalance: true,
      relatedInvoices: [
        { invoice: INV1._id, paidAmount: 6_000 },
        { invoice: INV2._id, paidAmount: 4_000 },
      ],
    });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('switching the customer clears the chosen invoices and the advance choice', async () => {
    serve();
    const panel = await openPanel('invoice');
    await chooseCustomer(panel, ACME);
    fireEvent.click(await within(panel).findByRole('checkbox', { name: 'Pay INV-000001' }));
    fireEvent.click(await within(panel).findByLabelText('Use Advance Balance (7.000 KD available)'));
    await chooseCustomer(panel, BETA);
    await within(panel).findByText('No unpaid invoices found for this customer');
    await chooseCustomer(panel, ACME);
    const box = (await within(panel).findByRole('checkbox', { name: 'Pay INV-000001' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect((within(panel).getByLabelText('Use Advance Balance (7.000 KD available)') as HTMLInputElement).checked).toBe(
      false,
    );
    const breakdown = within(panel).getByRole('region', { name: 'Payment breakdown' });
    expect(within(breakdown).getAllByText('0.000 KD').length).toBeGreaterThan(0);
  });
});

describe('Edit Payment', () => {
  const payment: Payment = {
    _id: 'p9',
    paymentNumber: 'PAY-000009',
    customer: ACME,
    paymentType: 'invoice_payment',
    paymentMode: 'Knet',
    amount: fils(10_000),
    advanceUsed: fils(7_000),
    remainingAmountPaid: fils(3_000),
    allocations: [{ invoice: INV1._id, invoiceNumber: 'INV-000001', amount: fils(10_000) }],
    paymentDate: day('2026-11-20T00:00:00.000Z'),
    referenceNumber: 'K-1',
    notes: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
  };

  it('shows the amounts read-only and sends only the fields that do not move money', async () => {
    serve();
    renderPage(<PaymentDialog state={payment} onClose={() => undefined} />);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Edit Payment')).toBeTruthy();
    const amounts = within(dialog).getByRole('region', { name: 'Recorded amounts' });
    expect(within(amounts).getAllByText('10.000 KD')).toHaveLength(2);
    expect(within(amounts).getByText('7.000 KD')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: /Amount/ })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/Reference Number/), { target: { value: 'K-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Payment updated successfully')).toBeTruthy();
    const [request] = server!.sent.filter((r) => r.method === 'PUT');
    expect(request?.url).toBe('/payments/p9');
    expect(request?.body).toEqual({
      paymentDate: '2026-11-20T00:00:00.000Z',
      paymentMode: 'Knet',
      referenceNumber: 'K-2',
      notes: null,
    });
  });
});

describe('In Arabic', () => {
  it('names the tabs, fields, modes and breakdown in Arabic, amounts left to right, and says what is missing in Arabic', async () => {
    serve();
    await act(() => setLanguage('ar'));
    try {
      renderPage(<PaymentDialog state="invoice" onClose={() => undefined} />);
      const dialog = await openDialog({ name: 'إضافة دفعة جديدة' });
      expect(within(dialog).getByRole('tab', { name: 'سداد فاتورة' }).getAttribute('aria-selected')).toBe('true');
      const panel = within(dialog).getByRole('tabpanel');
      const modes = within(within(panel).getByLabelText(/طريقة الدفع/))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(modes).toContain('كي نت');
      expect(modes).toContain('تحويل بنكي');
      // The stored value is still the English one the API knows.
      expect((within(panel).getByLabelText(/طريقة الدفع/) as HTMLSelectElement).value).toBe('Cash');
      const breakdown = within(panel).getByRole('region', { name: 'تفاصيل الدفعة' });
      expect(within(breakdown).getByText('المدفوع بطريقة نقدًا')).toBeTruthy();
      for (const amount of within(breakdown).getAllByText('0.000 د.ك')) expect(amount.getAttribute('dir')).toBe('ltr');
      fireEvent.submit(panel.querySelector('form')!);
      expect(await within(panel).findByText('العميل مطلوب')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

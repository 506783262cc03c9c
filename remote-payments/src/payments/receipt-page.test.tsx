import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Payment, PaymentReceipt } from '@admin/shared/contract';
import { day } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { answer, customerRecord, fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { PaymentsArea } from './payments-area';

const ACME = '11111111-1111-4111-8111-111111111111';
const PAYMENT_ID = 'cccccccc-cccc-4ccc-8ccc-ccccccccccc1';

const RECEIPT: PaymentReceipt = {
  _id: PAYMENT_ID,
  receiptNumber: 'RCT-000123',
  paymentNumber: 'PAY-000123',
  paymentType: 'invoice_payment',
  paymentDate: day('2026-11-21T00:00:00.000Z'),
  customer: { _id: ACME, customerName: 'Acme Trading', customerAlternateName: 'أكمي للتجارة' },
  parts: [
    { mode: 'Knet', amount: fils(15_250) },
    { mode: 'Advance', amount: fils(45_000) },
  ],
  total: fils(60_250),
  amountInWords: {
    en: 'Sixty Kuwaiti dinars and two hundred fifty fils',
    ar: 'ستون دينارًا كويتيًا ومائتان وخمسون فلسًا',
  },
  invoices: [
    {
      invoice: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
      invoiceNumber: 'INV-000041',
      totalAmount: fils(50_000),
      paidAmount: fils(40_000),
      remainingAfter: fils(10_000),
    },
    {
      invoice: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
      invoiceNumber: 'INV-000042',
      totalAmount: fils(30_000),
      paidAmount: fils(20_250),
      remainingAfter: fils(0),
    },
  ],
  cheque: null,
  takenBackBy: null,
  referenceNumber: 'K-77',
  notes: null,
};

let server: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => signInAs('viewer'));
afterEach(() => server?.restore());

/** The receipt page for `receipt`, whose customer prefers `language`. */
function openReceipt(receipt: PaymentReceipt, language: 'en' | 'ar' = 'en', query = '') {
  server = fakeApi({
    [`GET /payments/${receipt._id}/receipt`]: () => ({ data: receipt }),
    [`GET /customers/${ACME}`]: () =>
      answer(customerRecord({ _id: ACME, customerAlternateName: 'أكمي للتجارة', preferredLanguage: language })),
  });
  renderPage(<PaymentsArea />, `/${receipt._id}/receipt${query}`);
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('A receipt', () => {
  it('states the parts, the invoices with what each owed after it, and the amount in words', async () => {
    openReceipt(RECEIPT);
    const sheet = await screen.findByRole('article', { name: 'Receipt RCT-000123' });
    expect(sheet.getAttribute('dir')).toBe('ltr');
    expect(within(sheet).getByText('Receipt Voucher')).toBeTruthy();
    expect(within(sheet).getByText('Received from')).toBeTruthy();
    expect(await within(sheet).findByText('أكمي للتجارة')).toBeTruthy();
    expect(within(sheet).getByText('PAY-000123')).toBeTruthy();
    expect(within(sheet).getByText('K-77')).toBeTruthy();

    const parts = within(sheet).getByLabelText('Paid by');
    expect(within(parts).getByText('Knet')).toBeTruthy();
    expect(within(parts).getByText('15.250 KD')).toBeTruthy();
    expect(within(parts).getByText('From advance balance')).toBeTruthy();
    expect(within(parts).getByText('45.000 KD')).toBeTruthy();
    expect(within(parts).getByText('60.250 KD')).toBeTruthy();
    expect(within(sheet).getByText('Sixty Kuwaiti dinars and two hundred fifty fils')).toBeTruthy();
    expect(within(sheet).queryByText('ستون دينارًا كويتيًا ومائتان وخمسون فلسًا')).toBeNull();

    const invoices = within(sheet).getByRole('table', { name: 'Invoices settled' });
    expect(rowsOf(invoices)).toEqual([
      'Invoice #Invoice TotalPaidRemaining After',
      'INV-00004150.000 KD40.000 KD10.000 KD',
      'INV-00004230.000 KD20.250 KD0.000 KD',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Payments' }).getAttribute('href')).toBe('/payments');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it("opens in the customer's Arabic, right to left, and prints both languages side by side when chosen", async () => {
    openReceipt(RECEIPT, 'ar');
    const arabic = await screen.findByRole('article', { name: 'سند قبض RCT-000123' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(within(arabic).getByText('استلمنا من')).toBeTruthy();
    expect(within(arabic).getByText('ستون دينارًا كويتيًا ومائتان وخمسون فلسًا')).toBeTruthy();
    expect(within(within(arabic).getByLabelText('طريقة الدفع')).getByText('من الرصيد المقدم')).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Print language' })).getByRole('button', { name: 'Bilingual' }),
    );
    const both = await screen.findByRole('article', { name: 'Receipt RCT-000123' });
    expect(within(both).getByText('Sixty Kuwaiti dinars and two hundred fifty fils').getAttribute('lang')).toBe('en');
    expect(within(both).getByText('ستون دينارًا كويتيًا ومائتان وخمسون فلسًا').getAttribute('dir')).toBe('rtl');
  });

  it("names the cheque that posted it, its bank in the document's language, and says when it was taken back", async () => {
    openReceipt(
      {
        ...RECEIPT,
        parts: [{ mode: 'Check', amount: fils(6_000) }],
        total: fils(6_000),
        cheque: {
          _id: 'dddddddd-dddd-4ddd-8ddd-ddddddddddd1',
          chequeNumber: '004512',
          bank: { _id: 'b1', bankName: 'Gulf Bank', bankNameAr: 'بنك الخليج' },
          chequeDate: day('2026-11-20T00:00:00.000Z'),
          drawerName: 'Ali Hassan',
        },
        takenBackBy: { paymentNumber: 'PAY-000130', paymentDate: day('2026-11-26T00:00:00.000Z') },
      },
      'en',
      '?print=ar',
    );
    const sheet = await screen.findByRole('article', { name: 'سند قبض RCT-000123' });
    const cheque = within(sheet).getByLabelText('الشيك');
    expect(within(cheque).getByText('004512')).toBeTruthy();
    expect(within(cheque).getByText('بنك الخليج')).toBeTruthy();
    expect(within(cheque).getByText('20/11/2026')).toBeTruthy();
    expect(within(cheque).getByText('Ali Hassan')).toBeTruthy();
    expect(within(sheet).getByText('عُكست بالقيد PAY-000130 بتاريخ 26/11/2026: لم يُصرف الشيك.')).toBeTruthy();
  });

  it('of a refund is a voucher of money paid out, to the customer', async () => {
    openReceipt({
      ...RECEIPT,
      receiptNumber: 'RFD-000124',
      paymentNumber: 'PAY-000124',
      paymentType: 'refund',
      parts: [{ mode: 'Bank Transfer', amount: fils(4_000) }],
      total: fils(4_000),
      amountInWords: { en: 'Four Kuwaiti dinars', ar: 'أربعة دنانير كويتية' },
      invoices: [],
    });
    const sheet = await screen.findByRole('article', { name: 'Refund voucher RFD-000124' });
    expect(within(sheet).getByText('Refund Voucher')).toBeTruthy();
    expect(within(sheet).getByText('Paid to')).toBeTruthy();
    expect(within(within(sheet).getByLabelText('Paid out by')).getByText('Bank transfer')).toBeTruthy();
    expect(within(sheet).getByText('Four Kuwaiti dinars')).toBeTruthy();
    expect(within(sheet).queryByRole('table', { name: 'Invoices settled' })).toBeNull();
  });
});

describe('The payments list', () => {
  it('links each payment to its receipt, and a reversal entry to none', async () => {
    const payment = (changes: Partial<Payment>): Payment => ({
      _id: PAYMENT_ID,
      paymentNumber: 'PAY-000123',
      customer: { _id: ACME, customerName: 'Acme Trading' },
      paymentType: 'invoice_payment',
      paymentMode: 'Check',
      amount: fils(6_000),
      advanceUsed: fils(0),
      remainingAmountPaid: fils(6_000),
      allocations: [],
      paymentDate: day('2026-11-21T00:00:00.000Z'),
      referenceNumber: null,
      notes: null,
      createdAt: '2026-11-21T00:00:00.000Z',
      updatedAt: '2026-11-21T00:00:00.000Z',
      ...changes,
    });
    server = fakeApi({
      'GET /payments': () =>
        list([
          payment({}),
          payment({ _id: `${PAYMENT_ID.slice(0, -1)}2`, paymentNumber: 'PAY-000130', amount: fils(-6_000) }),
          payment({
            _id: `${PAYMENT_ID.slice(0, -1)}3`,
            paymentNumber: 'PAY-000131',
            paymentType: 'refund',
            amount: fils(-1_000),
          }),
        ]),
    });
    renderPage(<PaymentsArea />);
    expect(await screen.findByText('PAY-000130')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Receipt RCT-000123' }).getAttribute('href')).toBe(
      `/payments/${PAYMENT_ID}/receipt`,
    );
    expect(screen.getByRole('link', { name: 'Voucher RFD-000131' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Receipt RCT-000130' })).toBeNull();
  });
});

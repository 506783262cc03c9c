import type { Bank, PaymentReceipt } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { create, ledgerViolations, read, setUpApp, setUpLedger } from '../../test';

/** Thursday 26 November 2026 in Kuwait, after the fixtures' payment day (the 21st). */
const t = setUpApp({ now: () => new Date('2026-11-26T06:00:00.000Z') });
const f = setUpLedger(t);
let bank: Bank;
beforeAll(async () => {
  bank = await create<Bank>(t, '/api/banks', { bankName: 'Gulf Bank', bankNameAr: 'بنك الخليج' });
});

const receiptOf = async (paymentId: string) =>
  (await read<{ data: PaymentReceipt }>(t, `/api/payments/${paymentId}/receipt`)).data;
/** The receipt number a payment number gives: the same digits. */
const digitsOf = (paymentNumber: string) => paymentNumber.slice('PAY-'.length);

describe('a receipt', () => {
  it("of an advance: its number from the payment's, the customer's two names, the mode, the words", async () => {
    const customer = await f.customer('Acme Trading', { customerAlternateName: 'أكمي للتجارة' });
    const advance = await f.advance(customer._id, 25_500, {
      paymentMode: 'Knet',
      referenceNumber: 'K-1',
      notes: 'Deposit for the spring order',
    });
    expect(await receiptOf(advance._id)).toEqual({
      _id: advance._id,
      receiptNumber: `RCT-${digitsOf(advance.paymentNumber)}`,
      paymentNumber: advance.paymentNumber,
      paymentType: 'advance',
      paymentDate: f.day,
      customer: { _id: customer._id, customerName: 'Acme Trading', customerAlternateName: 'أكمي للتجارة' },
      parts: [{ mode: 'Knet', amount: 25_500 }],
      total: 25_500,
      amountInWords: {
        en: 'Twenty-five Kuwaiti dinars and five hundred fils',
        ar: 'خمسة وعشرون دينارًا كويتيًا وخمسمائة فلس',
      },
      invoices: [],
      cheque: null,
      takenBackBy: null,
      referenceNumber: 'K-1',
      notes: 'Deposit for the spring order',
    });
  });

  it('of an invoice payment partly from the advance: both parts, and what each invoice owed after it', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 45_000);
    const first = await f.invoice(customer._id, 50_000);
    const second = await f.invoice(customer._id, 30_000);
    // Paid before: counts in what the second invoice owed after the receipt's payment.
    await f.pay(customer._id, [[second.id, 5_000]], { paymentMode: 'Cash' });
    const { payment } = await f.pay(
      customer._id,
      [
        [first.id, 40_000],
        [second.id, 20_250],
      ],
      { useAdvanceBalance: true },
    );

    const receipt = await receiptOf(payment._id);
    expect(receipt).toMatchObject({
      receiptNumber: `RCT-${digitsOf(payment.paymentNumber)}`,
      paymentType: 'invoice_payment',
      parts: [
        { mode: 'Knet', amount: 15_250 },
        { mode: 'Advance', amount: 45_000 },
      ],
      total: 60_250,
      amountInWords: {
        en: 'Sixty Kuwaiti dinars and two hundred fifty fils',
        ar: 'ستون دينارًا كويتيًا ومائتان وخمسون فلسًا',
      },
      cheque: null,
    });
    const settled = [
      {
        invoice: first.id,
        invoiceNumber: first.invoiceNumber,
        totalAmount: 50_000,
        paidAmount: 40_000,
        remainingAfter: 10_000,
      },
      {
        invoice: second.id,
        invoiceNumber: second.invoiceNumber,
        totalAmount: 30_000,
        paidAmount: 20_250,
        remainingAfter: 4_750,
      },
    ];
    expect(receipt.invoices).toEqual(settled);

    // A later payment settles the rest: the old receipt reads as it was issued, the new one shows 0.
    const { payment: later } = await f.pay(customer._id, [[first.id, 10_000]]);
    expect(await receiptOf(payment._id)).toEqual(receipt);
    expect((await receiptOf(later._id)).invoices).toEqual([
      {
        invoice: first.id,
        invoiceNumber: first.invoiceNumber,
        totalAmount: 50_000,
        paidAmount: 10_000,
        remainingAfter: 0,
      },
    ]);
  });

  it('of a payment wholly from the advance: one part, Advance', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 10_000);
    const invoice = await f.invoice(customer._id, 8_000);
    const { payment } = await f.pay(customer._id, [[invoice.id, 8_000]], { paymentMode: 'Advance' });
    expect(await receiptOf(payment._id)).toMatchObject({
      parts: [{ mode: 'Advance', amount: 8_000 }],
      total: 8_000,
      amountInWords: { en: 'Eight Kuwaiti dinars', ar: 'ثمانية دنانير كويتية' },
      invoices: [{ invoice: invoice.id, paidAmount: 8_000, remainingAfter: 0 }],
    });
  });

  it("of a cheque's payments: the cheque's number, bank in both languages, date and drawer", async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const cheque = await f.cheque(customer._id, bank._id, 15_000, [[invoice.id, 6_000]], { drawerName: 'Ali Hassan' });
    const [paid, advance] = cheque.payments;
    const chequeDetails = {
      _id: cheque._id,
      chequeNumber: cheque.chequeNumber,
      bank: { _id: bank._id, bankName: 'Gulf Bank', bankNameAr: 'بنك الخليج' },
      chequeDate: '2026-11-20T00:00:00.000Z',
      drawerName: 'Ali Hassan',
    };
    const receipt = await receiptOf(paid!._id);
    expect(receipt).toMatchObject({
      paymentType: 'invoice_payment',
      parts: [{ mode: 'Check', amount: 6_000 }],
      total: 6_000,
      referenceNumber: cheque.chequeNumber,
      cheque: chequeDetails,
      invoices: [{ invoice: invoice.id, totalAmount: 10_000, paidAmount: 6_000, remainingAfter: 4_000 }],
      takenBackBy: null,
    });
    expect(await receiptOf(advance!._id)).toMatchObject({
      paymentType: 'advance',
      parts: [{ mode: 'Check', amount: 9_000 }],
      cheque: chequeDetails,
    });

    // The cheque bounces: its payments are taken back by entries of their own.
    await f.step(cheque._id, 'deposit');
    const bounced = await f.step(cheque._id, 'bounce', { reason: 'Insufficient funds' });
    const reversal = bounced.reversals.find((entry) => entry.paymentType === 'invoice_payment')!;
    // The receipt issued still reads as it did, and says the payment was taken back.
    expect(await receiptOf(paid!._id)).toEqual({
      ...receipt,
      takenBackBy: { paymentNumber: reversal.paymentNumber, paymentDate: reversal.paymentDate },
    });
    // The reversal entry took money back: it has no receipt.
    const refused = await t.request('GET', `/api/payments/${reversal._id}/receipt`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${reversal.paymentNumber} takes back ${paid!.paymentNumber}: a reversal has no receipt`,
    );
    const arabic = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${reversal._id}/receipt`,
      headers: { ...(await t.login()), 'accept-language': 'ar' },
    });
    expect(arabic.json().message).toBe(
      `${reversal.paymentNumber} قيد يعكس الدفعة ${paid!.paymentNumber}: لا يصدر سند قبض لقيد عكسي`,
    );
    // A later payment after the reversal owes again what the cheque had paid.
    const { payment: again } = await f.pay(customer._id, [[invoice.id, 10_000]], { paymentMode: 'Cash' });
    expect((await receiptOf(again._id)).invoices).toMatchObject([{ paidAmount: 10_000, remainingAfter: 0 }]);
  });

  it('of a refund: a voucher of money paid out, numbered apart, the amount positive', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 10_000);
    const refund = await f.refund(customer._id, 4_000, { paymentMode: 'Bank Transfer' });
    expect(refund.amount).toBe(-4_000);
    expect(await receiptOf(refund._id)).toMatchObject({
      receiptNumber: `RFD-${digitsOf(refund.paymentNumber)}`,
      paymentType: 'refund',
      parts: [{ mode: 'Bank Transfer', amount: 4_000 }],
      total: 4_000,
      amountInWords: { en: 'Four Kuwaiti dinars', ar: 'أربعة دنانير كويتية' },
      invoices: [],
    });
  });
});

describe('no receipt', () => {
  it('for a payment that does not exist', async () => {
    const missing = await t.request('GET', '/api/payments/00000000-0000-4000-8000-000000000000/receipt');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Payment not found');
    expect((await t.request('GET', '/api/payments/not-an-id/receipt')).statusCode).toBe(404);
  });

  it('for whoever may not read payments: signed out, or not past a temporary password', async () => {
    const route = t.app.apiRoutes.find((r) => r.method === 'GET' && r.url === '/api/payments/:id/receipt');
    expect(route?.access).toEqual({ permission: 'payments.read' });

    const customer = await f.customer();
    const advance = await f.advance(customer._id, 1_000);
    const url = `/api/payments/${advance._id}/receipt`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const viewer = await t.app.inject({ method: 'GET', url, headers: await t.signInAs('viewer') });
    expect(viewer.statusCode).toBe(200);

    const admin = await t.signInAs('admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { username: 'receipt-temporary', name: 'Temporary', role: 'accountant' },
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'receipt-temporary', password: created.json().data.temporaryPassword },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${signedIn.json().data.token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

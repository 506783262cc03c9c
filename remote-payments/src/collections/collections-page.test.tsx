import { describe, expect, it } from '@rstest/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CollectionLine, CollectionsReport, CollectionStaff } from '@admin/shared/contract';
import { day } from '@admin/shared/dates';
import { setLanguage } from '@admin/shared/i18n';
import { fils } from '@admin/shared/money';
import { apiError, companySettingsRecord, fakeApi, renderPage, signInAs } from '@admin/shared/testing';
import { CollectionsPage } from './collections-page';

const DAY = day('2026-11-21T00:00:00.000Z');
const CUSTOMER = { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Al-Ghanim Trading Co.' };
const FATIMA = { _id: '22222222-2222-4222-8222-222222222222', name: 'Fatima Al-Sabah' };

const line = (name: CollectionLine, count = 0, amount = 0, refundCount = 0, refunded = 0) => ({
  line: name,
  count,
  amount: fils(amount),
  refundCount,
  refunded: fils(refunded),
  net: fils(amount - refunded),
});

/** A day: an advance in Cash, an invoice payment of Knet 15.000 + Advance 45.000, a Cash refund, a PDC received. */
const REPORT: CollectionsReport = {
  from: DAY,
  to: DAY,
  user: null,
  lines: [
    line('Cash', 1, 100_000, 1, 20_000),
    line('Knet', 1, 15_000),
    line('Bank Transfer'),
    line('Credit Card'),
    line('Check'),
    line('Cheque cleared'),
  ],
  moneyIn: fils(115_000),
  refunds: { count: 1, amount: fils(20_000) },
  bounces: { count: 0, amount: fils(0) },
  netCollected: fils(95_000),
  advanceUsed: { count: 1, amount: fils(45_000) },
  pdcsReceived: { count: 1, amount: fils(30_000) },
  entries: [
    {
      _id: 'a1',
      kind: 'advance',
      number: 'PAY-000041',
      date: DAY,
      customer: CUSTOMER,
      paymentMode: 'Cash',
      line: 'Cash',
      amount: fils(100_000),
      moneyIn: fils(100_000),
      advanceUsed: fils(0),
      referenceNumber: null,
      chequeDate: null,
      recordedBy: FATIMA,
    },
    {
      _id: 'a2',
      kind: 'invoice_payment',
      number: 'PAY-000042',
      date: DAY,
      customer: CUSTOMER,
      paymentMode: 'Knet',
      line: 'Knet',
      amount: fils(60_000),
      moneyIn: fils(15_000),
      advanceUsed: fils(45_000),
      referenceNumber: null,
      chequeDate: null,
      recordedBy: FATIMA,
    },
    {
      _id: 'a3',
      kind: 'refund',
      number: 'PAY-000043',
      date: DAY,
      customer: CUSTOMER,
      paymentMode: 'Cash',
      line: 'Cash',
      amount: fils(-20_000),
      moneyIn: fils(-20_000),
      advanceUsed: fils(0),
      referenceNumber: null,
      chequeDate: null,
      recordedBy: null,
    },
    {
      _id: 'c1',
      kind: 'pdc',
      number: '004512',
      date: DAY,
      customer: CUSTOMER,
      paymentMode: 'Check',
      line: null,
      amount: fils(30_000),
      moneyIn: fils(0),
      advanceUsed: fils(0),
      referenceNumber: null,
      chequeDate: day('2027-01-15T00:00:00.000Z'),
      recordedBy: FATIMA,
    },
  ],
  entryCount: 4,
};

const STAFF: CollectionStaff[] = [
  { ...FATIMA, username: 'fatima', active: true },
  { _id: '33333333-3333-4333-8333-333333333333', name: 'Old Cashier', username: 'old', active: false },
];

function serve(report: CollectionsReport = REPORT) {
  return fakeApi({
    'GET /collections': () => ({ data: report }),
    'GET /collections/staff': () => ({ data: STAFF }),
    'GET /settings/company': () => ({ data: companySettingsRecord({ companyNameEn: 'Gulf Trading Co.' }) }),
  });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Collections', () => {
  it("shows the day's money in by mode with its total, the other figures, and every entry they sum", async () => {
    signInAs('viewer');
    serve();
    renderPage(<CollectionsPage />);
    const sheet = await screen.findByRole('article', { name: 'Collections 21/11/2026' });
    expect(within(sheet).getByText('All staff')).toBeTruthy();

    const byMode = within(sheet).getByRole('table', { name: 'Money in by mode' });
    const rows = within(byMode).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Cash', '1', '100.000 KD', '20.000 KD', '80.000 KD'],
      ['Knet', '1', '15.000 KD', '0.000 KD', '15.000 KD'],
      ['Bank Transfer', '0', '0.000 KD', '0.000 KD', '0.000 KD'],
      ['Credit Card', '0', '0.000 KD', '0.000 KD', '0.000 KD'],
      ['Check', '0', '0.000 KD', '0.000 KD', '0.000 KD'],
      ['Cheques cleared', '0', '0.000 KD', '0.000 KD', '0.000 KD'],
      ['Total', '2', '115.000 KD', '20.000 KD', '95.000 KD'],
    ]);

    const figures = within(sheet).getByRole('group', { name: 'Figures of the period' });
    expect([...figures.children].map((figure) => figure.textContent)).toEqual([
      'Money in115.000 KD',
      'Refunds paid out20.000 KDCount: 1',
      'Bounced or returned cheques0.000 KDCount: 0',
      'Net collected95.000 KD',
      'Advance used (not money in)45.000 KDCount: 1',
      'PDCs received (not money in)30.000 KDCount: 1',
    ]);

    const entries = within(sheet).getByRole('table', { name: 'Entries of the period' });
    const [, advance, mixed, refund, pdc] = within(entries).getAllByRole('row');
    expect(cellsOf(advance!)).toEqual([
      '21/11/2026',
      'PAY-000041',
      'Al-Ghanim Trading Co.',
      'Advance',
      'Cash',
      '100.000 KD',
      '100.000 KD',
      'Fatima Al-Sabah',
    ]);
    // The advance's part of a mixed payment is not money in.
    expect(cellsOf(mixed!).slice(4, 7)).toEqual(['Knet 15.000 + Advance 45.000', '60.000 KD', '15.000 KD']);
    expect(cellsOf(refund!).slice(3, 8)).toEqual(['Refund', 'Cash', '-20.000 KD', '-20.000 KD', '—']);
    expect(cellsOf(pdc!).slice(1, 7)).toEqual([
      '004512',
      'Al-Ghanim Trading Co.',
      'PDC receivedDue 15/01/2027',
      'Check',
      '30.000 KD',
      '0.000 KD',
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('asks for the period and the staff user chosen, and offers each user by name', async () => {
    signInAs('accountant');
    const api = serve();
    renderPage(<CollectionsPage />, '/collections?from=2026-11-01');
    await screen.findByRole('article', { name: 'Collections 21/11/2026' });
    const choice = screen.getByRole('combobox', { name: 'Recorded by' });
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All staff', 'Fatima Al-Sabah', 'Old Cashier (inactive)']),
    );
    fireEvent.change(choice, { target: { value: FATIMA._id } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '21/11/2026' } });
    await waitFor(() =>
      expect(api.sent.filter((request) => request.url === '/collections').at(-1)?.params).toEqual({
        from: '2026-11-01',
        to: '2026-11-21',
        user: FATIMA._id,
      }),
    );
  });

  it('says what the API refused instead of the sheet', async () => {
    signInAs('viewer');
    fakeApi({
      'GET /collections': () => {
        throw apiError({ from: 'From cannot be after To' });
      },
      'GET /collections/staff': () => ({ data: STAFF }),
    });
    renderPage(<CollectionsPage />, '/collections?from=2026-11-22&to=2026-11-21');
    expect(await screen.findByText('From cannot be after To')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('Collections in Arabic', () => {
  it('reads right to left in Arabic, amounts left to right', async () => {
    signInAs('viewer');
    serve({ ...REPORT, user: FATIMA });
    await act(() => setLanguage('ar'));
    try {
      renderPage(<CollectionsPage />);
      const sheet = await screen.findByRole('article', { name: 'التحصيلات 21/11/2026' });
      expect(sheet.getAttribute('dir')).toBe('rtl');
      // The user the report is limited to heads it.
      expect(within(sheet).getByText('Fatima Al-Sabah')).toBeTruthy();
      expect(within(sheet).queryByText('جميع الموظفين')).toBeNull();
      // Their name is not repeated on each entry.
      const entries = within(sheet).getByRole('table', { name: 'قيود الفترة' });
      expect(within(entries).queryByRole('columnheader', { name: 'سُجّلت بواسطة' })).toBeNull();
      const byMode = within(sheet).getByRole('table', { name: 'المقبوضات حسب طريقة الدفع' });
      expect(within(byMode).getByText('كي نت')).toBeTruthy();
      for (const amount of within(byMode).getAllByText('15.000 د.ك')) expect(amount.getAttribute('dir')).toBe('ltr');
      expect(within(byMode).getByText('شيكات مؤجلة محصّلة')).toBeTruthy();
      expect(within(sheet).getByText('صافي التحصيل')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'طباعة' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessToday, day } from '@admin/shared/dates';
import type { AgingReport, AgingRow, CustomerStatement } from '@admin/shared/contract';
import { fakeApi, renderPage, signInAs, STAMPS } from '@admin/shared/testing';
import { paginationOf } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { ReceivablesArea } from './receivables-area';

const ACME = '11111111-1111-4111-8111-111111111111';
const row = (id: string, customerName: string, figures: Partial<AgingRow>): AgingRow => ({
  customer: { _id: id, customerName, customerAlternateName: null },
  status: 'medium',
  kindName: 'Retail',
  cityName: 'Salmiya',
  credit: { creditLimit: null, maxOverdueDays: null, exposure: fils(0), headroom: null },
  current: fils(0),
  days1to30: fils(0),
  days31to60: fils(0),
  days61to90: fils(0),
  over90: fils(0),
  total: fils(0),
  pdcsInHand: fils(0),
  netExposure: fils(0),
  ...figures,
});
const REPORT: AgingReport = {
  asOf: day('2026-11-21T00:00:00.000Z'),
  data: [
    row(ACME, 'Acme Trading', {
      days31to60: fils(12_500),
      total: fils(12_500),
      pdcsInHand: fils(8_000),
      netExposure: fils(4_500),
    }),
  ],
  // The totals of every matching customer, more than this one page.
  totals: {
    current: fils(1_000),
    days1to30: fils(0),
    days31to60: fils(40_000),
    days61to90: fils(0),
    over90: fils(7_250),
    total: fils(48_250),
    pdcsInHand: fils(20_000),
    netExposure: fils(28_250),
  },
  pagination: paginationOf(1, 10, 14),
};
const STATEMENT: CustomerStatement = {
  customer: { _id: ACME, customerName: 'Acme Trading', customerAlternateName: null, paymentTermsDays: 30 },
  from: day('2026-08-21T00:00:00.000Z'),
  to: day('2026-11-21T00:00:00.000Z'),
  openingBalance: fils(5_000),
  lines: [
    {
      date: day('2026-09-01T00:00:00.000Z'),
      kind: 'invoice',
      number: 'INV-000007',
      description: 'Invoice, due 2026-10-01',
      debit: fils(12_500),
      credit: fils(0),
      balance: fils(17_500),
    },
    {
      date: day('2026-09-20T00:00:00.000Z'),
      kind: 'invoice_payment',
      number: 'PAY-000003',
      description: 'Payment for INV-000002',
      debit: fils(0),
      credit: fils(5_000),
      balance: fils(12_500),
    },
  ],
  closingBalance: fils(12_500),
  aging: {
    current: fils(0),
    days1to30: fils(0),
    days31to60: fils(12_500),
    days61to90: fils(0),
    over90: fils(0),
    total: fils(12_500),
  },
};

let server: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => signInAs('viewer'));
afterEach(() => server?.restore());

describe('Receivables Aging', () => {
  it('shows each customer by bucket, the totals of all matching customers, and sorts and filters through the address', async () => {
    server = fakeApi({
      'GET /receivables/aging': () => REPORT,
      'GET /customer-kinds': () => ({
        data: [{ _id: 'k1', kindName: 'Retail', ...STAMPS }],
        pagination: paginationOf(1, 1000, 1),
      }),
      'GET /customer-cities': () => ({
        data: [{ _id: 'c1', cityName: 'Salmiya', ...STAMPS }],
        pagination: paginationOf(1, 1000, 1),
      }),
    });
    renderPage(<ReceivablesArea />, '/');
    const acme = await screen.findByRole('row', { name: /Acme Trading/ });
    expect(within(acme).getAllByText('12.500 KD')).toHaveLength(2);
    const totals = screen.getByLabelText('Totals of all matching customers');
    expect(within(totals).getByText('48.250 KD')).toBeTruthy();
    expect(within(totals).getByText('7.250 KD')).toBeTruthy();
    // Post-dated cheques in hand beside what is due, never taken off it.
    expect(within(acme).getByText('8.000 KD')).toBeTruthy();
    expect(within(acme).getByText('4.500 KD')).toBeTruthy();
    expect(within(totals).getByText('PDCs in hand').nextElementSibling?.textContent).toBe('20.000 KD');
    expect(within(totals).getByText('Net exposure').nextElementSibling?.textContent).toBe('28.250 KD');
    // The statement up to the report's day.
    expect(within(acme).getByRole('link', { name: 'Statement Acme Trading' }).getAttribute('href')).toBe(
      `/receivables-aging/statement/${ACME}?to=${businessToday()}`,
    );

    fireEvent.click(screen.getByRole('button', { name: /Over 90 days/ }));
    await waitFor(() => expect(server?.sent.at(-1)?.params).toMatchObject({ sort: 'over90', order: 'asc' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer Kind' }), { target: { value: 'k1' } });
    await waitFor(() => expect(server?.sent.at(-1)?.params).toMatchObject({ kind: 'k1', sort: 'over90' }));
  });
});

describe('Customer statement', () => {
  it('prints the opening balance, each line with its running balance, the closing balance and the aging', async () => {
    server = fakeApi({ [`GET /customers/${ACME}/statement`]: () => ({ data: STATEMENT }) });
    renderPage(<ReceivablesArea />, `/statement/${ACME}?from=2026-08-21`);
    const sheet = await screen.findByRole('article', { name: 'Statement of Acme Trading' });
    const lines = within(sheet).getByRole('table', { name: 'Statement lines' });
    const rows = within(lines)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows[1]).toBe('21/08/2026Opening balance5.000 KD');
    expect(rows[2]).toContain('INV-000007');
    expect(rows[2]).toContain('17.500 KD');
    expect(rows.at(-1)).toBe('21/11/2026Closing balance12.500 KD');
    expect(within(within(sheet).getByLabelText('Aging')).getAllByText('12.500 KD')).toHaveLength(2);
    expect(server.sent.find((r) => r.url.endsWith('/statement'))?.params).toEqual({ from: '2026-08-21' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(server?.sent.some((r) => r.headers.get('Accept') === 'text/csv')).toBe(true));
  });
});

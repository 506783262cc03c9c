import { describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import type { Role, ScheduledInvoice } from '@admin/shared/contract';
import { fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { day } from '@admin/shared/dates';
import { SchedulesPage } from './schedules-page';

const MONTHLY: ScheduledInvoice = {
  _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1',
  scheduleName: 'Monthly rent',
  referenceNumber: null,
  customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' },
  dateOfCreation: day('2026-11-01T00:00:00.000Z'),
  startDate: day('2026-11-01T00:00:00.000Z'),
  endDate: null,
  recurringPeriod: 1,
  products: [],
  totalAmount: fils(1500),
  notes: null,
  status: 'active',
  automated: false,
  nextInvoiceDate: day('2026-11-01T00:00:00.000Z'),
  isDue: true,
  upcomingDates: [],
  generatedInvoices: [],
  generatedCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** Which of the list's buttons each role sees; the steps need 'schedules.run', which sales has. */
const SEES: Partial<Record<Role, string[]>> = {
  viewer: [],
  sales: ['Add Schedule', 'Automate', 'Generate', 'Pause', 'Edit Monthly rent'],
  admin: [
    'Add Schedule',
    'Automate',
    'Generate',
    'Pause',
    'Edit Monthly rent',
    'Delete Monthly rent',
    'History of Monthly rent',
  ],
};

describe('Scheduled invoices by role', () => {
  for (const [role, visible] of Object.entries(SEES)) {
    it(`${role}: ${visible.join(', ') || 'no actions'}`, async () => {
      signInAs(role as Role);
      fakeApi({
        'GET /scheduled-invoices': () => list([MONTHLY]),
        'GET /scheduled-invoices/due': () => ({ data: { data: [MONTHLY], count: 1 } }),
      });
      renderPage(<SchedulesPage />);
      const table = await screen.findByRole('table', { name: 'Scheduled Invoices' });
      await within(table).findByText('Monthly rent');
      // Row buttons are looked for in the list: the due card has a Generate of its own.
      const button = (name: string) =>
        (name === 'Add Schedule' ? screen : within(table)).queryByRole('button', { name });
      expect(SEES.admin!.filter(button)).toEqual(visible);
      // The due card still lists what is due; only running it needs the permission.
      const due = await screen.findByRole('region', { name: 'Scheduled Invoices Due (1)' });
      expect(Boolean(within(due).queryByRole('button', { name: 'Generate Monthly rent' }))).toBe(role !== 'viewer');
    });
  }
});

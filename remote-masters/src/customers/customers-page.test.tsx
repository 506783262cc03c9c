import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import type { Customer, Role } from '@admin/shared/contract';
import { fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { CustomersPage } from './customers-page';

const ACME: Customer = {
  _id: '11111111-1111-4111-8111-111111111111',
  customerName: 'Acme Trading',
  customerAlternateName: null,
  customerOldName: null,
  customerNewName: null,
  dateOfCreation: '2026-11-01T00:00:00.000Z',
  customerKind: { _id: 'k1', kindName: 'Retail' },
  customerNationality: { _id: 'n1', nationalityName: 'Kuwaiti' },
  customerCity: { _id: 'c1', cityName: 'Salmiya' },
  cityLocated: null,
  status: 'high',
  paymentTermsDays: 30,
  preferredLanguage: 'en',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** Which of the screen's buttons each role sees. */
const SEES: Record<Exclude<Role, 'accountant'>, string[]> = {
  viewer: [],
  sales: ['Add Customer', 'Edit Acme Trading'],
  admin: ['Add Customer', 'Edit Acme Trading', 'Delete Acme Trading', 'History of Acme Trading'],
};
const BUTTONS = SEES.admin;

describe('Customers by role', () => {
  for (const [role, visible] of Object.entries(SEES)) {
    it(`${role}: ${visible.join(', ') || 'no actions'}`, async () => {
      signInAs(role as Role);
      fakeApi({
        'GET /customers': () => list([ACME]),
        'GET /customer-kinds/active': () => ({ data: [] }),
        'GET /customer-nationalities/active': () => ({ data: [] }),
        'GET /customer-cities/active': () => ({ data: [] }),
      });
      renderPage(<CustomersPage />);
      expect(await screen.findByText('Acme Trading')).toBeTruthy();
      const shown = BUTTONS.filter((name) => screen.queryByRole('button', { name }));
      expect(shown).toEqual(visible);
    });
  }
});

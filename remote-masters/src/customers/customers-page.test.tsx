import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import type { Role } from '@admin/shared/contract';
import { customerRecord, fakeApi, list, renderPage, signInAs } from '@admin/shared/testing';
import { CustomersPage } from './customers-page';

const ACME = customerRecord();

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

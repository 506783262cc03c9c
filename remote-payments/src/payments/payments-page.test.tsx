import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import type { Payment, Role } from '@admin/shared/contract';
import { fakeApi, list, paymentRecord, renderPage, signInAs } from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { PaymentsPage } from './payments-page';

const PAYMENT = paymentRecord({ paymentNumber: 'PAY-000007' });

/** Which of the screen's buttons each role sees: sales records payments but neither edits nor deletes them. */
const SEES: Partial<Record<Role, string[]>> = {
  viewer: [],
  sales: ['Add Advance Payment', 'Pay Invoice'],
  accountant: ['Add Advance Payment', 'Pay Invoice', 'Edit PAY-000007', 'Delete PAY-000007'],
  admin: ['Add Advance Payment', 'Pay Invoice', 'Edit PAY-000007', 'Delete PAY-000007', 'History of PAY-000007'],
};

describe('Payments by role', () => {
  for (const [role, visible] of Object.entries(SEES)) {
    it(`${role}: ${visible.join(', ') || 'no actions'}`, async () => {
      signInAs(role as Role);
      fakeApi({ 'GET /payments': () => list([PAYMENT]) });
      renderPage(<PaymentsPage />);
      expect(await screen.findByText('PAY-000007')).toBeTruthy();
      expect(SEES.admin!.filter((name) => screen.queryByRole('button', { name }))).toEqual(visible);
    });
  }
});

describe('A payment that used the advance', () => {
  it('shows both parts in the list, not the whole amount under one mode', async () => {
    signInAs('viewer');
    const mixed: Payment = {
      ...PAYMENT,
      paymentType: 'invoice_payment',
      paymentMode: 'Knet',
      amount: fils(60_000),
      advanceUsed: fils(45_000),
      remainingAmountPaid: fils(15_000),
    };
    fakeApi({ 'GET /payments': () => list([mixed]) });
    renderPage(<PaymentsPage />);
    expect(await screen.findByText('Knet 15.000 + Advance 45.000')).toBeTruthy();
  });
});

// Four-eyes approvals as the office uses them, against the real API and database: an admin sets the
// refund approval amount in company settings; an accountant's refund above it waits (the advance
// balance does not move); an admin approves it in Approvals, and the balance then moves once.
import { expect, test } from '../support/signed-in';
import { dialog, expectToast } from '../support/dialogs';
import { rowOf, searchFor } from '../support/lists';
import { unique } from '../support/masters';
import { expectTitle } from '../support/shell';
import { salesFixtures } from '../support/sales';
import type { Page } from '@playwright/test';

const PASSWORD = 'a long approvals password';
const NONE = { refund: null, creditNote: null, writeOff: null, bounce: null };

async function advanceOf(page: Page, customerName: string) {
  await page.goto('/customer-balances');
  await expectTitle(page, 'Customer Balances');
  await searchFor(page, 'Customer Balances', customerName, 1);
  return rowOf(page, 'Customer Balances', customerName).getByRole('cell').nth(2);
}

test('an accountant’s refund over the approval amount waits until an admin approves it', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(120_000);
  const label = unique('Approve');
  const { customers } = await salesFixtures(api, label, ['Mutawa'], []);
  const customer = customers[0];
  await api.create('/payments/advance', {
    customer: customer._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 300_000,
  });
  const username = `approve-${label.split(' ')[1]!.toLowerCase()}`;
  await api.create('/users', { username, name: `${label} Accounts`, role: 'accountant', password: PASSWORD });
  const adminToken = api.headers.Authorization.replace('Bearer ', '');

  try {
    // The admin sets the refund approval amount: refunds above 200.000 KD wait.
    await page.goto('/settings/company');
    const form = page.getByRole('form', { name: 'Approval amounts' });
    await form.getByLabel('Refunds above').fill('200');
    await form.getByRole('button', { name: 'Save approval amounts' }).click();
    await expectToast(page, 'Approval amounts saved');
    expect(await api.get('/settings/approvals')).toEqual({ ...NONE, refund: 200_000 });

    // The accountant refunds 250.000 KD: it waits, and the advance balance stays.
    const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const advance = await advanceOf(page, customer.customerName);
    await expect(advance).toHaveText('300.000 KD');
    await rowOf(page, 'Customer Balances', customer.customerName)
      .getByRole('button', { name: `Details ${customer.customerName}` })
      .click();
    const details = dialog(page, `${customer.customerName} - Balance Details`);
    await details.getByRole('button', { name: 'Refund Advance' }).click();
    await details.getByLabel(/Refund Amount/).fill('250');
    await details.getByRole('button', { name: 'Refund', exact: true }).click();
    await expectToast(page, 'Refund of 250.000 KD waits for approval');
    await expect(await advanceOf(page, customer.customerName)).toHaveText('300.000 KD');

    // The accountant sees the request in Approvals, without Approve on their own.
    await page.goto('/approvals');
    await expectTitle(page, 'Approvals');
    const mine = rowOf(page, 'Approvals', customer.customerName);
    await expect(mine).toContainText('Waiting for approval');
    await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    // A second user, an admin, approves it; the balance moves once.
    await page.evaluate((value) => localStorage.setItem('token', value), adminToken);
    await page.goto('/approvals');
    await expectTitle(page, 'Approvals');
    const request_ = rowOf(page, 'Approvals', customer.customerName);
    await expect(request_).toContainText('250.000');
    await expect(request_).toContainText(`${label} Accounts`);
    await request_.getByRole('button', { name: 'Approve Refund of 250.000 KD' }).click();
    const question = page.getByRole('alertdialog', { name: 'Approve this request?' });
    await question.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Refund of 250.000 KD approved');
    await expect(request_).toContainText('Approved');
    await expect(await advanceOf(page, customer.customerName)).toHaveText('50.000 KD');
    const refunds = await api.get<{ data: { paymentType: string }[] }>(`/payments?customer=${customer._id}&limit=100`);
    expect(refunds.data.filter((p) => p.paymentType === 'refund')).toHaveLength(1);
  } finally {
    // The other specs' refunds must not start waiting for approval.
    const restored = await request.put('/api/settings/approvals', { data: NONE, headers: api.headers });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

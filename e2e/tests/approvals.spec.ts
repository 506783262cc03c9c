// Four-eyes approvals as the office uses them, against the real API and database: an admin sets the
// refund approval amount in company settings; an accountant's refund above it waits (the advance
// balance does not move); an admin approves it in Approvals, and the balance then moves once.
import { expect, test } from '../support/signed-in';
import { test as plain } from '../support/test';
import { expectNoEnglish, expectRightToLeft, useArabic } from '../support/arabic';
import { signInWithApi } from '../support/masters';
import { expectNoSeriousViolations } from '../support/screens';
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
    expect((await api.get<{ data: unknown }>('/settings/approvals')).data).toEqual({ ...NONE, refund: 200_000 });

    // The accountant refunds 250.000 KD: it waits, and the advance balance stays.
    const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
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

plain.describe('on a phone, in Arabic', () => {
  plain.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  plain(
    'Approvals and its reject dialog, and the approval amounts, read in Arabic without sideways scrolling',
    async ({ page, request }, testInfo) => {
      plain.setTimeout(120_000);
      await useArabic(page);
      const api = await signInWithApi(page, request);
      const label = unique('ApproveAr');
      const { customers } = await salesFixtures(api, label, ['Sabah'], []);
      await api.create('/payments/advance', {
        customer: customers[0]._id,
        paymentDate: '2026-11-01T00:00:00.000Z',
        paymentMode: 'Cash',
        amount: 90_000,
      });
      const username = `approve-ar-${label.split(' ')[1]!.toLowerCase()}`;
      await api.create('/users', { username, name: `${label} Accounts`, role: 'accountant', password: PASSWORD });
      const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
      const accountant = {
        Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
      };
      try {
        expect(
          (
            await request.put('/api/settings/approvals', { data: { ...NONE, refund: 80_000 }, headers: api.headers })
          ).status(),
        ).toBe(200);
        const held = await request.post('/api/payments/refund', {
          headers: accountant,
          data: {
            customer: customers[0]._id,
            paymentDate: '2026-11-02T00:00:00.000Z',
            paymentMode: 'Cash',
            amount: 85_000,
          },
        });
        expect(held.status(), await held.text()).toBe(202);
      } finally {
        await request.put('/api/settings/approvals', { data: NONE, headers: api.headers });
      }

      await page.goto('/approvals');
      await expectRightToLeft(page);
      await expectTitle(page, 'الموافقات');
      await expect(page.getByRole('main').getByText(customers[0].customerName)).toBeVisible();
      await expectNoEnglish(page.getByRole('main'), 'Approvals', [/Approve(Ar)? [a-z0-9]+ (Sabah|Mutawa|Accounts)/g]);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      await expectNoSeriousViolations(page, '/approvals (phone, Arabic)', testInfo);

      await page.getByRole('button', { name: /^رفض / }).first().click();
      const reject = page.getByRole('dialog');
      await expect(reject.getByLabel(/السبب/)).toBeVisible();
      await reject.getByRole('button', { name: 'رفض' }).click();
      await expect(reject.getByText('اذكر سببًا')).toBeVisible();
      await expectNoEnglish(reject, 'the reject dialog');
      await expectNoSeriousViolations(page, 'the reject dialog (phone, Arabic)', testInfo, {
        include: '[role="dialog"]',
      });
      await reject.getByRole('button', { name: 'إلغاء' }).click();

      await page.goto('/settings/company');
      const card = page.getByRole('region', { name: 'مبالغ الموافقة' });
      await expect(card.getByLabel('الاسترداد فوق')).toBeVisible();
      await expectNoEnglish(card, 'the approval amounts');
    },
  );
});

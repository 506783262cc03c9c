// A payments release that adds a page the host has never heard of: its menu entry, title, command
// palette entry and page arrive with it, only for those who may open it, and a rollback takes
// them away again, while the host's built files never change.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { snapshot } from '../../ops/src/test-support.mjs';
import { ops, readPlatformJson } from '../support/ops';
import { platformFor } from '../support/platform';
import { salesAccount } from '../support/releases';
import { expectTitle, groupToggle, menuLink, openGroup, signIn } from '../support/shell';
import { signOut } from '../support/staff';

const platform = platformFor('pages');

/** The payments area built with one more page (e2e/fixtures/payments-new-page), by the area's own build tools. */
function buildPaymentsWithNewPage(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-new-page-'));
  const result = spawnSync(
    'pnpm',
    ['exec', 'rsbuild', 'build', '-c', '../e2e/fixtures/payments-new-page/rsbuild.config.ts'],
    {
      cwd: path.join(REPO_ROOT, 'remote-payments'),
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', FIXTURE_DIST: dist },
    },
  );
  if (result.status !== 0)
    throw new Error(`The payments build with a new page failed:\n${result.stdout}\n${result.stderr}`);
  return dist;
}

/** The Transactions group's entries, in order. */
async function transactions(page: Page): Promise<string[]> {
  await openGroup(page, 'Transactions');
  const list = await groupToggle(page, 'Transactions').getAttribute('aria-controls');
  return (await page.locator(`[id="${list}"]`).getByRole('link').allTextContents()).map((text) => text.trim());
}

test('a payments release adds a page, only for those who may open it, and a rollback retires it', async ({ page }) => {
  test.setTimeout(300_000);
  const hostBefore = snapshot(path.join(REPO_ROOT, 'host/dist'));
  const before = readPlatformJson(platform.releasesDir).remotes;
  const sales = await salesAccount(platform.url);

  const dist = buildPaymentsWithNewPage();
  try {
    ops(platform.releasesDir, ['release', 'payments', '--dist', dist]);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
  expect(readPlatformJson(platform.releasesDir).remotes.payments.version).not.toBe(before.payments.version);

  // The admin (who may refund) sees the page in Transactions, after Collections, and opens it.
  await signIn(page, platform.url);
  expect(await transactions(page)).toEqual([
    'Invoices',
    'Scheduled Invoices',
    'Credit Notes',
    'Payments',
    'Cheques',
    'Customer Balances',
    'Collections',
    'Deposit Slips',
    'Receivables Aging',
  ]);
  await menuLink(page, 'Deposit Slips').click();
  await expectTitle(page, 'Deposit Slips');
  await expect(page.getByRole('heading', { name: 'Deposit slips of the day' })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  await palette.getByRole('combobox').fill('deposit');
  await expect(palette.getByRole('option', { name: /Deposit Slips/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Sales staff may not refund: neither the entry nor the page.
  await signOut(page);
  await signIn(page, platform.url, sales);
  expect(await transactions(page)).not.toContain('Deposit Slips');
  await page.goto(`${platform.url}/deposit-slips`);
  await expect(page.getByText('You do not have access to this page.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Deposit slips of the day' })).toHaveCount(0);

  // The rollback: the page is gone from the menu, and its address says so instead of moving.
  ops(platform.releasesDir, ['rollback', 'payments']);
  expect(readPlatformJson(platform.releasesDir).remotes.payments.version).toBe(before.payments.version);
  await signOut(page);
  await signIn(page, platform.url);
  expect(await transactions(page)).toEqual([
    'Invoices',
    'Scheduled Invoices',
    'Credit Notes',
    'Payments',
    'Cheques',
    'Customer Balances',
    'Collections',
    'Receivables Aging',
  ]);
  await page.goto(`${platform.url}/deposit-slips`);
  await expect(page.getByText('This page is not available in the current release')).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/deposit-slips');
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expectTitle(page, 'Dashboard');

  // Only the payments entry moved; the host's files are byte-identical.
  const after = readPlatformJson(platform.releasesDir).remotes;
  expect(after.masters).toEqual(before.masters);
  expect(after.sales).toEqual(before.sales);
  expect(snapshot(path.join(REPO_ROOT, 'host/dist'))).toEqual(hostBefore);
});

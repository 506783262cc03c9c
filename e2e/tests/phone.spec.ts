// A 390×844 phone: every list is a stack of cards with every field on screen (no sideways
// scrolling), dialogs fill the screen, the line editor keeps its labels, the menu is a drawer
// that opens on demand. Each list's screenshot is kept with the test's results.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { dialog } from '../support/dialogs';
import { openScreen, reachableScreens, recordOnEveryList } from '../support/screens';
import { signIn } from '../support/shell';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function expectNoSidewaysScrolling(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

test('every list shows each row as a card with Amount, Status and Actions on screen', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await recordOnEveryList(page, request);
  await expect(page.getByTestId('permanent-drawer')).toBeHidden();
  const screens = await reachableScreens(page);

  let lists = 0;
  for (const path of screens) {
    await openScreen(page, path);
    await expectNoSidewaysScrolling(page, path);
    // The kit's lists (each cell names its column); the Platform page's tables scroll in their own box.
    const table = page.getByRole('main').locator('table:has(td[data-label])').first();
    if (!(await table.count())) continue;
    const firstRow = table.locator('tbody tr:has(td[data-label])').first();
    await expect(firstRow).toBeVisible();
    lists += 1;
    // Every field of the card, Amount, Status and Actions among them, lies inside the screen.
    const cells = await firstRow.locator('td[data-label]').evaluateAll((tds) =>
      tds.map((td) => {
        const box = td.getBoundingClientRect();
        return { label: td.getAttribute('data-label'), left: box.left, right: box.right };
      }),
    );
    for (const cell of cells) {
      expect(cell.left, `${path} ${cell.label}`).toBeGreaterThanOrEqual(0);
      expect(cell.right, `${path} ${cell.label}`).toBeLessThanOrEqual(PHONE.width);
    }
    const labels = cells.map((cell) => cell.label);
    expect(labels, path).toContain('Actions');
    if (['/invoices', '/scheduled-invoices', '/payments'].includes(path)) expect(labels, path).toContain('Amount');
    if (['/customers', '/invoices', '/scheduled-invoices', '/customer-balances'].includes(path))
      expect(labels, path).toContain('Status');
    await testInfo.attach(`phone ${path}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
  expect(lists).toBeGreaterThanOrEqual(11);
});

test('a long manual number is cut on its card and shown whole on focus; the invoice dialog fills the screen with labelled lines', async ({
  page,
  request,
}) => {
  const { label } = await recordOnEveryList(page, request);
  await openScreen(page, `/invoices?search=${encodeURIComponent(label)}`);
  const long = page.getByRole('main').locator('td[data-label="Manual #"] [title]').first();
  await expect(long).toBeVisible();
  const fullText = await long.getAttribute('title');
  expect(fullText!.length).toBe(50);
  await long.focus();
  await expect(long).toBeFocused();
  await expectNoSidewaysScrolling(page, '/invoices with a 50-character manual number');

  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const add = dialog(page, 'Add New Invoice');
  await expect(add).toBeVisible();
  // Measured once the dialog's opening animation (it grows into place) has ended.
  await expect.poll(async () => (await add.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 1);
  const line = add.getByRole('group', { name: 'Line 1' });
  for (const text of ['Product', 'Quantity', 'Unit Price (KD)', 'Line Total'])
    await expect(line.getByText(text, { exact: true })).toBeVisible();
  // The pickers fill their field.
  const customer = await add.getByRole('combobox', { name: /^Customer/ }).boundingBox();
  expect(customer!.width).toBeGreaterThan(PHONE.width * 0.8);
});

test('between 480 and 600 px the menu is a drawer opened on demand, not a permanent half of the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 560, height: 800 });
  await signIn(page);
  await expect(page.getByTestId('permanent-drawer')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
});

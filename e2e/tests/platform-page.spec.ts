// The Platform page tells staff and ops what runs where, measured in the page itself.
import { expect, test } from '../support/test';
import { readPlatformJson } from '../support/ops';
import { platformFor } from '../support/platform';
import { expectTitle, signIn } from '../support/shell';

const main = platformFor('main');

test('the Platform page shows each area’s release, that it loaded, its load time and its shared libraries', async ({
  page,
}) => {
  const { remotes } = readPlatformJson(main.releasesDir);
  await signIn(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Platform' }).click();
  await expect(page).toHaveURL(/\/platform$/);
  await expectTitle(page, 'Platform');

  const areas = page.getByRole('table', { name: 'Areas' });
  for (const [name, label] of [
    ['masters', 'Masters'],
    ['sales', 'Sales'],
    ['payments', 'Payments'],
  ] as const) {
    const row = areas.getByRole('row').filter({ hasText: label });
    await expect(row).toContainText(remotes[name].version);
    await expect(row).toContainText(remotes[name].entry);
    await expect(row.getByText('Loaded', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(/\d+ ms/);

    const shared = page.getByRole('table', { name: `${label} shared libraries` });
    // Every app declares the same singletons; the page runs one copy of each, which satisfies every area.
    for (const library of ['react', 'react-dom', '@tanstack/react-query', '@admin/shared/ui']) {
      await expect(
        shared.getByRole('row').filter({ has: page.getByRole('cell', { name: library, exact: true }) }),
      ).toContainText('OK');
    }
    await expect(shared.getByText(/^Needs /)).toHaveCount(0);
  }
});

// Release a changed sales build, see it after a reload, roll back, see the old one,
// while the host's files and the other remotes' entries never change.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { snapshot } from '../../ops/src/test-support.mjs';
import { ops, readPlatformJson } from '../support/ops';
import { platformFor } from '../support/platform';
import { reloadCounting, watchVersions } from '../support/releases';
import { expectTitle, menuLink, openGroup, signIn } from '../support/shell';

const platform = platformFor('release');

/** `pnpm release sales` with a build whose visible version label is `label`. */
function releaseSales(label: string): string {
  ops(platform.releasesDir, ['release', 'sales'], { REMOTE_VERSION_LABEL: label });
  return readPlatformJson(platform.releasesDir).remotes.sales.version;
}

test.afterAll(() => {
  // Leave the working tree's sales build as a plain build again.
  spawnSync('pnpm', ['--filter', 'remote-sales', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
});

test('a released sales build shows after a reload, and a rollback brings the previous one back', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const labelA = `sales-A-${run}`;
  const labelB = `sales-B-${run}`;
  const hostBefore = snapshot(path.join(REPO_ROOT, 'host/dist'));
  const { masters, payments } = readPlatformJson(platform.releasesDir).remotes;

  const versionA = releaseSales(labelA);
  const folderA = snapshot(path.join(platform.releasesDir, 'sales', versionA));
  const loaded = watchVersions(page, 'sales');
  await signIn(page, platform.url);
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Invoices').click();
  await expectTitle(page, 'Invoices');
  await expect(page.getByText(labelA)).toBeVisible({ timeout: 20_000 });
  expect([...loaded]).toEqual([versionA]);

  const versionB = releaseSales(labelB);
  expect(versionB, 'the changed build is a new version').not.toBe(versionA);
  await reloadCounting(page, loaded);
  await expect(page.getByText(labelB)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(labelA)).toBeHidden();
  expect([...loaded]).toEqual([versionB]);

  ops(platform.releasesDir, ['rollback', 'sales']);
  expect(readPlatformJson(platform.releasesDir).remotes.sales.version).toBe(versionA);
  await reloadCounting(page, loaded);
  await expect(page.getByText(labelA)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(labelB)).toBeHidden();
  expect([...loaded]).toEqual([versionA]);

  // Only the sales entry ever moved; the host and the published release A are byte-identical.
  const after = readPlatformJson(platform.releasesDir).remotes;
  expect(after.masters).toEqual(masters);
  expect(after.payments).toEqual(payments);
  expect(snapshot(path.join(REPO_ROOT, 'host/dist'))).toEqual(hostBefore);
  expect(snapshot(path.join(platform.releasesDir, 'sales', versionA))).toEqual(folderA);
  const history = JSON.parse(fs.readFileSync(path.join(platform.releasesDir, 'history.json'), 'utf8'));
  expect(history.slice(-3).map((r: { version: string; action: string }) => [r.action, r.version])).toEqual([
    ['release', versionA],
    ['release', versionB],
    ['rollback', versionA],
  ]);
});

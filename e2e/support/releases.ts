// What the canary, override and integrity specs share: sales builds that differ only by their
// visible version label (made from the release already published, so no spec rebuilds anything),
// staff accounts on either side of a canary's split, and which release folders a page loaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { canaryBucket, type Release, type RemoteName } from '../../shared/src/contract/platform';
import { INTEGRITY_FILE, digestFiles } from '../../ops/src/integrity.mjs';
import { describeRelease, entryUrl, releaseVersion } from '../../ops/src/release.mjs';
import { ops, readPlatformJson } from './ops';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './platform';
import { expectTitle } from './shell';

/**
 * Writes a file of a build with the brotli and gzip copies a build writes beside it
 * (shared/precompress.ts): the server sends a copy to browsers that accept it.
 */
export function writeWithCopies(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/**
 * A copy of the sales release platform.json points at, with its version label (shown under the
 * area's pages) replaced: a different build, hence a new version, without a rebuild.
 */
function salesBuild(releasesDir: string, label: string): string {
  const { version } = readPlatformJson(releasesDir).remotes.sales;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `sales-${label}-`));
  fs.cpSync(path.join(releasesDir, 'sales', version), dist, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'integrity.json',
  });
  const chunks = path.join(dist, 'static/js/async');
  const routes = fs
    .readdirSync(chunks)
    .find((name) => name.startsWith('__federation_expose_routes.') && name.endsWith('.js'));
  if (!routes) throw new Error(`No './routes' chunk in the sales release ${version}`);
  const file = path.join(chunks, routes);
  const code = fs.readFileSync(file, 'utf8');
  const labelled = code.replace(/(area:"Sales",[^{}]*?version:)"[^"]*"/, `$1${JSON.stringify(label)}`);
  if (labelled === code) throw new Error(`The sales release ${version} has no version label to change in ${routes}`);
  writeWithCopies(file, labelled);
  return dist;
}

/** `pnpm release sales --dist <that copy> …args`; returns platform.json's sales line after it. */
export function releaseSales(releasesDir: string, label: string, ...args: string[]) {
  const dist = salesBuild(releasesDir, label);
  try {
    ops(releasesDir, ['release', 'sales', '--dist', dist, ...args]);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
  return readPlatformJson(releasesDir).remotes.sales;
}

/**
 * A copy of the sales release platform.json points at whose manifest asks for `library` in
 * `range`, put in the release folder as `pnpm release` would (with its digests) but released to
 * nobody (the gate would refuse it): what a tester's override or a hand-edited platform.json could
 * point a browser at. Returns the release as platform.json would describe it.
 */
export function salesBuildAsking(releasesDir: string, library: string, range: string): Release {
  const { version: stable } = readPlatformJson(releasesDir).remotes.sales;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-asking-'));
  try {
    fs.cpSync(path.join(releasesDir, 'sales', stable), dist, {
      recursive: true,
      filter: (source) => path.basename(source) !== INTEGRITY_FILE,
    });
    const file = path.join(dist, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    const shared = manifest.shared.find((entry: { name: string }) => entry.name === library);
    if (!shared) throw new Error(`The sales release ${stable} does not share ${library}`);
    shared.requiredVersion = range;
    writeWithCopies(file, JSON.stringify(manifest, null, 2));
    const version = releaseVersion('sales', dist);
    const target = path.join(releasesDir, 'sales', version);
    fs.cpSync(dist, target, { recursive: true });
    fs.writeFileSync(path.join(target, INTEGRITY_FILE), JSON.stringify(digestFiles(target), null, 2));
    return describeRelease(releasesDir, 'sales', version, entryUrl('sales', version, undefined));
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** The admin's user id, through the real sign-in call. */
export const adminId = async (baseUrl: string): Promise<string> =>
  (await call(baseUrl, 'POST', '/auth/login', undefined, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).data
    .user._id;

export interface StaffAccount {
  _id: string;
  username: string;
  password: string;
}

async function call(baseUrl: string, method: string, url: string, token?: string, body?: object) {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The admin's token, through the real sign-in call. */
const adminToken = async (baseUrl: string): Promise<string> =>
  (await call(baseUrl, 'POST', '/auth/login', undefined, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).data
    .token;

/** A sales account the admin adds through the API, with a password of its own. */
async function addSalesAccount(baseUrl: string, token: string, username: string): Promise<StaffAccount> {
  const password = `Sales account ${username}!`;
  const { data } = await call(baseUrl, 'POST', '/users', token, { username, name: username, role: 'sales', password });
  return { _id: data.user._id, username, password };
}

/** One sales account, added by the admin. */
export async function salesAccount(baseUrl: string): Promise<StaffAccount> {
  return addSalesAccount(baseUrl, await adminToken(baseUrl), `sales-${Date.now().toString(36)}`);
}

/**
 * Sales staff (created as admin through the API) in and out of a canary of `percent` for `area`:
 * accounts are added until one falls on each side of the split the host computes.
 */
export async function staffOnBothSides(baseUrl: string, area: RemoteName, percent: number) {
  const token = await adminToken(baseUrl);
  const sides: { inside?: StaffAccount; outside?: StaffAccount } = {};
  const run = Date.now().toString(36);
  for (let i = 0; i < 40 && !(sides.inside && sides.outside); i++) {
    const account = await addSalesAccount(baseUrl, token, `canary-${run}-${i}`);
    const side = canaryBucket(account._id, area) < percent ? 'inside' : 'outside';
    sides[side] ??= account;
  }
  if (!sides.inside || !sides.outside) throw new Error(`No accounts on both sides of a ${percent}% split`);
  return { inside: sides.inside, outside: sides.outside };
}

/** The release folders of `area` the page fetched code from, since the last clear(). */
export function watchVersions(page: Page, area: RemoteName): Set<string> {
  const versions = new Set<string>();
  page.on('response', (response) => {
    const version = new RegExp(`/remotes/${area}/([^/]+)/`).exec(response.url())?.[1];
    if (version) versions.add(version);
  });
  return versions;
}

/**
 * Loads the page's address again, as a reload does, with `versions` (watchVersions) then holding
 * only what the new page fetched: the old page is left for a blank one first, so the answers to
 * its last requests (code it was still fetching) are not counted as the new page's.
 */
export async function reloadCounting(page: Page, versions: Set<string>) {
  const url = page.url();
  await page.goto('about:blank');
  versions.clear();
  await page.goto(url);
}

/** Opens the invoices page and expects the sales area to show `label` under it. */
export async function expectSalesLabel(page: Page, baseUrl: string, label: string) {
  await page.goto(`${baseUrl}/invoices`);
  await expectTitle(page, 'Invoices');
  await expect(page.getByTestId('area-version')).toHaveText(`Sales ${label}`, { timeout: 20_000 });
}

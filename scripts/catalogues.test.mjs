// Every text catalogue of the product exists in English and Arabic with the same keys, the same
// {{placeholders}} and no empty text: a key in one language and not the other fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { REPO_ROOT } from '../ops/src/layout.mjs';

const SKIP = new Set(['node_modules', 'dist', 'releases', '.data', 'test-results', 'playwright-report']);

/** @param {string} dir @returns {string[]} every folder named 'locales' under dir */
function localeFolders(dir) {
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'locales') found.push(path);
    else found.push(...localeFolders(path));
  }
  return found;
}

/** @param {string} path @returns {Record<string, string>} */
const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
/** @param {string} text */
const placeholders = (text) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const folders = localeFolders(REPO_ROOT);

describe('text catalogues', () => {
  it('are found for the shell, the signed-in pages, the kit, the contract messages, each remote and the e2e fixture remote', () => {
    expect(folders.map((folder) => relative(REPO_ROOT, folder)).sort()).toEqual([
      'e2e/fixtures/payments-new-page/locales',
      'host/src/locales',
      'host/src/signed-in/locales',
      'remote-masters/src/locales',
      'remote-payments/src/locales',
      'remote-sales/src/locales',
      'shared/src/contract/areas/locales',
      'shared/src/contract/locales',
      'shared/src/ui-kit/areas/locales',
      'shared/src/ui-kit/locales',
    ]);
  });

  for (const folder of folders) {
    const name = relative(REPO_ROOT, folder);
    it(`${name}: English and Arabic have the same keys and placeholders, none empty`, () => {
      const en = read(join(folder, 'en.json'));
      const ar = read(join(folder, 'ar.json'));
      expect(
        Object.keys(ar).filter((key) => !(key in en)),
        'keys only in Arabic',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((key) => !(key in ar)),
        'keys only in English',
      ).toEqual([]);
      for (const [key, text] of Object.entries(en)) {
        expect(typeof text === 'string' && text.trim() !== '', `English '${key}' is empty`).toBe(true);
        const arabic = ar[key];
        expect(typeof arabic === 'string' && arabic.trim() !== '', `Arabic '${key}' is empty`).toBe(true);
        expect(placeholders(arabic ?? ''), `placeholders of '${key}'`).toBe(placeholders(text));
      }
    });
  }
});

// The contract's messages come in two catalogues: the core one (shared/src/contract/locales), which
// the host ships for its own forms, and the areas' one (shared/src/contract/areas/locales), which each
// area hands to the page as it loads. A message an area's module says belongs to the areas' one, so
// that an area adding or rewording a message leaves the host's files as they were.
const CONTRACT = join(REPO_ROOT, 'shared/src/contract');
/** The contract modules the host's build holds (the rest are the areas'). */
const CORE_MODULES = [
  'common',
  'languages',
  'messages',
  'auth',
  'users',
  'roles',
  'settings',
  'mail',
  'reminders',
  'approvals',
  'period-lock',
  'customer-statuses',
  'platform',
  'list-order',
  'core-resources',
  'resource-definition',
  '../money',
  '../dates',
];
/** @param {string} module @returns {string[]} the module's quoted texts */
const textsOf = (module) =>
  [...readFileSync(join(CONTRACT, `${module}.ts`), 'utf8').matchAll(/'((?:[^'\\\n]|\\.)+)'/g)].map((m) => m[1] ?? '');

describe('contract messages', () => {
  const core = read(join(CONTRACT, 'locales/en.json'));
  const areas = read(join(CONTRACT, 'areas/locales/en.json'));
  const areaModules = readdirSync(CONTRACT)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts')
    .map((name) => name.slice(0, -3))
    .filter((module) => !CORE_MODULES.includes(module));
  const saidByCore = new Set(CORE_MODULES.flatMap(textsOf));

  it('are in one catalogue each', () => {
    expect(Object.keys(core).filter((key) => key in areas)).toEqual([]);
  });

  it("what the host's modules say is in the core catalogue", () => {
    expect([...saidByCore].filter((text) => text in areas)).toEqual([]);
  });

  it("what only an area's modules say is in the areas' catalogue", () => {
    // 'true' and 'false' are values an area's schema names and words of the validator's own messages.
    const saidByAreas = areaModules
      .flatMap(textsOf)
      .filter((text) => !saidByCore.has(text) && text !== 'true' && text !== 'false');
    expect(saidByAreas.filter((text) => text in core)).toEqual([]);
  });
});

// The host's build holds none of what the areas own: their resources, the contract messages and kit
// words of their records, the print words of their documents. Those reach the page with each area
// (shared/src/area-contract.ts), so an area that adds a screen, a message or a document ships it in
// a release of its own and the host's files stay as they were (release-pages.spec.ts shows one).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { CORE_RESOURCES, RESOURCES } from '../../shared/src/contract/index';
import { AREA_PRINT_TEXTS } from '../../shared/src/ui-kit/areas/print-texts';

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as Record<string, string>;

test("the host's build holds none of the areas' resources, messages, labels or print words", () => {
  const built = filesUnder(path.join(REPO_ROOT, 'host/dist'))
    .filter((file) => /\.(js|css|html)$/.test(file))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  // Words the host has of its own (its pages and the kit's core texts) may equal an area's.
  const hostsOwn = new Set([
    ...Object.values(json('host/src/locales/en.json')),
    ...Object.values(json('host/src/signed-in/locales/en.json')),
    ...Object.values(json('shared/src/ui-kit/locales/en.json')),
  ]);
  // A text as the build writes it: a whole string between quotes.
  const inBuild = (text: string) => !hostsOwn.has(text) && built.includes(JSON.stringify(text));

  const areaResources = Object.entries(RESOURCES).filter(([name]) => !(name in CORE_RESOURCES));
  expect(areaResources.length).toBeGreaterThan(10);
  expect(areaResources.filter(([, resource]) => built.includes(JSON.stringify(resource.path))).map(([n]) => n)).toEqual(
    [],
  );

  // Whole sentences only: a single word ('paid') may well be one of the host's own.
  const sentences = (texts: string[]) => texts.filter((text) => text.includes(' ') && !text.includes('{{'));
  const messages = sentences(Object.keys(json('shared/src/contract/areas/locales/en.json')));
  const labels = sentences(Object.values(json('shared/src/ui-kit/areas/locales/en.json')));
  const printWords = sentences(Object.values(AREA_PRINT_TEXTS.en));
  expect(messages.length + labels.length + printWords.length).toBeGreaterThan(100);
  expect(messages.filter(inBuild)).toEqual([]);
  expect(labels.filter(inBuild)).toEqual([]);
  expect(printWords.filter(inBuild)).toEqual([]);
});

import type { Release } from '@admin/shared/contract';

// The digests platform.json gives for each release this page registered, by absolute URL. The MF
// runtime plugin hands them to the browser, which refuses a file whose bytes differ.
const expected = new Map<string, string>();

const absolute = (url: string, base = window.location.href) => new URL(url, base).href;

/** Remembers the digests of a release's files (paths inside its folder, beside its manifest). */
export function expectIntegrity(release: Release): void {
  const manifest = absolute(release.entry);
  for (const [file, digest] of Object.entries(release.integrity ?? {})) expected.set(absolute(file, manifest), digest);
}

/** The digest a file must have, if platform.json gave one. */
export function integrityFor(url: string): string | undefined {
  return expected.get(absolute(url));
}

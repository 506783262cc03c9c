// SHA-384 digests of a release's files, written beside them when it is published. platform.json
// gives the browser the digests of every file it may load from the release (the manifest, every
// script and stylesheet), so a file changed on the origin or a CDN after publishing is refused
// rather than run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { listFiles } from './layout.mjs';

export const INTEGRITY_FILE = 'integrity.json';
const MANIFEST = 'mf-manifest.json';

/** @param {Buffer} bytes */
export const sri = (bytes) => `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Every file of a build by its path, as subresource-integrity values.
 * @param {string} root
 * @returns {Record<string, string>}
 */
export function digestFiles(root) {
  return Object.fromEntries(
    listFiles(root)
      .filter((file) => file !== INTEGRITY_FILE)
      .map((file) => [file, sri(fs.readFileSync(path.join(root, file)))]),
  );
}

/**
 * The remote entry's path inside a build, as its manifest names it.
 * @param {{ metaData?: { remoteEntry?: { name?: string, path?: string } } }} manifest
 */
export function remoteEntryPath(manifest) {
  const { name = '', path: folder = '' } = manifest.metaData?.remoteEntry ?? {};
  return [folder, name].filter(Boolean).join('/');
}

/**
 * Whether the browser loads a file of a release: the manifest, a script or a stylesheet (not the
 * compressed copies the server sends in their place, nor licences, stats or the standalone page).
 * @param {string} file
 */
export const loadedByBrowser = (file) => file === MANIFEST || /\.(js|css)$/.test(file);

/**
 * The digests a browser checks, out of all of a build's.
 * @param {Record<string, string>} digests
 * @returns {Record<string, string>}
 */
export const browserIntegrity = (digests) =>
  Object.fromEntries(Object.entries(digests).filter(([file]) => loadedByBrowser(file)));

/**
 * The digests platform.json carries for a published release: those of every file the browser
 * loads. Undefined for a release published before digests were recorded.
 * @param {string} releaseDir releases/<remote>/<version>
 * @returns {Record<string, string> | undefined}
 */
export function hostIntegrity(releaseDir) {
  const file = path.join(releaseDir, INTEGRITY_FILE);
  if (!fs.existsSync(file)) return undefined;
  return browserIntegrity(JSON.parse(fs.readFileSync(file, 'utf8')));
}

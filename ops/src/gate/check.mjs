// The health gate `pnpm release` passes a build through before platform.json points anyone at it:
// the build is whole (its manifest, remote entry and every file the manifest lists), it loads in
// the host that runs now with its digests checked, './routes' and './widgets' import and hold the
// RemoteModule contract, every shared version it asks for is satisfied by the host's copy, and
// every export it reads from a shared module (the UI facades above all) exists in that copy.
//
// The load runs in headless Chromium inside the real host build rather than in Node: the host's
// own MF runtime, shared modules and contract checks are what will run the release, so nothing
// is emulated; it takes a few seconds. Which exports the build reads cannot be seen by loading
// it (a missing name is only undefined when a page renders), so that part reads the built code.
import fs from 'node:fs';
import path from 'node:path';
import { browserIntegrity, digestFiles, remoteEntryPath } from '../integrity.mjs';
import { probeInHost } from './browser.mjs';
import { sharedNeeds } from './needs.mjs';

const ENTRY_MODULES = ['./routes', './widgets'];

/**
 * @typedef {{ path?: string, name?: string, assets?: Assets }} Expose
 * @typedef {{ name?: string, assets?: Assets }} Shared
 * @typedef {{ js?: { sync?: string[], async?: string[] }, css?: { sync?: string[], async?: string[] } }} Assets
 * @typedef {{ name?: string, metaData?: { remoteEntry?: { name?: string, path?: string } }, exposes?: Expose[], shared?: Shared[] }} Manifest
 */

/** @param {Assets | undefined} assets */
const assetFiles = (assets) =>
  [assets?.js, assets?.css].flatMap((kind) => [...(kind?.sync ?? []), ...(kind?.async ?? [])]);

/**
 * What can be told from the files alone.
 * @param {string} remote
 * @param {string} distDir
 * @returns {{ problems: string[], manifest?: Manifest }}
 */
function inspectFiles(remote, distDir) {
  /** @type {Manifest} */
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  } catch (error) {
    return { problems: [`mf-manifest.json cannot be read: ${error instanceof Error ? error.message : error}`] };
  }
  const problems = [];
  if (manifest.name !== remote)
    problems.push(`mf-manifest.json names the container "${manifest.name}", not "${remote}".`);
  const entry = remoteEntryPath(manifest);
  const exposed = (manifest.exposes ?? []).map((e) => e.path);
  for (const module of ENTRY_MODULES)
    if (!exposed.includes(module)) problems.push(`The build does not expose ${module}.`);
  const files = [
    entry,
    ...[...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap((m) => assetFiles(m.assets)),
  ];
  for (const file of new Set(files)) {
    if (!file || !fs.existsSync(path.join(distDir, file)))
      problems.push(`${file || 'The remote entry'} is missing from the build.`);
  }
  return { problems, manifest };
}

/**
 * @param {Record<string, string[]>} needs share key -> names the build reads
 * @param {Record<string, string[]>} offered share key -> names the host's copy exports
 */
function missingExports(needs, offered) {
  return Object.entries(needs).flatMap(([key, names]) => {
    const exported = offered[key] ? new Set(offered[key]) : undefined;
    const missing = exported ? names.filter((name) => !exported.has(name)) : [];
    return missing.length
      ? [`It uses ${missing.join(', ')} from ${key}, which the host that runs does not export: release the host first.`]
      : [];
  });
}

/**
 * Why this build must not be released, or nothing when it may be.
 * @param {{ remote: string, distDir: string, hostDist: string }} options
 * @returns {Promise<string[]>}
 */
export async function checkRelease({ remote, distDir, hostDist }) {
  const { problems, manifest } = inspectFiles(remote, distDir);
  if (problems.length || !manifest) return problems;
  if (!fs.existsSync(path.join(hostDist, 'index.html'))) {
    return [`No host build in ${hostDist}: a release is checked against the host that runs (HOST_DIST).`];
  }
  const entry = remoteEntryPath(manifest);
  const integrity = browserIntegrity(digestFiles(distDir));
  const probe = await probeInHost({ hostDist, remote, distDir, integrity });
  return [...probe.problems, ...missingExports(sharedNeeds(distDir, entry), probe.exports)];
}

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES, REMOTE_NAMES, type PlatformConfig, type Release } from '@admin/shared/contract';

/**
 * What index.html tells the page to ask for at once (docs/architecture.md, "The first load"): the
 * host's files (written by its build, host/first-load.ts) and, for each area everyone runs the same
 * release of, its manifest, its remote entry, its dashboard widgets' code and its catalogue per
 * language, read from the release's manifest. The page's own script (host/index.html) picks what
 * it needs by whether a session is stored and which language is chosen, and adds the preloads; so
 * a stored session's dashboard is a handful of round trips away whatever the link's latency.
 */

interface FirstLoadFile {
  href: string;
  integrity: string;
}

interface HostFirstLoad {
  always: FirstLoadFile[];
  session: FirstLoadFile[];
  texts: Record<string, FirstLoadFile[]>;
}

interface AreaFirstLoad {
  manifest: FirstLoadFile;
  files: FirstLoadFile[];
  texts: Record<string, FirstLoadFile[]>;
}

/** Also the platform config the server read for this page: the page need not ask for it again. */
export type FirstLoad = HostFirstLoad & { areas: Record<string, AreaFirstLoad>; platform?: PlatformConfig };

interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

// A release folder is never written again: its manifest is read once.
const manifests = new Map<string, Promise<RemoteManifest | undefined>>();

function readManifest(path: string): Promise<RemoteManifest | undefined> {
  let manifest = manifests.get(path);
  if (!manifest) {
    manifest = readJson<RemoteManifest>(path);
    manifests.set(path, manifest);
  }
  return manifest;
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The host build's list, read with each page like index.html itself, so a new host build shows at once. */
export function hostFirstLoad(hostDist: string): Promise<HostFirstLoad | undefined> {
  return readJson<HostFirstLoad>(join(hostDist, 'first-load.json'));
}

async function readArea(releasesDir: string, release: Release): Promise<AreaFirstLoad | undefined> {
  const { entry, integrity = {} } = release;
  // Only a release this server serves itself (/remotes/<name>/<version>/mf-manifest.json).
  const match = /^\/remotes\/([^/]+\/[^/]+)\/mf-manifest\.json$/.exec(entry);
  if (!match?.[1]) return undefined;
  const folder = `/remotes/${match[1]}/`;
  const manifest = await readManifest(join(releasesDir, match[1], 'mf-manifest.json'));
  const widgets = manifest?.exposes.find((expose) => expose.path === './widgets');
  if (!manifest || !widgets) return undefined;
  // Each file with the digest platform.json gives it, which the host's runtime checks (a file
  // without one is left to load as it would).
  const file = (name: string): FirstLoadFile[] => {
    const digest = integrity[name];
    return digest ? [{ href: folder + name, integrity: digest }] : [];
  };
  const manifestFile = file('mf-manifest.json')[0];
  if (!manifestFile) return undefined;
  const { name, path } = manifest.metaData.remoteEntry;
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      widgets.assets.js.async.filter((asset) => asset.includes(`/texts-${language}-json.`)).flatMap(file),
    ]),
  );
  return {
    manifest: manifestFile,
    files: [join(path, name).replace(/^\//, ''), ...widgets.assets.js.sync].flatMap(file),
    texts,
  };
}

/** Every area's first load, except an area with a canary: which release a user runs is theirs to draw. */
export async function firstLoadOf(
  host: HostFirstLoad,
  platform: PlatformConfig | undefined,
  releasesDir: string,
): Promise<FirstLoad> {
  const areas: Record<string, AreaFirstLoad> = {};
  if (platform) {
    for (const name of REMOTE_NAMES) {
      const entry = platform.remotes[name];
      if (entry.canary) continue;
      const area = await readArea(releasesDir, entry);
      if (area) areas[name] = area;
    }
  }
  return { ...host, areas, platform };
}

/** The list as a data block for index.html's head ('<' escaped, so no text in it can end the block). */
export function firstLoadBlock(firstLoad: FirstLoad): string {
  const json = JSON.stringify(firstLoad).replace(/</g, '\\u003c');
  return `<script type="application/json" id="first-load">${json}</script>`;
}

/** 'sha256-…' of each inline script of a page, for its Content-Security-Policy. */
export function inlineScriptDigests(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

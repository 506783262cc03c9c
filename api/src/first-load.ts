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
 * The manifest itself comes in the list when its bytes have the digest platform.json gives: the
 * host's Module Federation runtime takes it from there instead of asking (a request per area fewer).
 */

interface FirstLoadFile {
  href: string;
  integrity: string;
}

interface HostFirstLoad {
  always: FirstLoadFile[];
  session: FirstLoadFile[];
  texts: Record<string, FirstLoadFile[]>;
  signedInTexts: Record<string, FirstLoadFile[]>;
}

interface AreaFirstLoad {
  /** With the manifest's content when the file on disk has its release's digest. */
  manifest: FirstLoadFile & { json?: unknown };
  files: FirstLoadFile[];
  texts: Record<string, FirstLoadFile[]>;
}

/** Also the platform config the server read for this page: the page need not ask for it again. */
export type FirstLoad = HostFirstLoad & { areas: Record<string, AreaFirstLoad>; platform?: PlatformConfig };

interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

interface ReadManifest {
  json: RemoteManifest;
  /** The file's bytes' digest in each algorithm a release may name ('sha384-…'). */
  digests: Set<string>;
}

// A release folder is never written again: its manifest is read once.
const manifests = new Map<string, Promise<ReadManifest | undefined>>();

function readManifest(path: string): Promise<ReadManifest | undefined> {
  let manifest = manifests.get(path);
  if (!manifest) {
    manifest = readFile(path)
      .then((bytes) => ({
        json: JSON.parse(bytes.toString('utf8')) as RemoteManifest,
        digests: new Set(
          ['sha256', 'sha384', 'sha512'].map(
            (algorithm) => `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`,
          ),
        ),
      }))
      .catch(() => undefined);
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
  const read = await readManifest(join(releasesDir, match[1], 'mf-manifest.json'));
  const widgets = read?.json.exposes.find((expose) => expose.path === './widgets');
  if (!read || !widgets) return undefined;
  const manifest = read.json;
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
    // A manifest changed after its release is left for the browser to fetch, and refuse.
    manifest: read.digests.has(manifestFile.integrity) ? { ...manifestFile, json: manifest } : manifestFile,
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

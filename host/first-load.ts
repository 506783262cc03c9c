// An Rsbuild plugin of the host's build: writes dist/first-load.json, the host's files a page loads
// before it draws anything, so the page can ask for them all at once from index.html instead of
// discovering them one round trip after another (docs/architecture.md, "The first load"):
//   always   the async boundary's chunks (src/index.ts → bootstrap), loaded on every page
//   session  the signed-in pages and the shared modules not in the page's script tags, loaded at
//            once when a session is stored
//   texts    each language's catalogues of the sign-in page (one file per language, see shared/src/i18n)
//   signedInTexts  each language's catalogue of the signed-in pages, loaded at once with a session
// Each file with its SHA-384, the digest the host's chunk loader checks (security.sri).
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES } from '../shared/src/contract/languages';

export interface FirstLoadFile {
  href: string;
  integrity: string;
}

export interface FirstLoad {
  always: FirstLoadFile[];
  session: FirstLoadFile[];
  texts: Record<string, FirstLoadFile[]>;
  signedInTexts: Record<string, FirstLoadFile[]>;
}

interface StatsJson {
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
  chunks?: {
    id?: string | number;
    names?: string[];
    files?: string[];
    siblings?: (string | number)[];
    initial?: boolean;
  }[];
}

interface BuildStats {
  toJson(options: object): StatsJson;
}

// The part of Rsbuild's plugin API this plugin uses.
interface AfterBuildApi {
  onAfterBuild(
    hook: (params: {
      stats?: BuildStats | { stats: BuildStats[] };
      environments: Record<string, { distPath: string }>;
    }) => Promise<void>,
  ): void;
}

async function fileOf(distPath: string, name: string): Promise<FirstLoadFile> {
  const bytes = await readFile(join(distPath, name));
  return { href: `/${name}`, integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}` };
}

/**
 * The files of these starting files' chunks and of the chunks loaded beside each of them (a chunk
 * group's split-out parts are its chunks' siblings), each once and never one already in `seen`.
 * A sibling that is the chunk of a named import of its own (the host's pages of the user menu, the
 * form library…) loads with that import only: a file shared by several groups (lib-signed-in) has
 * every group's chunks among its siblings.
 */
function withSiblings(stats: StatsJson, start: string[], seen: Set<string>): string[] {
  const chunks = stats.chunks ?? [];
  const byFile = new Map(chunks.flatMap((chunk) => (chunk.files ?? []).map((file) => [file, chunk] as const)));
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk] as const));
  const namedImports = new Set(Object.keys(stats.namedChunkGroups ?? {}));
  const besideOnly = (id: string | number) => {
    const sibling = byId.get(id);
    return sibling?.names?.some((name) => namedImports.has(name)) ? undefined : sibling;
  };
  const names: string[] = [];
  for (const chunk of start.map((file) => byFile.get(file))) {
    if (!chunk) continue;
    for (const one of [chunk, ...(chunk.siblings ?? []).map(besideOnly)]) {
      for (const file of one?.files ?? []) {
        if (!file.endsWith('.js') || seen.has(file)) continue;
        seen.add(file);
        names.push(file);
      }
    }
  }
  return names;
}

/** The files of a named chunk group (a `webpackChunkName`). */
function groupFiles(stats: StatsJson, group: string): string[] {
  const assets = stats.namedChunkGroups?.[group]?.assets;
  if (!assets) throw new Error(`The host build has no chunk group named ${group}`);
  return assets.map(({ name }) => name);
}

export async function writeFirstLoad(distPath: string, stats: StatsJson): Promise<FirstLoad> {
  // The sign-in page asks only for the async boundary's own files; what loads beside them depends
  // on the page, and a session loads it all.
  const always = groupFiles(stats, 'bootstrap');
  // The entry's own files are the page's script tags (the eager shared modules among them).
  const inPage = (stats.chunks ?? []).filter((chunk) => chunk.initial).flatMap((chunk) => chunk.files ?? []);
  const seen = new Set([...always, ...inPage]);
  // Every module the host shares (its MF manifest names their files): the signed-in pages use them all.
  const manifest = JSON.parse(await readFile(join(distPath, 'mf-manifest.json'), 'utf8')) as {
    shared: { assets: { js: { sync: string[] } } }[];
  };
  const shared = manifest.shared.flatMap((s) => s.assets.js.sync);
  const session = withSiblings(stats, [...always, ...shared, ...groupFiles(stats, 'signed-in')], seen);
  const files = (names: string[]) => Promise.all(names.map((name) => fileOf(distPath, name)));
  const byLanguage = async (group: string) =>
    Object.fromEntries(
      await Promise.all(
        LANGUAGES.map(async (language) => [language, await files(groupFiles(stats, `${group}${language}-json`))]),
      ),
    ) as Record<string, FirstLoadFile[]>;
  const firstLoad: FirstLoad = {
    always: await files(always),
    session: await files(session),
    texts: await byLanguage('texts-'),
    signedInTexts: await byLanguage('signed-in-texts-'),
  };
  await writeFile(join(distPath, 'first-load.json'), JSON.stringify(firstLoad, null, 2));
  return firstLoad;
}

export function pluginFirstLoad() {
  return {
    name: 'admin:first-load',
    setup(api: AfterBuildApi) {
      api.onAfterBuild(async ({ stats, environments }) => {
        const one = stats && 'stats' in stats ? stats.stats[0] : stats;
        if (!one) return;
        const json = one.toJson({ all: false, chunkGroups: true, chunks: true, chunkRelations: true, ids: true });
        await Promise.all(Object.values(environments).map((environment) => writeFirstLoad(environment.distPath, json)));
      });
    },
  };
}

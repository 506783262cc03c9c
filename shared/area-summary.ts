// An Rsbuild plugin every remote builds with: writes area-summary.json into the build, the pages the
// area serves with their menu places and texts (shared/src/area-summary.ts). `pnpm release` copies
// it into platform.json, so a release can add, move or retire a page without the host.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarizeArea, type Catalogues } from './src/area-summary';
import { LANGUAGES } from './src/contract/languages';
import type { MenuGroupDeclaration, PageDeclaration } from './src/remote';

// ops/src/layout.mjs names it too: `pnpm release` reads it from the build.
const AREA_SUMMARY_FILE = 'area-summary.json';

// The part of Rsbuild's plugin API this plugin uses (the shared folder does not depend on Rsbuild).
interface AfterBuildApi {
  onAfterBuild(hook: (params: { environments: Record<string, { distPath: string }> }) => Promise<void> | void): void;
}

/**
 * @param options.pages the area's page declarations (its src/pages.ts)
 * @param options.groups menu groups of its own
 * @param options.locales the folders of its catalogues (en.json, ar.json); a later folder's texts add to an earlier's
 */
export function pluginAreaSummary(options: {
  pages: readonly PageDeclaration[];
  groups?: readonly MenuGroupDeclaration[];
  locales: string[];
}) {
  return {
    name: 'admin:area-summary',
    setup(api: AfterBuildApi) {
      api.onAfterBuild(({ environments }) => {
        const catalogue = (folder: string, language: string) =>
          JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')) as Record<string, string>;
        const catalogues = Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            Object.assign({}, ...options.locales.map((folder) => catalogue(folder, language))) as Record<
              string,
              string
            >,
          ]),
        ) as Catalogues;
        const summary = summarizeArea(options.pages, options.groups ?? [], catalogues);
        for (const { distPath } of Object.values(environments)) {
          writeFileSync(join(distPath, AREA_SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
        }
      });
    },
  };
}

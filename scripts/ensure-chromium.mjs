// The e2e tests drive Debian's Chromium headless shell, and the release gate they exercise drives
// Debian's Chromium (a browser a test tool downloads cannot be fetched here); the API renders its
// PDFs with the headless shell, and the tests read them with poppler's pdftotext. `pnpm test` calls
// this first: it installs what is missing when it can (root with apt-get), and otherwise stops at
// once naming the one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../ops/src/layout.mjs';

export const INSTALL_COMMAND =
  'sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell poppler-utils';

/** Each browser and tool the tests need: where it is looked for and the Debian package that puts it there. */
export const BROWSERS = [
  { path: CHROMIUM_PATH, debianPackage: 'chromium' },
  { path: HEADLESS_SHELL_PATH, debianPackage: 'chromium-headless-shell' },
  { path: '/usr/bin/pdftotext', debianPackage: 'poppler-utils' },
];

/** @param {{ path: string }[]} list */
const pathsOf = (list) => list.map((browser) => browser.path).join(' and ');

/** @returns {{ ok: true } | { ok: false, message: string }} */
export function ensureChromium({ browsers = BROWSERS, isRoot = process.getuid?.() === 0, log = console.log } = {}) {
  const missing = browsers.filter((browser) => !existsSync(browser.path));
  if (missing.length === 0) return { ok: true };
  const paths = pathsOf(missing);
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    return { ok: false, message: `The e2e tests need ${paths}. Install them with:\n  ${INSTALL_COMMAND}` };
  }
  const packages = missing.map((browser) => browser.debianPackage);
  log(`Missing ${paths}: installing Debian's ${packages.join(' and ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      return {
        ok: false,
        message: `apt-get ${args.join(' ')} failed. Install the browsers with:\n  ${INSTALL_COMMAND}`,
      };
    }
  }
  const stillMissing = missing.filter((browser) => !existsSync(browser.path));
  return stillMissing.length === 0
    ? { ok: true }
    : {
        ok: false,
        message: `Still missing ${pathsOf(stillMissing)}. Run:\n  ${INSTALL_COMMAND}`,
      };
}

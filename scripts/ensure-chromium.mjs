// The e2e tests drive Debian's Chromium at /usr/bin/chromium (a browser a test tool downloads
// cannot be fetched here). `pnpm test` calls this first: it installs the package when it can
// (root with apt-get), and otherwise stops at once naming the one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../ops/src/layout.mjs';

export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

/** @returns {{ ok: true } | { ok: false, message: string }} */
export function ensureChromium({ path = CHROMIUM_PATH, isRoot = process.getuid?.() === 0, log = console.log } = {}) {
  if (existsSync(path)) return { ok: true };
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    return { ok: false, message: `The e2e tests need Chromium at ${path}. Install it with:\n  ${INSTALL_COMMAND}` };
  }
  log(`Chromium is missing at ${path}: installing Debian's chromium package (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      return { ok: false, message: `apt-get ${args.join(' ')} failed. Install Chromium with:\n  ${INSTALL_COMMAND}` };
    }
  }
  return existsSync(path)
    ? { ok: true }
    : { ok: false, message: `Chromium is still missing at ${path}. Run:\n  ${INSTALL_COMMAND}` };
}

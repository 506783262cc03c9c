// Runs the real ops commands (pnpm release / rollback) against a test platform's release folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../ops/src/layout.mjs';

export function ops(releasesDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('node', [path.join(REPO_ROOT, 'ops/src/cli.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, RELEASES_DIR: releasesDir, REMOTE_ORIGIN: '', ...env },
  });
  if (result.status !== 0) {
    throw new Error(`ops ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

export function readPlatformJson(releasesDir: string) {
  return JSON.parse(fs.readFileSync(path.join(releasesDir, 'platform.json'), 'utf8'));
}

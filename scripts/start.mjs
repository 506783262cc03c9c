// pnpm start: build what is missing, make sure every remote has a release, then run the one
// Node process that serves the host, the API, the remotes and platform.json.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { OpsError, REPO_ROOT, releasesDir } from '../ops/src/layout.mjs';
import { ensureBuilt, publishMissing } from '../ops/src/prepare.mjs';

const dir = releasesDir();
try {
  ensureBuilt();
  for (const release of publishMissing(dir)) {
    console.log(`Published ${release.remote} ${release.version} to ${dir}`);
  }
} catch (error) {
  if (!(error instanceof OpsError)) throw error;
  console.error(`Error: ${error.message}`);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/main.js')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // Its own process group: a Ctrl-C reaches it once, through the forwarding below.
  detached: true,
  env: {
    ...process.env,
    HOST_DIST: process.env.HOST_DIST || path.join(REPO_ROOT, 'host/dist'),
    RELEASES_DIR: dir,
  },
});
// The API shuts down gracefully on SIGTERM; pass Ctrl-C and stop signals through to it.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

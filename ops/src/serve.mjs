// Runs the built platform (api/dist/main.js: host, API, remotes, platform.json) as a child
// process on a given port, for the e2e tests and the web benchmark.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './layout.mjs';

/**
 * Stops a child with SIGTERM (the API closes its database cleanly), then SIGKILL if it hangs.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopProcess(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * @param {{ port: number, releasesDir: string, dataDir: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void>, output: () => string }>}
 */
export async function servePlatform({ port, releasesDir, dataDir, env = {}, timeoutMs = 60_000 }) {
  const url = `http://127.0.0.1:${port}`;
  // Otherwise the health check below could be answered by someone else's server.
  if (
    await fetch(url).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${port} is already in use (another test run or server?); stop it first.`);
  }
  let output = '';
  let stopping = false;
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'api/dist/main.js')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      HOST_DIST: path.join(REPO_ROOT, 'host/dist'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  // Never outlive the process that started it when that one exits without stopping it.
  const killOnExit = () => server.kill('SIGKILL');
  process.on('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  server.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `The platform on port ${port} stopped on its own (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`,
      );
    }
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The platform exited (${server.signalCode ?? server.exitCode}) before answering.`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stopping = true;
      await stopProcess(server);
      throw new Error(`The platform did not answer ${url}/api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () => {
      stopping = true;
      return stopProcess(server);
    },
    output: () => output,
  };
}

// pnpm dev: the API (tsx watch) and the dev servers of the host and the three remotes, with
// hot reload. They live and die together: Ctrl-C or any one exiting stops them all.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../ops/src/layout.mjs';

const SERVERS = [
  { name: 'api', args: ['--filter', 'api', 'run', 'dev'], env: { PORT: '3000' } },
  { name: 'host', args: ['--filter', 'host', 'run', 'dev', '--port', '3001'] },
  { name: 'masters', args: ['--filter', 'remote-masters', 'run', 'dev', '--port', '3011'] },
  { name: 'sales', args: ['--filter', 'remote-sales', 'run', 'dev', '--port', '3012'] },
  { name: 'payments', args: ['--filter', 'remote-payments', 'run', 'dev', '--port', '3013'] },
];

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    // Each server runs in its own process group (detached): kill the group, watchers included.
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}

for (const server of SERVERS) {
  const child = spawn('pnpm', server.args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...server.env },
  });
  const prefix = `[${server.name}]`.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => {
    if (!stopping) {
      console.log(`${prefix}exited with ${code}; stopping the others`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(
  'API http://localhost:3000  host http://localhost:3001  remotes 3011 (masters), 3012 (sales), 3013 (payments)',
);

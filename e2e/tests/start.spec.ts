// A newcomer's first minute: `pnpm start` (scripts/start.mjs) says one line per step, ends with the
// banner (where it listens, who signs in, where the password is), and stays quiet while staff work.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { stopProcess } from '../../ops/src/serve.mjs';
import { OWN_PORTS } from '../support/platform';

const STEPS = [
  /^Installing dependencies… done$/,
  /^Building… (already built|done \(.+\))$/,
  /^Publishing releases… done \(masters .+, sales .+, payments .+\)$/,
  /^Migrating the database… done$/,
  /^Adding demo data… done \(SEED=false starts empty\)$/,
  /^Starting the server… done$/,
  /^Running the day's invoice jobs… done/,
];

test('pnpm start prints its steps, then the banner last, and logs no request by default', async ({ request }) => {
  test.setTimeout(180_000);
  const port = OWN_PORTS.start;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-start-'));
  const dataDir = path.join(work, 'data');
  const env = { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: path.join(work, 'releases'), PORT: String(port) };
  // As on a newcomer's machine: none of the settings a test run or an operator may have set.
  for (const name of ['LOG_LEVEL', 'HOST', 'ADMIN_PASSWORD', 'SEED', 'DATABASE_URL', 'HOST_DIST'])
    delete env[name as keyof typeof env];
  let output = '';
  const start = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout.on('data', (chunk) => (output += chunk));
  start.stderr.on('data', (chunk) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 150_000 }).toContain('Admin System is running at');
    // Give anything printed late the time to show, then work as staff would.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const url = `http://127.0.0.1:${port}`;
    const passwordFile = path.join(dataDir, 'initial-admin-password');
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const login = await request.post(`${url}/api/auth/login`, { data: { username: 'admin', password } });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    expect((await request.get(`${url}/api/customers`, { headers })).status()).toBe(200);
    expect((await request.get(`${url}/api/customers`)).status()).toBe(401);
    expect((await request.get(`${url}/api/nowhere`)).status()).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const lines = output.split('\n');
    const bannerAt = lines.findIndex((line) => line.startsWith('Admin System is running at'));
    // The banner is the last thing printed, and says where it listens, who signs in and where the password is.
    expect(lines.slice(bannerAt).join('\n').trim()).toBe(
      [
        `Admin System is running at http://localhost:${port}`,
        `  Listening on every interface, port ${port} (HOST=127.0.0.1 keeps it to this machine)`,
        `  Database: embedded PGlite in ${dataDir}`,
        `  Sign in as admin with the password in ${passwordFile} (deleted once admin chooses their own).`,
        '  Log: info (LOG_LEVEL=debug adds each request)',
      ].join('\n'),
    );
    expect(output).not.toContain(password);
    // Before it, one line per step (the build's and install's output is in the log file); the
    // only other lines are the log's own (the audit anchor), never a request's.
    const before = lines.slice(0, bannerAt).filter((line) => line.trim());
    const steps = before.filter((line) => !line.startsWith('{'));
    expect(steps).toHaveLength(STEPS.length);
    steps.forEach((line, index) => expect(line).toMatch(STEPS[index]!));
    expect(output).not.toMatch(/incoming request|request completed|route not found|Server listening/);
    expect(fs.readFileSync(path.join(dataDir, 'logs', 'start.log'), 'utf8')).toContain('== Installing dependencies');
  } finally {
    await stopProcess(start);
    fs.rmSync(work, { recursive: true, force: true });
  }
});

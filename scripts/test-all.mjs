// pnpm test: every suite in order, continuing after a failure, then one summary line
// "N passed, N failed" over all of them (exit 1 on any failure).
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../ops/src/layout.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { parsePlaywright, parseRstest } from './test-counts.mjs';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/**
 * @typedef {import('./test-counts.mjs').Counts} Counts
 * @typedef {{ name: string, command: [string, ...string[]], env?: NodeJS.ProcessEnv, parse?: (output: string) => Counts | undefined }} Stage
 */

/**
 * @param {Stage} stage
 * @param {boolean} live print its output as it comes (else the caller prints it when it ends)
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(stage, live) {
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...stage.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (live) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (live) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: output.replace(ANSI, '') }));
  });
}

/**
 * The stages in order, each group's at once: the type check and lint each keep one core busy, so
 * on two cores they take as long together as the longer of them; the cluster drills mostly wait
 * (leases running out, instances restarting, a failover), so they run beside the API tests on
 * PostgreSQL, whose work is largely the server's.
 * @returns {Stage[][]}
 */
function stages() {
  const { TEST_DATABASE_URL } = process.env;
  /** @type {Stage} */
  const clusterDrills = {
    // Real PostgreSQL, PgBouncer, nginx and three instances (ops/src/cluster/cluster.spec.mjs).
    name: 'cluster drills',
    command: ['pnpm', '--dir', 'ops', 'exec', 'rstest', 'run', '-c', 'rstest.cluster.config.ts'],
    parse: parseRstest,
  };
  /** @type {Stage[]} */
  const afterBuild = [clusterDrills];
  if (TEST_DATABASE_URL) {
    afterBuild.unshift({
      name: 'API tests (PostgreSQL)',
      command: ['pnpm', 'exec', 'rstest', 'run', '--project', 'api'],
      env: { TEST_DATABASE_URL },
      parse: parseRstest,
    });
  }
  return [
    [
      { name: 'typecheck', command: ['pnpm', 'typecheck'] },
      { name: 'lint', command: ['pnpm', 'lint'] },
    ],
    [
      {
        name: 'unit, component and API tests (PGlite)',
        command: ['pnpm', 'exec', 'rstest', 'run'],
        // The first pass always uses the embedded database; PostgreSQL gets its own pass below.
        env: { TEST_DATABASE_URL: '' },
        parse: parseRstest,
      },
    ],
    // The cluster serves the built release files.
    [{ name: 'build', command: ['pnpm', 'build'] }],
    afterBuild,
    [
      {
        name: 'e2e (Playwright, Chromium)',
        command: ['pnpm', '--filter', 'e2e', 'exec', 'playwright', 'test', '--reporter=list'],
        parse: parsePlaywright,
      },
    ],
  ];
}

async function main() {
  // Before anything slow: a machine that cannot run the e2e tests is told so in the first second.
  const chromium = ensureChromium();
  if (!chromium.ok) {
    console.error(chromium.message);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
    return;
  }
  /** @type {({ name: string, seconds: number, note: string } & Counts)[]} */
  const results = [];
  for (const group of stages()) {
    const live = group.length === 1;
    const finished = await Promise.all(
      group.map(async (stage) => {
        const heading = `\n=== ${stage.name}: ${stage.command.join(' ')}`;
        if (live) console.log(heading);
        const started = Date.now();
        const { code, output } = await run(stage, live);
        // A stage run beside another prints its output whole once it ends, not interleaved.
        if (!live) console.log(`${heading}\n${output}`);
        return { stage, code, output, seconds: (Date.now() - started) / 1000 };
      }),
    );
    for (const { stage, code, output, seconds } of finished) {
      let counts = stage.parse ? stage.parse(output) : undefined;
      let note = '';
      if (!counts) {
        counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
        if (stage.parse) note = code === 0 ? ' (no test count printed)' : ' (runner failed before counting)';
      } else if (code !== 0 && counts.failed === 0) {
        // The runner failed outside any test (config, setup, teardown): count that as a failure.
        counts = { ...counts, failed: 1 };
        note = ` (exit code ${code} outside the tests)`;
      }
      results.push({ name: stage.name, ...counts, seconds, note });
    }
  }

  console.log('\n=== Summary');
  for (const r of results) {
    const mark = r.failed ? 'FAIL' : 'ok  ';
    console.log(`${mark} ${r.name}: ${r.passed} passed, ${r.failed} failed in ${r.seconds.toFixed(1)} s${r.note}`);
    // Named here too, as CI keeps only the end of the output.
    for (const failure of r.failures?.slice(0, 10) ?? []) console.log(`       ✗ ${failure}`);
    for (const flaky of r.flaky?.slice(0, 10) ?? []) console.log(`       ~ passed on a retry: ${flaky}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();

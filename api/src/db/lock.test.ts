import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from '@rstest/core';
import { API_DIR } from '../config';
import { connect } from './connect';
import { acquireLock } from './lock';
import { rowsOf } from './rows';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
/** The process id the lock file names (its first word). */
const lockHolder = (lockPath: string) => readFileSync(lockPath, 'utf8').replace(/ .*/s, '').trim();

describe('the PGlite data folder lock', () => {
  it('refuses a second open of the same folder with a clear message, and frees it on close', async () => {
    const first = await connect({ dataDir });
    try {
      await expect(connect({ dataDir })).rejects.toThrow(
        `The database in ${dataDir} is already in use by process ${process.pid}. Stop that process first`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that has died, and keeps the data', async () => {
    const lockPath = join(dataDir, 'pglite.lock');
    const seed = await connect({ dataDir });
    await seed.db.execute('CREATE TABLE IF NOT EXISTS kept (v int)');
    await seed.db.execute('INSERT INTO kept VALUES (7)');
    await seed.close();

    writeFileSync(lockPath, String(deadPid()));
    const reopened = await connect({ dataDir });
    try {
      expect(lockHolder(lockPath)).toBe(String(process.pid));
      expect(rowsOf(await reopened.db.execute('SELECT v FROM kept'))).toEqual([{ v: 7 }]);
    } finally {
      await reopened.close();
    }
  });

  it('keeps the folder the owner’s alone: folders 0700, files 0600, fixed at open and kept for new files', async () => {
    const modes = () => {
      const found = new Set<string>();
      const walk = (path: string) => {
        const stat = statSync(path);
        found.add(`${stat.isDirectory() ? 'd' : 'f'}${(stat.mode & 0o777).toString(8)}`);
        if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
      };
      walk(dataDir);
      return [...found].sort();
    };
    // As a database made before this fix left them, and a folder made by hand.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
    chmodSync(join(dataDir, 'pglite', 'base'), 0o777);
    const handle = await connect({ dataDir });
    try {
      // New relation files, written while running.
      await handle.db.execute('CREATE TABLE more_kept AS SELECT generate_series(1, 1000) AS v');
      await handle.db.execute('CHECKPOINT');
      expect(modes()).toEqual(['d700', 'f600']);
    } finally {
      await handle.close();
    }
  });

  it('takes over a lock naming our own pid that this process never took (a container restarts as pid 1)', () => {
    const lockPath = join(dataDir, 'own-pid.lock');
    writeFileSync(lockPath, `${process.pid}\n`);
    const release = acquireLock(lockPath, dataDir);
    expect(() => acquireLock(lockPath, dataDir)).toThrow('already in use by process');
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('treats a reused pid (same number, another start time) as stale', () => {
    const lockPath = join(dataDir, 'reused.lock');
    // Our parent is alive, but the lock says it started at another time.
    writeFileSync(lockPath, `${process.ppid} 1\n`);
    const release = acquireLock(lockPath, dataDir);
    release();
  });
});

/**
 * Two processes that call acquireLock on a signal at the same instant, 100 times: half the rounds
 * on a free folder, half over a stale lock (the racy takeover path). Exactly one wins each round.
 */
describe('two processes starting at the same moment', () => {
  const CHILD = `
    const { acquireLock } = await import(${JSON.stringify(resolve(API_DIR, 'src/db/lock.ts'))});
    const rl = (await import('node:readline')).createInterface({ input: process.stdin });
    let release;
    for await (const line of rl) {
      const [command, at, path] = line.split(' ');
      if (command === 'go') {
        // Sleep until just before the agreed instant, then spin so both start within a millisecond.
        const sleep = Number(at) - Date.now() - 3;
        if (sleep > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleep);
        while (Date.now() < Number(at)) {}
        try {
          release = acquireLock(path, 'race');
          console.log('won');
        } catch (error) {
          console.log(error.constructor.name === 'DataDirLockedError' ? 'lost' : 'error ' + error.message);
        }
      } else if (command === 'release') {
        release?.();
        release = undefined;
        console.log('released');
      }
    }
  `;

  interface Racer {
    child: ChildProcessWithoutNullStreams;
    next(): Promise<string>;
  }

  function startRacer(): Racer {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: API_DIR });
    const lines: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    });
    return {
      child,
      next: () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise((done) => waiting.push(done))),
    };
  }

  it('exactly one of two processes wins each of 100 rounds, over a free folder or a stale lock', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'admin-lock-race-'));
    const racers = [startRacer(), startRacer()];
    const dead = deadPid();
    try {
      // Both children are up once they answer a release.
      for (const racer of racers) racer.child.stdin.write('release\n');
      for (const racer of racers) expect(await racer.next()).toBe('released');

      const outcomes: string[] = [];
      for (let round = 0; round < 100; round++) {
        const lockPath = join(folder, `round-${round}.lock`);
        if (round % 2) writeFileSync(lockPath, `${dead}\n`);
        const at = Date.now() + 30;
        for (const racer of racers) racer.child.stdin.write(`go ${at} ${lockPath}\n`);
        const results = await Promise.all(racers.map((racer) => racer.next()));
        outcomes.push(results.sort().join(','));
        const holder = lockHolder(lockPath);
        expect(racers.map((racer) => String(racer.child.pid))).toContain(holder);
        for (const racer of racers) racer.child.stdin.write('release\n');
        for (const racer of racers) expect(await racer.next()).toBe('released');
        expect(existsSync(lockPath)).toBe(false);
      }
      expect(outcomes.filter((outcome) => outcome !== 'lost,won')).toEqual([]);
      // No temporary or takeover file is left behind.
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      for (const racer of racers) racer.child.kill();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

// What the ops tests share: a scratch folder per test, small remote builds shaped like Rspack's,
// a fake host build, folder snapshots, the CLI run against the scratch release folder and a
// reader of its platform.json.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './layout.mjs';

const CLI = path.join(REPO_ROOT, 'ops/src/cli.mjs');

export function scratch() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-test-'));
  return { work, dir: path.join(work, 'releases'), remove: () => fs.rmSync(work, { recursive: true, force: true }) };
}

/**
 * A remote build whose content (and so version) depends on `label`: a manifest exposing './routes'
 * and './widgets', a remote entry that defines the container and maps consume id "CL" to the
 * '@admin/shared/ui' facade, and a page chunk that reads `uses` from it.
 * @param {string} work
 * @param {string} label
 * @param {{ name?: string, uses?: string[], entry?: string }} [options] `entry` replaces the remote entry's code
 */
export function fakeBuild(work, label, { name = 'sales', uses = ['Button'], entry } = {}) {
  const dist = path.join(work, `dist-${label}`);
  const chunk = 'static/js/async/page.js';
  const assets = { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } };
  fs.mkdirSync(path.join(dist, 'static/js/async'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [{ name: '@admin/shared/ui', version: '^1.0.0', requiredVersion: '^1.0.0' }],
      exposes: [
        { path: './routes', assets },
        { path: './widgets', assets },
      ],
      label,
    }),
  );
  fs.writeFileSync(
    path.join(dist, 'remoteEntry.js'),
    entry ??
      `var ${name} = { get() {}, init() {} };
       var __webpack_require__ = { consumesLoadingData: { moduleIdToConsumeDataMapping: { CL: { shareKey: "@admin/shared/ui", import: null } } } };`,
  );
  fs.writeFileSync(
    path.join(dist, chunk),
    `(self.chunk_${name} = self.chunk_${name} || []).push([["page"], { P(e, t, r) { var n = r("CL"); t.default = function Page(n) { return n.label; }; ${uses
      .map((use) => `(0, n.${use})(${JSON.stringify(label)});`)
      .join(' ')} } }]);`,
  );
  return dist;
}

/**
 * A host build whose release probe loads the candidate's remote entry with the digests it is
 * given, checks the container, and offers `exports` of '@admin/shared/ui'.
 * @param {string} work
 * @param {string[]} exports
 */
export function fakeHost(work, exports = ['Button']) {
  const dist = path.join(work, 'host-dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><script>
      window.__platformProbe = ({ name, entry, integrity }) => new Promise((resolve) => {
        const script = document.createElement('script');
        script.src = new URL('remoteEntry.js', entry).href;
        script.integrity = integrity['remoteEntry.js'];
        const done = (problems) => resolve({ problems, exports: { '@admin/shared/ui': ${JSON.stringify(exports)} } });
        script.onload = () => done(typeof window[name]?.get === 'function' ? [] : ['./routes did not load: no container']);
        script.onerror = () => done(['./routes did not load: the remote entry was refused']);
        window.onerror = (message) => done(['./routes did not load: ' + message]);
        document.head.append(script);
      });
    </script>`,
  );
  return dist;
}

/**
 * Every file under `root` with its SHA-256, to prove a folder was left alone.
 * @param {string} root
 */
export function snapshot(root, skip = new Set(['node_modules'])) {
  /** @type {Record<string, string>} */
  const files = {};
  if (!fs.existsSync(root)) return files;
  /** @param {string} folder */
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return files;
}

/**
 * Runs `pnpm release|promote|rollback|platform …` on the release folder `dir`.
 * @param {string} dir
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
export function cli(dir, args, env = {}) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RELEASES_DIR: dir, REMOTE_ORIGIN: '', ...env },
  });
}

/**
 * A separate process that reads `dir`/platform.json in a loop, so its reads really interleave with
 * this process's writes. A read is broken when the file is not JSON or one of `remotes` has no
 * version. Resolves once the reader runs; `stop()` ends it and gives its counts.
 * @param {string} work a scratch folder, for the file that tells the reader to stop
 * @param {string} dir the release folder
 * @param {string[]} remotes
 */
export async function platformReader(work, dir, remotes) {
  const stopFile = path.join(work, 'stop');
  const reader = spawn(process.execPath, [
    '-e',
    `const fs = require('node:fs');
     const remotes = ${JSON.stringify(remotes)};
     let reads = 0, broken = 0;
     process.stdout.write('ready\\n');
     while (!fs.existsSync(${JSON.stringify(stopFile)})) {
       try { const p = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, 'platform.json'))}, 'utf8'));
             if (!remotes.every((name) => p.remotes[name]?.version)) broken++; }
       catch { broken++; }
       reads++;
     }
     process.stdout.write(JSON.stringify({ reads, broken }));`,
  ]);
  let out = '';
  const ready = new Promise((resolve) => {
    reader.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready\n')) resolve(undefined);
    });
  });
  const done = new Promise((resolve) => reader.on('close', resolve));
  await Promise.race([ready, done]);
  if (!out.includes('ready\n')) throw new Error(`The platform.json reader did not start: ${out}`);
  return {
    /** @returns {Promise<{ reads: number, broken: number }>} */
    async stop() {
      fs.writeFileSync(stopFile, '');
      await done;
      return JSON.parse(out.slice(out.indexOf('\n') + 1));
    },
  };
}

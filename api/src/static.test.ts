import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connect, type DbHandle } from './db/connect';

const root = mkdtempSync(join(tmpdir(), 'admin-web-'));
const hostDist = join(root, 'host');
const releasesDir = join(root, 'releases');
const version = '1.0.0-abc123';

function write(path: string, content: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

let handle: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  write(join(hostDist, 'index.html'), '<!doctype html><title>Admin System</title>');
  write(join(hostDist, 'static/js/index.0a1b2c3d.js'), 'console.log(1)');
  write(join(hostDist, 'favicon.ico'), 'icon');
  const remote = join(releasesDir, 'masters', version);
  write(join(remote, 'mf-manifest.json'), '{}');
  write(join(remote, 'remoteEntry.js'), 'entry');
  write(join(remote, 'static/js/async/routes.9f8e7d6c.js'), 'chunk');
  write(join(releasesDir, 'history.json'), '[]');
  const entry = (name: string, origin = '') => ({ version, entry: `${origin}/remotes/${name}/${version}/mf-manifest.json` });
  write(
    join(releasesDir, 'platform.json'),
    JSON.stringify({
      apiBaseUrl: '/api',
      remotes: { masters: entry('masters'), sales: entry('sales', 'https://cdn.example.com'), payments: entry('payments') },
    }),
  );
  handle = await connect({});
  app = await buildApp({ db: handle, config: { ...loadConfig({}), hostDist, releasesDir }, web: true });
});
afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('serving the web platform', () => {
  it('serves index.html for the root and for client routes, never cached, with a strict policy', async () => {
    for (const url of ['/', '/customers', '/invoices/new?x=1', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Admin System</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('makes hashed host assets immutable and revalidates the rest', async () => {
    const chunk = await get('/static/js/index.0a1b2c3d.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing file instead of the page', async () => {
    const response = await get('/static/js/missing.11111111.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ requestId: expect.any(String), message: 'Not found' });
  });

  it('serves a released remote with CORS, its entry files revalidated and its chunks immutable', async () => {
    const base = `/remotes/masters/${version}`;
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await get(`${base}/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    const chunk = await get(`${base}/static/js/async/routes.9f8e7d6c.js`);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves platform.json from the release folder, never cached, and not the release bookkeeping', async () => {
    const platform = await get('/platform.json');
    expect(platform.statusCode).toBe(200);
    expect(platform.headers['cache-control']).toBe('no-cache');
    expect(platform.json().remotes.masters.version).toBe(version);
    expect((await get('/remotes/history.json')).statusCode).toBe(404);
    expect((await get('/remotes/platform.json')).statusCode).toBe(404);
  });

  it('keeps /api answers as JSON, not the page', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ requestId: expect.any(String), message: 'Not found' });
  });
});

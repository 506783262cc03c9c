import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from '@rstest/core';
import { servedWebPlatform, writeTestFile as write } from './test';

const version = '1.0.0-abc123';

/** A file with the brotli and gzip copies a build writes beside it (shared/precompress.ts). */
function writePrecompressed(path: string, content: string) {
  write(path, content);
  write(`${path}.br`, brotliCompressSync(content));
  write(`${path}.gz`, gzipSync(content));
}

const platform = servedWebPlatform(({ hostDist, releasesDir }) => {
  writePrecompressed(join(hostDist, 'index.html'), '<!doctype html><title>Admin System</title>');
  writePrecompressed(join(hostDist, 'static/js/index.0a1b2c3d.js'), 'console.log(1)');
  writePrecompressed(join(hostDist, 'static/css/index.1a2b3c4d.css'), 'body{margin:0}');
  write(join(hostDist, 'favicon.ico'), 'icon');
  const remote = join(releasesDir, 'masters', version);
  write(join(remote, 'mf-manifest.json'), '{}');
  writePrecompressed(join(remote, 'remoteEntry.js'), 'entry');
  writePrecompressed(join(remote, 'static/js/async/routes.9f8e7d6c.js'), 'chunk');
  write(join(releasesDir, 'history.json'), '[]');
  const entry = (name: string, origin = '') => ({
    version,
    entry: `${origin}/remotes/${name}/${version}/mf-manifest.json`,
  });
  write(
    join(releasesDir, 'platform.json'),
    JSON.stringify({
      apiBaseUrl: '/api',
      remotes: {
        masters: entry('masters'),
        sales: entry('sales', 'https://cdn.example.com'),
        payments: entry('payments'),
      },
    }),
  );
});

const get = (url: string, headers: Record<string, string> = {}) => platform.app.inject({ method: 'GET', url, headers });

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

  it('serves a released remote with CORS, every file of its versioned folder immutable', async () => {
    const base = `/remotes/masters/${version}`;
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'static/js/async/routes.9f8e7d6c.js']) {
      const response = await get(`${base}/${file}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('sends the precompressed copy the browser accepts, brotli first, and says the answer varies by it', async () => {
    const files = [
      ['/static/js/index.0a1b2c3d.js', 'console.log(1)', 'javascript'],
      ['/static/css/index.1a2b3c4d.css', 'body{margin:0}', 'text/css'],
      [`/remotes/masters/${version}/remoteEntry.js`, 'entry', 'javascript'],
      ['/customers', '<!doctype html><title>Admin System</title>', 'text/html'],
    ] as const;
    for (const [url, content, type] of files) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers['content-type'])).toContain(type);
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(content);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(content);

      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(content);
    }
    // A refused encoding (q=0) is never sent.
    expect(
      (await get('/static/js/index.0a1b2c3d.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
  });

  it('never sends the compressed copy of a file that was removed', async () => {
    const file = join(platform.releasesDir, 'masters', version, 'static/js/async/gone.5e6f7a8b.js');
    writePrecompressed(file, 'gone');
    rmSync(file);
    const response = await get(`/remotes/masters/${version}/static/js/async/gone.5e6f7a8b.js`, {
      'accept-encoding': 'br, gzip',
    });
    expect(response.statusCode).toBe(404);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get(`/remotes/masters/${version}/mf-manifest.json`, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('{}');
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

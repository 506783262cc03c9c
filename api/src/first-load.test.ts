import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from '@rstest/core';
import { firstLoadBlock, type FirstLoad } from './first-load';
import { servedWebPlatform, writeTestFile as write } from './test';

const INLINE = 'console.log("ask at once")';
const digest = (name: string) => `sha384-${Buffer.from(name).toString('base64')}`;

const hostList = {
  always: [{ href: '/static/js/async/bootstrap.1a2b3c4d5e.js', integrity: digest('bootstrap') }],
  session: [{ href: '/static/js/async/signed-in.1a2b3c4d5e.js', integrity: digest('signed-in') }],
  texts: {
    en: [{ href: '/static/js/async/texts-en-json.1a2b3c4d5e.js', integrity: digest('host en') }],
    ar: [{ href: '/static/js/async/texts-ar-json.1a2b3c4d5e.js', integrity: digest('host ar') }],
  },
  signedInTexts: {
    en: [{ href: '/static/js/async/signed-in-texts-en-json.1a2b3c4d5e.js', integrity: digest('signed-in en') }],
    ar: [{ href: '/static/js/async/signed-in-texts-ar-json.1a2b3c4d5e.js', integrity: digest('signed-in ar') }],
  },
};

/** A release folder with the manifest a remote build writes: its widgets' files and both catalogues. */
function release(releasesDir: string, name: string, version: string, { digests = true } = {}) {
  const files = [
    'mf-manifest.json',
    'remoteEntry.js',
    'static/js/async/u.0a0a0a0a0a.js',
    'static/js/async/__federation_expose_widgets.0b0b0b0b0b.js',
    'static/js/async/texts-en-json.0c0c0c0c0c.js',
    'static/js/async/texts-ar-json.0d0d0d0d0d.js',
    'static/js/async/routes-only.0e0e0e0e0e.js',
  ];
  const manifest = JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { path: './routes', assets: { js: { sync: [files[6]], async: [] } } },
      { path: './widgets', assets: { js: { sync: [files[2], files[3]], async: [files[6], files[4], files[5]] } } },
    ],
  });
  write(join(releasesDir, name, version, 'mf-manifest.json'), manifest);
  return {
    version,
    entry: `/remotes/${name}/${version}/mf-manifest.json`,
    // The entry's digest left out when asked: that file is then left to load as it would. The
    // manifest's digest is its bytes' own, or else (with the other digests left out) one its
    // bytes do not have, as a manifest changed after its release.
    integrity: digests
      ? {
          ...Object.fromEntries(files.map((file) => [file, digest(`${name} ${file}`)])),
          'mf-manifest.json': `sha384-${createHash('sha384').update(manifest).digest('base64')}`,
        }
      : { 'mf-manifest.json': digest(`${name} manifest`) },
  };
}

/** platform.json: masters and payments (whose manifest lacks its digest) for everyone, sales with a canary. */
const platformIn = (releasesDir: string) => ({
  apiBaseUrl: '/api',
  remotes: {
    masters: release(releasesDir, 'masters', '1.0.0-aaaaaaaa'),
    sales: {
      ...release(releasesDir, 'sales', '1.0.0-bbbbbbbb'),
      canary: { ...release(releasesDir, 'sales', '1.0.0-cccccccc'), percent: 10 },
    },
    payments: release(releasesDir, 'payments', '1.0.0-dddddddd', { digests: false }),
  },
});
let platform: ReturnType<typeof platformIn>;

const served = servedWebPlatform(({ hostDist, releasesDir }) => {
  write(
    join(hostDist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script></head><body></body></html>`,
  );
  write(join(hostDist, 'first-load.json'), JSON.stringify(hostList));
  platform = platformIn(releasesDir);
  write(join(releasesDir, 'platform.json'), JSON.stringify(platform));
});
function blockOf(html: string): FirstLoad {
  const match = /<head><script type="application\/json" id="first-load">(.*?)<\/script>/s.exec(html);
  expect(match, 'the block opens the head, before the script that reads it').not.toBeNull();
  return JSON.parse(match![1]!) as FirstLoad;
}

describe('the first load index.html lists', () => {
  it("names the host's files, and each area's manifest, entry, widgets and catalogues with the platform's digests", async () => {
    const response = await served.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const load = blockOf(response.body);
    expect({
      always: load.always,
      session: load.session,
      texts: load.texts,
      signedInTexts: load.signedInTexts,
    }).toEqual(hostList);
    // The platform config as the page would have asked for it.
    expect(load.platform).toEqual(platform);
    const masters = '/remotes/masters/1.0.0-aaaaaaaa/';
    const file = (name: string) => ({ href: masters + name, integrity: digest(`masters ${name}`) });
    const manifestPath = join(served.releasesDir, 'masters/1.0.0-aaaaaaaa/mf-manifest.json');
    expect(load.areas.masters).toEqual({
      // The manifest's content too: the runtime takes it from the page instead of asking.
      manifest: {
        href: `${masters}mf-manifest.json`,
        integrity: platform.remotes.masters.integrity['mf-manifest.json'],
        json: JSON.parse(readFileSync(manifestPath, 'utf8')),
      },
      files: [
        file('remoteEntry.js'),
        file('static/js/async/u.0a0a0a0a0a.js'),
        file('static/js/async/__federation_expose_widgets.0b0b0b0b0b.js'),
      ],
      texts: {
        en: [file('static/js/async/texts-en-json.0c0c0c0c0c.js')],
        ar: [file('static/js/async/texts-ar-json.0d0d0d0d0d.js')],
      },
    });
  });

  it('leaves out an area with a canary (a user draws their release) and the files platform.json gives no digest', async () => {
    const load = blockOf((await served.app.inject({ method: 'GET', url: '/customers' })).body);
    expect(Object.keys(load.areas)).toEqual(['masters', 'payments']);
    expect(load.areas.payments!.files).toEqual([]);
    expect(load.areas.payments!.texts).toEqual({ en: [], ar: [] });
    // A manifest whose bytes lack the digest platform.json gives is only named: the browser asks
    // for it with that digest, and refuses it.
    expect(load.areas.payments!.manifest).toEqual({
      href: '/remotes/payments/1.0.0-dddddddd/mf-manifest.json',
      integrity: digest('payments manifest'),
    });
  });

  it("lets the page's own inline script run by its digest, and sends the page compressed", async () => {
    const response = await served.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain(`<script>${INLINE}</script>`);
    const sha = createHash('sha256').update(INLINE).digest('base64');
    expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${sha}';`);
  });

  it('never lets a text in the list end its block', () => {
    const block = firstLoadBlock({
      ...hostList,
      areas: {},
      platform: { ...platform, apiBaseUrl: '</script><script>x()' },
    });
    expect(block.match(/<\/script/g)).toHaveLength(1);
    expect(block.endsWith('</script>')).toBe(true);
  });
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { PlatformConfigSchema, REMOTE_NAMES, type PlatformConfig } from '@admin/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Config } from './config';
import { firstLoadBlock, firstLoadOf, hostFirstLoad, inlineScriptDigests } from './first-load';

const brotli = (bytes: Buffer) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
const gzipAsync = promisify(gzip);

/**
 * Serves the web platform from the same process as the API (`pnpm start`): the host at `/`
 * with a fallback to index.html for client routes, each released remote at
 * `/remotes/<name>/<version>/`, and the release folder's platform.json.
 *
 * Caching is what makes a rollback safe: the files that decide which code runs (platform.json,
 * index.html) are revalidated on every load, while hashed chunks and every file of a versioned
 * release folder are immutable, so a browser never mixes releases and never misses an old chunk.
 *
 * Text files go out compressed: the builds write a brotli and a gzip copy beside each one
 * (shared/precompress.ts) and the static handler picks the one the browser accepts, with
 * `Vary: Accept-Encoding`; a file without copies is sent as it is. index.html alone is compressed
 * here, once per distinct page: it carries the first-load block of the releases that run (first-load.ts).
 */

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Rsbuild names chunks name.<contenthash>.ext; such a file never changes under its name.
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i;

const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/** The file a path serves, without the .br/.gz of the compressed copy sent in its place. */
const servedName = (path: string) => basename(path).replace(PRECOMPRESSED_COPY, '');

function cacheControlFor(path: string): string {
  return HASHED_FILE.test(servedName(path)) ? IMMUTABLE : NO_CACHE;
}

/**
 * A compressed copy is only ever sent for a file that is there: a file removed from a release
 * folder is gone, even if its .br/.gz copies were left behind.
 */
function originalExists(root: string, pathName: string): boolean {
  try {
    return existsSync(join(root, decodeURIComponent(pathName)));
  } catch {
    return false; // a malformed escape names no file
  }
}

/** The precompressed copy of a file the request accepts ('br' before 'gzip'), if any. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name = '']) => name.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

async function readPlatformConfig(releasesDir: string): Promise<PlatformConfig | undefined> {
  try {
    const parsed = v.safeParse(
      PlatformConfigSchema,
      JSON.parse(await readFile(join(releasesDir, 'platform.json'), 'utf8')),
    );
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

function originOf(url: string): string | undefined {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A strict policy for the page: scripts only from here, from the origins the current
 * platform.json loads remotes from, canaries included (read per request, so a release to a CDN
 * needs no restart), and the page's own inline scripts by their digests. Styles allow inline because the UI library injects its styles at run time.
 */
export function contentSecurityPolicy(platform: PlatformConfig | undefined, inlineScripts: string[] = []): string {
  const remoteOrigins = platform
    ? REMOTE_NAMES.flatMap((name) => [platform.remotes[name], platform.remotes[name].canary]).map(
        (release) => release && originOf(release.entry),
      )
    : [];
  const apiOrigin = platform ? originOf(platform.apiBaseUrl) : undefined;
  const code = [...new Set(remoteOrigins.filter((origin): origin is string => !!origin))].join(' ');
  const connect = [...new Set([...remoteOrigins, apiOrigin].filter((origin): origin is string => !!origin))].join(' ');
  const own = (extra: string) => `'self'${extra ? ` ${extra}` : ''}`;
  return [
    `default-src 'self'`,
    `script-src ${own([code, ...inlineScripts].filter(Boolean).join(' '))}`,
    `style-src ${own(code)} 'unsafe-inline'`,
    `img-src ${own(code)} data:`,
    `font-src ${own(code)} data:`,
    `connect-src ${own(connect)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Registers the web routes; returns the handler for GETs no route matched (client-side routes). */
export async function registerWebPlatform(
  app: FastifyInstance,
  config: Config,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<boolean>> {
  const { hostDist, releasesDir } = config;
  const indexPath = join(hostDist, 'index.html');

  // index.html with its first-load block, compressed once per distinct page (it changes with a
  // release or a host build, not per request).
  const compressedPages = new Map<string, Promise<Record<'br' | 'gzip', Buffer>>>();
  function compressed(html: string): Promise<Record<'br' | 'gzip', Buffer>> {
    let page = compressedPages.get(html);
    if (!page) {
      if (compressedPages.size >= 8) compressedPages.clear();
      const bytes = Buffer.from(html);
      page = Promise.all([brotli(bytes), gzipAsync(bytes)]).then(([br, gzip]) => ({ br, gzip }));
      compressedPages.set(html, page);
    }
    return page;
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let html: string;
    try {
      html = await readFile(indexPath, 'utf8');
    } catch {
      return false;
    }
    const platform = await readPlatformConfig(releasesDir);
    const host = await hostFirstLoad(hostDist);
    if (host) html = html.replace('<head>', `<head>${firstLoadBlock(await firstLoadOf(host, platform, releasesDir))}`);
    const csp = contentSecurityPolicy(platform, inlineScriptDigests(html));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    await reply
      .header('vary', 'accept-encoding')
      .header('cache-control', NO_CACHE)
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(encoding ? (await compressed(html))[encoding] : html);
    return true;
  }

  app.get('/platform.json', async (_request, reply) => {
    try {
      const body = await readFile(join(releasesDir, 'platform.json'), 'utf8');
      return reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8').send(body);
    } catch {
      return reply
        .code(404)
        .header('cache-control', NO_CACHE)
        .send({ message: 'No platform release yet: run pnpm release' });
    }
  });

  if (existsSync(hostDist)) {
    app.get('/', async (request, reply) => ((await sendIndex(request, reply)) ? reply : reply.callNotFound()));
    await app.register(fastifyStatic, {
      root: hostDist,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html always goes through sendIndex, which adds its policy headers.
      allowedPath: (pathName) => pathName !== '/index.html' && originalExists(hostDist, pathName),
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }

  await app.register(fastifyStatic, {
    root: releasesDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Only files inside /remotes/<name>/<version>/, never the release bookkeeping at the top.
    allowedPath: (pathName) => {
      const [name = '', version, ...rest] = pathName.split('/').filter(Boolean);
      return (
        (REMOTE_NAMES as readonly string[]).includes(name) &&
        !!version &&
        rest.length > 0 &&
        originalExists(releasesDir, pathName)
      );
    },
    // A release folder's name carries its content hash and is never written again, so every file
    // in it, manifest and entry included, is immutable; platform.json decides which folder runs.
    setHeaders: (reply) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', IMMUTABLE);
    },
  });

  return async (request, reply) => {
    const path = request.url.replace(/\?.*/s, '');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/remotes/') &&
      (!FILE_PATH.test(path) || path === '/index.html');
    return isPageRequest && sendIndex(request, reply);
  };
}

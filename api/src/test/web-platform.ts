// The API serving the web platform (web: true) from folders a test writes: a host build and a
// release folder in a temporary directory, on an embedded database of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from '@rstest/core';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type DbHandle } from '../db/connect';

/** Writes `content` at `path`, making its folders. */
export function writeTestFile(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/**
 * Before the file's tests: `populate` writes the host build (`hostDist`) and the releases
 * (`releasesDir`), then the app starts on them; after them both are gone.
 */
export function servedWebPlatform(populate: (folders: { hostDist: string; releasesDir: string }) => void) {
  const root = mkdtempSync(join(tmpdir(), 'admin-web-'));
  const folders = { hostDist: join(root, 'host'), releasesDir: join(root, 'releases') };
  let handle: DbHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    populate(folders);
    handle = await connect({});
    app = await buildApp({ db: handle, config: { ...loadConfig({}), ...folders }, web: true });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    ...folders,
    /** The started app (in a test, after the set-up). */
    get app() {
      if (!app) throw new Error('The web platform starts before the tests');
      return app;
    },
  };
}

// platform.json as the server read it for this page (its first-load block, api/src/first-load.ts),
// else asked for at once, while the shared modules load, instead of after them (fetchPlatformConfig
// takes this answer and reports its failure).
import { firstLoadBlock } from './common/remotes/first-load-block';

const served = firstLoadBlock().platform;
window.__platformJson = served
  ? Promise.resolve(Response.json(served))
  : fetch('/platform.json', { cache: 'no-store' });
window.__platformJson.catch(() => undefined);
// An async boundary, so the Module Federation runtime can settle the shared modules first.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');

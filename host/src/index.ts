// platform.json as the server read it for this page (its first-load block, api/src/first-load.ts),
// else asked for at once, while the shared modules load, instead of after them (fetchPlatformConfig
// takes this answer and reports its failure).
import { firstLoadBlock } from './common/remotes/first-load-block';

const served = firstLoadBlock().platform;
window.__platformJson = served
  ? Promise.resolve(Response.json(served))
  : fetch('/platform.json', { cache: 'no-store' });
window.__platformJson.catch(() => undefined);
// An async boundary, so the Module Federation runtime can settle the shared modules first. The
// start-up code runs in three tasks, not one, so the browser can paint and answer input between
// them on a slow phone: this entry (the runtime), the UI kit (whose style system is built as it
// loads; an eager module is evaluated where it is first imported), then the rest.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => import('@admin/shared/ui'))
  .catch(() => undefined)
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));

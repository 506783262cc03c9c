// platform.json is asked for at once, while the shared modules load, instead of after them
// (fetchPlatformConfig takes this answer and reports its failure).
window.__platformJson = fetch('/platform.json', { cache: 'no-store' });
window.__platformJson.catch(() => undefined);
// An async boundary, so the Module Federation runtime can settle the shared modules first.
import('./bootstrap');

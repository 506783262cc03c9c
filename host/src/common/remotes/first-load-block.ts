// The first-load block the server writes into index.html (api/src/first-load.ts): platform.json as
// it read it for this page, and each area's manifest when the file has its release's digest. Read
// once; a page served without the block (the build's own dev server) gets nothing from it.
interface FirstLoadBlock {
  platform?: unknown;
  areas?: Record<string, { manifest?: { href: string; json?: unknown } }>;
}

let block: FirstLoadBlock | undefined;

export function firstLoadBlock(): FirstLoadBlock {
  if (!block) {
    try {
      block = JSON.parse(document.getElementById('first-load')?.textContent || '{}') as FirstLoadBlock;
    } catch {
      block = {};
    }
  }
  return block;
}

/**
 * The manifest at `url` as the page carries it, for the Module Federation runtime to take instead
 * of asking the network (a request per area fewer before the dashboard is drawn).
 */
export function servedManifest(url: string): Response | undefined {
  const wanted = new URL(url, window.location.href).href;
  for (const { manifest } of Object.values(firstLoadBlock().areas ?? {}))
    if (manifest?.json !== undefined && new URL(manifest.href, window.location.href).href === wanted)
      return Response.json(manifest.json);
  return undefined;
}

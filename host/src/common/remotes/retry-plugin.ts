// The host's MF runtime plugin (no React here: it runs before the app). A manifest the page carries
// in its first-load block is taken from there; a transient failure to fetch a remote's manifest or
// script is retried before the area reports itself unavailable, and
// every file the runtime fetches or adds to the page (the manifest, the remote entry, the scripts
// and stylesheets it preloads or loads from the manifest) carries the digest platform.json gives,
// so a file changed on the origin or a CDN after its release is refused by the browser
// (subresource integrity) and only its area fails. The chunks a remote entry loads itself carry
// the digests its build embedded (Rsbuild's security.sri).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { servedManifest } from './first-load-block';
import { integrityFor } from './integrity';
import { checkSharedNeeds } from './shared-check';

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  const retry = RetryPlugin({
    fetch: { retryTimes: 2 },
    script: { retryTimes: 2, retryDelay: 500 },
  });
  return {
    ...retry,
    name: 'platform-retry-integrity',
    // One fetch hook: the manifest the page carries (checked by the server against its digest), else
    // the retry plugin's, given the manifest's digest (two hooks would fetch twice).
    fetch: (url, init) => {
      const served = servedManifest(url);
      if (served) return Promise.resolve(served);
      return retry.fetch?.(url, { ...init, integrity: integrityFor(url) ?? init.integrity });
    },
    // Once the manifest is fetched, before any of the remote's files: the gate's shared-version
    // rule, so a build the running host cannot serve fails closed in its area only.
    loadRemoteSnapshot(args) {
      if (args.manifestJson) checkSharedNeeds(args.moduleInfo.name, args.manifestJson);
      return args;
    },
    createScript({ url }) {
      const integrity = integrityFor(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      // A cross-origin script's bytes are only checked (and readable) in CORS mode.
      script.crossOrigin = 'anonymous';
      return script;
    },
    // A preload (or a stylesheet) with the same digest and CORS mode as the script that uses it,
    // or the browser could not reuse the preloaded bytes.
    createLink({ url, attrs }) {
      const integrity = integrityFor(url);
      if (!integrity) return undefined;
      const link = document.createElement('link');
      link.href = url;
      for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
      link.integrity = integrity;
      link.crossOrigin = 'anonymous';
      return link;
    },
  };
}

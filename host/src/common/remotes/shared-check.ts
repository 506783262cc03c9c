// The shared versions a remote asks of the page, checked where its code would run (no React here:
// the MF runtime plugin uses it before the app). The release gate refuses such a build; this
// refuses it in the browser too, whatever pointed the page at it (a tester's override, a
// hand-edited platform.json).
import { getInstance } from '@module-federation/enhanced/runtime';
import { unmetNeeds, type Manifest, type UnmetNeed } from './shared-versions';

/** Which version of each shared library this page runs: the copy that loaded, else the host's own. */
export function sharedInUse(): Record<string, string> {
  const scope = getInstance()?.shareScopeMap?.default ?? {};
  const inUse: Record<string, string> = {};
  for (const [name, versions] of Object.entries(scope)) {
    const entries = Object.entries(versions);
    const chosen = entries.find(([, s]) => s.loaded) ?? entries.find(([, s]) => s.from === 'host');
    if (chosen) inUse[name] = chosen[0];
  }
  return inUse;
}

/** A remote asked for shared versions this page does not run: none of its code was run. */
export class SharedVersionError extends Error {
  constructor(
    readonly remote: string,
    readonly needs: UnmetNeed[],
  ) {
    super(
      `${remote} needs ${needs.map(({ name, range, version }) => `${name} ${range} (this host runs ${version})`).join(', ')}`,
    );
    this.name = 'SharedVersionError';
  }
}

/** Throws a SharedVersionError when a remote's manifest asks for a shared version the page does not run. */
export function checkSharedNeeds(remote: string, manifest: Partial<Manifest>): void {
  const needs = unmetNeeds(manifest.shared ?? [], sharedInUse());
  if (needs.length) throw new SharedVersionError(remote, needs);
}

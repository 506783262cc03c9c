// What `pnpm release` asks of the host that runs before anyone sees a new build (ops/src/gate):
// in a headless page of this host, load the candidate with the host's own loader, contract checks
// and shared modules, and say what is wrong. Installed on window for the gate to call.
import { loadShare } from '@module-federation/enhanced/runtime';
import type { Release, RemoteName } from '@admin/shared/contract';
import { loadRemoteRoutes, loadRemoteWidgets, registerRelease } from '../common/remotes/remotes';
import { sharedInUse } from '../common/remotes/shared-check';
import { compareShared, fetchManifest, satisfies } from '../common/remotes/shared-versions';

export interface ProbeResult {
  /** Why the candidate must not be released; none when it loaded and fits this host. */
  problems: string[];
  /** Each shared module the candidate declares, with the names this host's copy exports. */
  exports: Record<string, string[]>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function probe(candidate: Release & { name: RemoteName }): Promise<ProbeResult> {
  const { name, ...release } = candidate;
  const problems: string[] = [];
  registerRelease(name, { ...release, channel: 'candidate' });
  for (const [module, load] of [
    ['./routes', loadRemoteRoutes],
    ['./widgets', loadRemoteWidgets],
  ] as const) {
    await load(name).catch((error: unknown) => problems.push(`${module} did not load: ${message(error)}`));
  }
  const manifest = await fetchManifest(release.entry);
  for (const row of compareShared(manifest.shared, sharedInUse())) {
    if (!row.inUse && !row.bundled) problems.push(`${row.name}: the host offers no copy and the build brings none.`);
    else if (row.inUse && satisfies(row.inUse, row.requiredVersion) === false)
      problems.push(`${row.name}: ${row.problem}.`);
  }
  const exports: Record<string, string[]> = {};
  for (const { name: library } of manifest.shared) {
    const factory = await loadShare<object>(library).catch(() => false as const);
    const module = factory ? factory() : undefined;
    if (module) exports[library] = Object.keys(module);
  }
  return { problems, exports };
}

declare global {
  interface Window {
    __platformProbe?: typeof probe;
  }
}

window.__platformProbe = probe;

import { getInstance, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PlatformConfig, RemoteName } from '@admin/shared/contract';
import { REMOTE_NAMES } from '@admin/shared/contract';
import { isDashboardWidgetList, isRemoteModule, type DashboardWidget, type RemoteModule } from '@admin/shared/remote';
import { updateRemoteStatus, type SharedUse } from './remote-status';

const registered = new Set<RemoteName>();

/** Registers each remote at the entry platform.json names; nothing about remotes is built into the host. */
export function registerPlatformRemotes(config: PlatformConfig): void {
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name].entry })));
  for (const name of REMOTE_NAMES) {
    registered.add(name);
    updateRemoteStatus(name, { ...config.remotes[name], state: 'registered' });
  }
}

function sharedUsedBy(remote: string): SharedUse[] {
  const scope = getInstance()?.shareScopeMap?.default ?? {};
  const uses: SharedUse[] = [];
  for (const [name, versions] of Object.entries(scope)) {
    for (const [version, shared] of Object.entries(versions)) {
      if (shared.from === remote || shared.useIn?.includes(remote)) {
        uses.push({ name, version, from: shared.from, useIn: [...(shared.useIn ?? [])], loaded: Boolean(shared.loaded) });
      }
    }
  }
  return uses;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The remote's './routes', checked against the RemoteModule contract. The MF runtime caches a success, never a failure. */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteModule> {
  if (!registered.has(name)) throw new Error(`No entry for the ${name} remote in /platform.json`);
  const started = performance.now();
  updateRemoteStatus(name, { state: 'loading', error: undefined });
  try {
    const mod = await loadRemote<{ default?: unknown }>(`${name}/routes`);
    const routes = mod?.default;
    if (!isRemoteModule(routes)) throw new Error(`The ${name} remote's './routes' is not a RemoteModule`);
    updateRemoteStatus(name, {
      state: 'loaded',
      loadMs: Math.round(performance.now() - started),
      shared: sharedUsedBy(name),
    });
    return routes;
  } catch (error) {
    updateRemoteStatus(name, { state: 'failed', error: message(error) });
    throw error;
  }
}

/** The remote's dashboard widgets; rejects when the remote cannot give them, so the dashboard can say so. */
export async function loadRemoteWidgets(name: RemoteName): Promise<DashboardWidget[]> {
  if (!registered.has(name)) throw new Error(`No entry for the ${name} remote in /platform.json`);
  const mod = await loadRemote<{ default?: unknown }>(`${name}/widgets`);
  if (!isDashboardWidgetList(mod?.default)) throw new Error(`The ${name} remote's './widgets' is not a list of dashboard widgets`);
  return mod.default;
}

const preloaded = new Set<RemoteName>();

/** Starts fetching a remote's routes before staff click (menu hover), once per page load. */
export function preloadArea(name: RemoteName): void {
  if (!registered.has(name) || preloaded.has(name)) return;
  preloaded.add(name);
  preloadRemote([{ nameOrAlias: name, exposes: ['./routes'] }]).catch(() => preloaded.delete(name));
}

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

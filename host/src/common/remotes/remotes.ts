import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useAuth, type User } from '@admin/shared/auth';
import { i18n, loadTexts } from '@admin/shared/i18n';
import { SHELL_NAMESPACE } from '../../i18n';
import { REMOTE_NAMES, type PlatformConfig, type RemoteName } from '@admin/shared/contract';
import {
  isDashboardWidgetList,
  isRemoteModule,
  type DashboardWidget,
  type RemoteModule,
  type RemoteRoute,
} from '@admin/shared/remote';
import { releaseFailed } from './health-report';
import { fetchPlatformConfig } from './platform-config';
import { expectIntegrity } from './integrity';
import { pickRelease, type Pick } from './release-pick';
import { guardRender } from './render-guard';
import { SharedVersionError } from './shared-check';
import { updateRemoteStatus, usePlatformStatus, type SharedUse } from './remote-status';

/** The release of each area this page registered with the MF runtime. */
const registered = new Map<RemoteName, Pick>();
/** Areas whose code this page began to load: no other release of them may run in this page. */
const started = new Set<RemoteName>();

/** Registers an area at one release, with the digests its files must have. */
export function registerRelease(name: RemoteName, pick: Pick): void {
  expectIntegrity(pick);
  registerRemotes([{ name, entry: pick.entry }], { force: registered.has(name) });
  registered.set(name, pick);
  updateRemoteStatus(name, {
    version: pick.version,
    entry: pick.entry,
    channel: pick.channel,
    state: 'registered',
    loadMs: undefined,
    error: undefined,
    shared: undefined,
    summary: pick.summary,
    module: undefined,
  });
}

function registerFor(config: PlatformConfig, user: User & { _id: string }): void {
  const picks = REMOTE_NAMES.map((name) => [name, pickRelease(name, config.remotes[name], user)] as const);
  // Another user signed in on a page that already ran other releases of an area: Module
  // Federation cannot swap them in a live page, so this user's picks start on a fresh one.
  if (picks.some(([name, pick]) => started.has(name) && registered.get(name)?.version !== pick.version)) {
    window.location.reload();
    return;
  }
  for (const [name, pick] of picks) if (registered.get(name)?.entry !== pick.entry) registerRelease(name, pick);
}

/**
 * Reads /platform.json again and notes each area this page runs whose release for this user has
 * moved since (a release, promotion or rollback): the page keeps running what it started with, and
 * offers a reload. A failed read changes nothing.
 */
export async function checkForMovedAreas(): Promise<void> {
  const user = useAuth.getState().user;
  if (!user?._id) return;
  const config = await fetchPlatformConfig().catch(() => undefined);
  if (!config) return;
  const moved: Partial<Record<RemoteName, string>> = {};
  for (const name of started) {
    const running = registered.get(name);
    // A tester's override or a build being checked is not the platform's to move.
    if (!running || running.channel === 'override' || running.channel === 'candidate') continue;
    const now = pickRelease(name, config.remotes[name], { ...user, _id: user._id });
    if (now.version !== running.version) moved[name] = now.version;
  }
  usePlatformStatus.setState({ moved });
}

// How often an open page looks for a moved area besides when the user comes back to it.
const MOVED_CHECK_MS = 5 * 60_000;

function watchForMovedAreas(): void {
  const check = () => void checkForMovedAreas();
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, MOVED_CHECK_MS);
}

/**
 * Keeps platform.json and registers the remotes once someone is signed in, because which release
 * of an area runs can depend on the user: a canary's share, a tester's override. Nothing about
 * remotes is built into the host.
 */
export function registerPlatformRemotes(config: PlatformConfig): void {
  usePlatformStatus.setState({ config });
  const apply = (user: User | null) => {
    if (user?._id) registerFor(config, { ...user, _id: user._id });
  };
  apply(useAuth.getState().user);
  watchForMovedAreas();
  useAuth.subscribe((state, previous) => {
    if (state.user?._id !== previous.user?._id) apply(state.user);
  });
}

function pickOf(name: RemoteName): Pick {
  const pick = registered.get(name);
  if (!pick) throw new Error(`No entry for the ${name} remote in /platform.json`);
  return pick;
}

function sharedUsedBy(remote: string): SharedUse[] {
  const scope = getInstance()?.shareScopeMap?.default ?? {};
  const uses: SharedUse[] = [];
  for (const [name, versions] of Object.entries(scope)) {
    for (const [version, shared] of Object.entries(versions)) {
      if (shared.from === remote || shared.useIn?.includes(remote)) {
        uses.push({
          name,
          version,
          from: shared.from,
          useIn: [...(shared.useIn ?? [])],
          loaded: Boolean(shared.loaded),
        });
      }
    }
  }
  return uses;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the area's unavailable panel says under Details: a shared version the page does not run is
 * named in the page's language (package, the range asked for, the host's version); any other
 * failure in the runtime's words.
 */
function shown(error: unknown): unknown {
  if (!(error instanceof SharedVersionError)) return error;
  return new Error(error.needs.map((need) => i18n.t('area.sharedVersion', { ns: SHELL_NAMESPACE, ...need })).join(' '));
}

/**
 * The remote's './routes', checked against the RemoteModule contract, each page guarded so a crash
 * while rendering is reported. The MF runtime caches a success, never a failure. A canary that
 * fails falls back to the stable release (see releaseFailed).
 */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteModule> {
  const loaded = loadedRemoteRoutes(name);
  if (loaded) return loaded;
  const pick = pickOf(name);
  started.add(name);
  const since = performance.now();
  updateRemoteStatus(name, { state: 'loading', error: undefined });
  try {
    const mod = await loadRemote<{ default?: unknown }>(`${name}/routes`);
    const routes = mod?.default;
    if (!isRemoteModule(routes)) throw new Error(`The ${name} remote's './routes' is not a RemoteModule`);
    // The menu shows the module's page names: they are there before it replaces the release's summary.
    // An area whose texts cannot load fails as one whose code cannot, rather than show their keys.
    if (routes.namespace) await loadTexts(routes.namespace);
    const onCrash = (error: Error) => {
      // A page's chunk that is gone may be a pruned release folder: offer the reload.
      void checkForMovedAreas();
      return releaseFailed(name, pick, 'render', error);
    };
    const guarded = {
      ...routes,
      routes: routes.routes.map((route) => ({ ...route, Component: guardRender(route.Component, onCrash) })),
    };
    updateRemoteStatus(name, {
      state: 'loaded',
      loadMs: Math.round(performance.now() - since),
      shared: sharedUsedBy(name),
      // Unless another release of the area was registered meanwhile (a health probe).
      ...(registered.get(name) === pick ? { module: guarded } : {}),
    });
    return guarded;
  } catch (error) {
    updateRemoteStatus(name, { state: 'failed', error: message(error) });
    // A file that is gone may be a release folder pruned after the area moved: offer the reload.
    void checkForMovedAreas();
    await releaseFailed(name, pick, 'load', error);
    throw shown(error);
  }
}

/** The remote's './widgets', checked against the contract (the MF runtime keeps a module once loaded). */
async function widgetsOf(name: RemoteName): Promise<DashboardWidget[]> {
  const mod = await loadRemote<{ default?: unknown }>(`${name}/widgets`);
  if (!isDashboardWidgetList(mod?.default))
    throw new Error(`The ${name} remote's './widgets' is not a list of dashboard widgets`);
  return mod.default;
}

/** The remote's dashboard widgets; rejects when the remote cannot give them, so the dashboard can say so. */
export async function loadRemoteWidgets(name: RemoteName): Promise<DashboardWidget[]> {
  const pick = pickOf(name);
  started.add(name);
  try {
    const widgets = await widgetsOf(name);
    // Texts that cannot load fail the area's cards as code that cannot would, rather than show keys.
    await Promise.all([...new Set(widgets.flatMap((widget) => widget.namespace ?? []))].map(loadTexts));
    const onCrash = (error: Error) => releaseFailed(name, pick, 'render', error);
    return widgets.map((widget) => ({ ...widget, Component: guardRender(widget.Component, onCrash) }));
  } catch (error) {
    await releaseFailed(name, pick, 'load', error);
    throw shown(error);
  }
}

/** An area's './routes' if it has loaded already: its pages can then render without suspending. */
export function loadedRemoteRoutes(name: RemoteName): RemoteModule | undefined {
  return usePlatformStatus.getState().remotes[name]?.module;
}

const mayOpen = (route: RemoteRoute) =>
  !route.permission || (useAuth.getState().user?.permissions?.includes(route.permission) ?? false);

/**
 * Loads an area's pages ahead of a visit: its './routes' and the code of the page at `path` (every
 * page without a path). With `data`, also starts the page's first request, for a page the user
 * may open. A failure is left for the visit to show.
 */
export function preloadArea(name: RemoteName, path?: string, { data = false } = {}): void {
  if (!registered.has(name)) return;
  loadRemoteRoutes(name).then(
    (module) => {
      for (const route of module.routes) {
        if (path && route.path !== path) continue;
        route.preload?.().catch(() => undefined);
        if (data && mayOpen(route)) route.prefetch?.().catch(() => undefined);
      }
    },
    () => undefined,
  );
}

/**
 * Loads an area's dashboard widgets ahead of the dashboard and starts each widget's own request,
 * so they go out with the summary's rather than once the cards are laid out. Resolves to the
 * widgets (none when the area is not there); a failure is left for the dashboard to show (and report).
 */
export async function preloadWidgets(name: RemoteName): Promise<DashboardWidget[]> {
  if (!registered.has(name)) return [];
  started.add(name);
  try {
    const widgets = await widgetsOf(name);
    for (const widget of widgets) widget.prefetch?.().catch(() => undefined);
    return widgets;
  } catch {
    return [];
  }
}

let areasPreloaded = false;

/**
 * Once per page, when the browser is idle: the code of every area's pages and the kit's forms, so
 * a menu click renders the page at once. Called once the first screen after sign-in (the dashboard or a page)
 * has what it needs, so it never competes with it for the network.
 */
export function preloadAreasWhenIdle(): void {
  if (areasPreloaded) return;
  areasPreloaded = true;
  const preloadAll = () => {
    REMOTE_NAMES.forEach((name) => preloadArea(name));
    // The kit's form library: no dashboard needs it, and most pages' dialogs do.
    import('@admin/shared/ui-kit').then((kit) => kit.loadFormLibrary()).catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(preloadAll, { timeout: 2000 });
  else setTimeout(preloadAll, 200);
}

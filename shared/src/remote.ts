import { createElement, lazy, useState, type ComponentType } from 'react';
import { DEFAULT_PAGE_LIMIT } from '@admin/shared/contract';
import type { Resource } from '@admin/shared/query';
import type { Permission } from './contract/permissions';

/** The host's own menu groups, which an area's pages may join. */
export const HOST_MENU_GROUPS = ['transactions', 'masters'] as const;

/** Where a page sits in the host's menu. */
export interface MenuPlacement {
  /** Key in the area's namespace of the entry's text, also the top bar's title; the page's title when absent. */
  label?: string;
  /** One of HOST_MENU_GROUPS, a group the area declares in its module's `groups`, or none for the top level. */
  group?: string;
  /** Lower first among the entries and groups beside it (the host's Dashboard is 0). */
  order: number;
}

/**
 * A page an area serves, as data: what its menu entry, title and guard need. An area keeps these
 * in a module of its own without React (src/pages.ts), so its build can also write them into the
 * release's area-summary.json, from which the host draws the menu before the area's code arrives.
 */
export interface PageDeclaration {
  /** Absolute path, e.g. '/customers'; the page also serves the paths under it. */
  path: string;
  /** Key in the area's namespace of the page's name (command palette). */
  title: string;
  /**
   * What a user needs to open the page, e.g. 'customers.read'. The kit's guardRoute shows the
   * no-access panel to anyone without it; the host leaves the page out of their menu.
   */
  permission?: Permission;
  /** Its menu entry; a page without one is reached by links only. */
  menu?: MenuPlacement;
}

/** A menu group an area adds beside the host's own. */
export interface MenuGroupDeclaration {
  id: string;
  /** Key in the area's namespace of the group's heading. */
  label: string;
  order: number;
}

/** One page a remote contributes. The host mounts it at `path`. */
export interface RemoteRoute extends PageDeclaration {
  /** Usually lazyPage(() => import('./customers/page')…).Component, so an area's screens load on demand. */
  Component: ComponentType;
  /**
   * Loads the page's code ahead of a visit (the host calls it when idle after sign-in and when
   * staff point at the menu entry), so opening the page renders at once instead of suspending.
   */
  preload?: () => Promise<unknown>;
  /**
   * Starts the page's first request (its list's first page) into the shared query cache; the
   * host calls it when staff point at the menu entry and may open the page, so the rows can be
   * there when the page renders.
   */
  prefetch?: () => Promise<unknown>;
}

/**
 * A page whose code loads on first use or ahead of it with `preload()`. Unlike a bare
 * React.lazy, once its code is loaded it renders straight away: a preloaded page never shows the
 * area's loading spinner.
 */
export function lazyPage(load: () => Promise<ComponentType>): {
  Component: ComponentType;
  preload: () => Promise<unknown>;
} {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        loading = undefined; // a failed load may be tried again
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((page) => ({ default: page })));
  function LazyPage() {
    // The page's type is chosen once per mount: turning from the lazy wrapper to the loaded page
    // on a later render would remount the page and lose its state (a dialog just opened).
    const [Page] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(Page);
  }
  return { Component: LazyPage, preload };
}

/**
 * The query module is loaded on first use: the host's sign-in page uses lazyPage from this file
 * but no query, and TanStack Query is 14 KB gzip it need not load before sign-in.
 */
const sharedQuery = () => import('@admin/shared/query');

/** A prefetched first page counts as fresh this long, so pointing at a menu entry again does not refetch it. */
const PREFETCH_FRESH_MS = 10_000;

/**
 * A route's `prefetch` for a list page: its first page as the menu opens it (no search, filter or
 * sort; the list's default page size), fetched into the shared cache under the key the list asks for.
 */
export async function prefetchFirstPage(
  resource: Pick<Resource<unknown, unknown>, 'listQuery'>,
  pageSize = DEFAULT_PAGE_LIMIT,
): Promise<void> {
  const { queryClient } = await sharedQuery();
  return queryClient.prefetchQuery({
    ...resource.listQuery({ page: 1, limit: pageSize }),
    staleTime: PREFETCH_FRESH_MS,
  });
}

declare const __REMOTE_VERSION__: string | undefined;

/** The version label a remote was built with (set at build time); 'dev' where none was set. */
export const BUILD_VERSION: string = typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';

/** One record the command palette offers: what it shows and where choosing it goes. */
export interface PaletteItem {
  label: string;
  /** A second line, e.g. the customer and amount of an invoice. */
  detail?: string;
  path: string;
}

/**
 * Records of an area the command palette finds as staff type (customers by name, invoices by
 * number…), through the area's own server search: the palette finds what the released area knows.
 */
export interface RemoteSearch {
  /** The group's heading, e.g. 'Invoices'. */
  label: string;
  /** Who may find these records; the palette does not ask for them for anyone else. */
  permission?: Permission;
  find: (term: string, signal: AbortSignal) => Promise<PaletteItem[]>;
}

/** A RemoteSearch through a list's own server search: its first matches, each shown as `item` says. */
export function listSearch<T>(options: {
  label: string;
  permission?: Permission;
  resource: Pick<Resource<T, unknown>, 'path'>;
  item: (row: T) => PaletteItem;
}): RemoteSearch {
  const { label, permission, resource, item } = options;
  return {
    label,
    permission,
    find: async (term, signal) => {
      const { findIn } = await sharedQuery();
      return (await findIn<T>(resource.path, term, signal)).map(item);
    },
  };
}

/** What a remote's './routes' module default-exports. */
export interface RemoteModule {
  /** The area's name as staff see it, e.g. 'Masters'. */
  area: string;
  /**
   * The i18n namespace of the area's texts (registered with registerMessages by the module).
   * Route titles, search labels and widget titles are keys in it, which the host shows with
   * `t(key, { ns: namespace })`.
   */
  namespace?: string;
  /** The build's version label (BUILD_VERSION), shown under the area's pages. */
  version?: string;
  routes: RemoteRoute[];
  /** Menu groups of its own that its pages name; the host's groups need no declaration. */
  groups?: MenuGroupDeclaration[];
  /** What the command palette can find in this area; its screens come from `routes`. */
  search?: RemoteSearch[];
}

/** One card on the dashboard. What a remote's './widgets' module default-exports is a list of these. */
export interface DashboardWidget {
  id: string;
  title: string;
  /** Lower first; widgets without an order follow in the order their remotes load. */
  order?: number;
  /** Columns of 12 it spans on a wide screen: 3 a stat card (four a row), 6 a money card, 4 a list, 12 a chart. Default 3. */
  span?: 3 | 4 | 6 | 12;
  Component: ComponentType;
  /** Starts the widget's first request as soon as its code is in, before the dashboard lays its cards out. */
  prefetch?: () => Promise<unknown>;
  /**
   * The path (under the API's base, no query) of that first request when it is a plain GET: the
   * next cold load of the dashboard asks for it with the page, before any script has loaded
   * (shared/src/api/early.ts).
   */
  earlyCall?: string;
  /**
   * The i18n namespace of its texts (its title's among them): the dashboard shows the card once
   * they are in, and the area as unavailable when they cannot load, not the texts' keys.
   */
  namespace?: string;
}

function isComponent(x: unknown): boolean {
  // Function components, and the objects React.lazy / memo / forwardRef return.
  return typeof x === 'function' || (typeof x === 'object' && x !== null && '$$typeof' in x);
}

/** Checks what a remote exported at run time: a remote built against another contract is reported, not rendered. */
export function isRemoteModule(x: unknown): x is RemoteModule {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Partial<RemoteModule>;
  return (
    typeof m.area === 'string' &&
    (m.namespace === undefined || typeof m.namespace === 'string') &&
    (m.version === undefined || typeof m.version === 'string') &&
    (m.search === undefined ||
      (Array.isArray(m.search) &&
        m.search.every((s) => typeof s?.label === 'string' && typeof s.find === 'function'))) &&
    (m.groups === undefined ||
      (Array.isArray(m.groups) &&
        m.groups.every(
          (g) => typeof g?.id === 'string' && typeof g.label === 'string' && typeof g.order === 'number',
        ))) &&
    Array.isArray(m.routes) &&
    m.routes.every(
      (r) =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.path === 'string' &&
        r.path.startsWith('/') &&
        typeof r.title === 'string' &&
        (r.permission === undefined || typeof r.permission === 'string') &&
        (r.menu === undefined ||
          (typeof r.menu === 'object' &&
            r.menu !== null &&
            typeof r.menu.order === 'number' &&
            (r.menu.label === undefined || typeof r.menu.label === 'string') &&
            (r.menu.group === undefined || typeof r.menu.group === 'string'))) &&
        (r.preload === undefined || typeof r.preload === 'function') &&
        (r.prefetch === undefined || typeof r.prefetch === 'function') &&
        isComponent(r.Component),
    )
  );
}

export function isDashboardWidgetList(x: unknown): x is DashboardWidget[] {
  return (
    Array.isArray(x) &&
    x.every(
      (w) =>
        typeof w === 'object' &&
        w !== null &&
        typeof w.id === 'string' &&
        typeof w.title === 'string' &&
        (w.prefetch === undefined || typeof w.prefetch === 'function') &&
        (w.earlyCall === undefined || (typeof w.earlyCall === 'string' && w.earlyCall.startsWith('/'))) &&
        (w.namespace === undefined || typeof w.namespace === 'string') &&
        isComponent(w.Component),
    )
  );
}

import type { ComponentType } from 'react';
import type { Permission } from './contract/permissions';

/** One page a remote contributes. The host mounts it at `path` and shows `title` in the top bar. */
export interface RemoteRoute {
  /** Absolute path, e.g. '/customers'. The host's menu names the same path. */
  path: string;
  title: string;
  /**
   * What a user needs to open the page, e.g. 'customers.read'. The kit's guardRoute shows the
   * no-access panel to anyone without it; the host may also leave the page out of the menu.
   */
  permission?: Permission;
  /** Usually React.lazy(() => import('./customers/page')), so an area's screens load on demand. */
  Component: ComponentType;
}

declare const __REMOTE_VERSION__: string | undefined;

/** The version label a remote was built with (set at build time); 'dev' where none was set. */
export const BUILD_VERSION: string = typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';

/** What a remote's './routes' module default-exports. */
export interface RemoteModule {
  /** The area's name as staff see it, e.g. 'Masters'. */
  area: string;
  /** The build's version label (BUILD_VERSION), shown under the area's pages. */
  version?: string;
  routes: RemoteRoute[];
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
    (m.version === undefined || typeof m.version === 'string') &&
    Array.isArray(m.routes) &&
    m.routes.every(
      (r) =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.path === 'string' &&
        r.path.startsWith('/') &&
        typeof r.title === 'string' &&
        (r.permission === undefined || typeof r.permission === 'string') &&
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
        isComponent(w.Component),
    )
  );
}

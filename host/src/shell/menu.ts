import { useMemo } from 'react';
import { useAuth } from '@admin/shared/auth';
import type { RemoteName } from '@admin/shared/contract';
import { HOST_MENU_GROUPS } from '@admin/shared/remote';
import { useT } from '@admin/shared/i18n';
import { SIGNED_IN_TEXTS, type Translate } from '../i18n';
import {
  APPROVALS_PAGE,
  AUDIT_PAGE,
  COMPANY_PAGE,
  PASSWORD_PAGE,
  PLATFORM_PAGE,
  SENT_MAIL_PAGE,
  USERS_PAGE,
  isCurrent,
  type HostPage,
} from '../common/pages';
import { pageAt, useAreaPages, type AreaPages } from '../common/remotes/area-pages';

// The menu is the host's Dashboard and groups, and every page the areas' releases declare with a
// place in it (common/remotes/area-pages.ts): an area's release changes its entries by itself.

export interface MenuEntry {
  /** In the active language. */
  label: string;
  path: string;
  /** The area that serves the page; none for the host's own. */
  remote?: RemoteName;
}

export interface MenuGroup {
  id: string;
  label: string;
  entries: MenuEntry[];
}

export type MenuNode = MenuEntry | MenuGroup;

export const isGroup = (node: MenuNode): node is MenuGroup => 'entries' in node;

export const DEFAULT_TITLE = 'menu.dashboard';

/** The host's groups, where the areas' pages go (labels are keys of the shell's catalogue). */
const HOST_GROUPS: { id: (typeof HOST_MENU_GROUPS)[number]; label: string; order: number }[] = [
  { id: 'transactions', label: 'menu.transactions', order: 30 },
  { id: 'masters', label: 'menu.masters', order: 40 },
];

/** The host's own pages in the user menu's order; Logout follows them. */
export const HOST_PAGES: HostPage[] = [
  PLATFORM_PAGE,
  USERS_PAGE,
  AUDIT_PAGE,
  SENT_MAIL_PAGE,
  APPROVALS_PAGE,
  COMPANY_PAGE,
  PASSWORD_PAGE,
];

type Ordered<T> = T & { order: number };
const byOrder = <T>(nodes: Ordered<T>[]): T[] => nodes.sort((a, b) => a.order - b.order);

/**
 * The menu this user sees: the Dashboard first, then the areas' top-level entries and the groups
 * by their order, each group's entries by theirs; pages the user may not open, and groups left
 * empty, are left out.
 */
export function buildMenu(areas: AreaPages, t: Translate, may: (permission?: string) => boolean): MenuNode[] {
  const groups = new Map<string, Ordered<MenuGroup>>();
  for (const group of [...HOST_GROUPS.map((g) => ({ ...g, label: t(g.label) })), ...areas.groups]) {
    if (!groups.has(group.id)) groups.set(group.id, { ...group, entries: [] });
  }
  const top: Ordered<MenuNode>[] = [{ label: t(DEFAULT_TITLE), path: '/', order: 0 }];
  const grouped = new Map<string, Ordered<MenuEntry>[]>();
  for (const page of areas.pages) {
    if (!page.menu || !may(page.permission)) continue;
    const entry = { label: page.label, path: page.path, remote: page.remote, order: page.menu.order };
    const group = page.menu.group && groups.get(page.menu.group);
    if (group) grouped.set(group.id, [...(grouped.get(group.id) ?? []), entry]);
    else top.push(entry);
  }
  for (const group of groups.values()) {
    const entries = grouped.get(group.id);
    if (entries) top.push({ ...group, entries: byOrder(entries) });
  }
  return byOrder(top);
}

/** The menu for the signed-in user in the active language; follows the areas' releases as they load. */
export function useMenu(): MenuNode[] {
  const t = useT(SIGNED_IN_TEXTS);
  const areas = useAreaPages();
  const permissions = useAuth((state) => state.user?.permissions);
  return useMemo(
    () =>
      buildMenu(
        areas,
        t,
        (permission) => !permission || ((permissions ?? []) as readonly string[]).includes(permission),
      ),
    [areas, t, permissions],
  );
}

/** The top bar's title for a path: the host's page, else the area page that serves it ('Invoices' for /invoices/42), else 'Dashboard'. */
export function titleFor(pathname: string, areas: AreaPages, t: Translate): string {
  const hostPage = HOST_PAGES.find((page) => isCurrent(page.path, pathname));
  if (hostPage) return t(hostPage.label);
  return pageAt(areas.pages, pathname)?.label ?? t(DEFAULT_TITLE);
}

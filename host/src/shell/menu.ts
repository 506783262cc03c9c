import type { Permission, RemoteName } from '@admin/shared/contract';

export interface MenuEntry {
  label: string;
  path: string;
  /** The remote whose './routes' provides the page; none for the host's own pages. */
  remote?: RemoteName;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

export type MenuNode = MenuEntry | MenuGroup;

export const isGroup = (node: MenuNode): node is MenuGroup => 'entries' in node;

/** The product's menu. It also decides each page's title and which remote serves it. */
export const MENU: MenuNode[] = [
  { label: 'Dashboard', path: '/' },
  { label: 'Customers', path: '/customers', remote: 'masters' },
  { label: 'Products', path: '/products', remote: 'masters' },
  {
    label: 'Transactions',
    entries: [
      { label: 'Invoices', path: '/invoices', remote: 'sales' },
      { label: 'Scheduled Invoices', path: '/scheduled-invoices', remote: 'sales' },
      { label: 'Payments', path: '/payments', remote: 'payments' },
      { label: 'Customer Balances', path: '/customer-balances', remote: 'payments' },
      { label: 'Receivables Aging', path: '/receivables-aging', remote: 'payments' },
    ],
  },
  {
    label: 'Masters',
    entries: [
      { label: 'Customer Kinds', path: '/customer-kinds', remote: 'masters' },
      { label: 'Customer Nationalities', path: '/customer-nationalities', remote: 'masters' },
      { label: 'Customer Cities', path: '/customer-cities', remote: 'masters' },
      { label: 'Product Types', path: '/types', remote: 'masters' },
    ],
  },
];

export const MENU_ENTRIES: MenuEntry[] = MENU.flatMap((node) => (isGroup(node) ? node.entries : [node]));

/** Pages a remote serves, mounted by the host's route table. */
export const REMOTE_ENTRIES = MENU_ENTRIES.filter((e): e is MenuEntry & { remote: RemoteName } => Boolean(e.remote));

/** How staff name each remote's area, e.g. in 'The Sales area is unavailable'. */
export const AREA_LABELS: Record<RemoteName, string> = {
  masters: 'Masters',
  sales: 'Sales',
  payments: 'Payments',
};

export const DEFAULT_TITLE = 'Dashboard';

/** A host page outside the menu, reached from the user menu; `permission` limits who sees it. */
export interface HostPage {
  label: string;
  path: string;
  permission?: Permission;
}

export const PLATFORM_PAGE = { label: 'Platform', path: '/platform' } as const satisfies HostPage;
export const USERS_PAGE = { label: 'Users', path: '/users', permission: 'users.read' } as const satisfies HostPage;
export const AUDIT_PAGE = { label: 'Audit log', path: '/audit-log', permission: 'audit.read' } as const satisfies HostPage;
/** Everyone's own password; also where a temporary password must be replaced before anything else. */
export const PASSWORD_PAGE = { label: 'Change password', path: '/account/password' } as const satisfies HostPage;

const HOST_PAGES: HostPage[] = [PLATFORM_PAGE, USERS_PAGE, AUDIT_PAGE, PASSWORD_PAGE];

/** The top bar's title for a path: its menu entry's label, else 'Dashboard'. */
export function titleFor(pathname: string): string {
  const page = HOST_PAGES.find((p) => isCurrent(p.path, pathname));
  if (page) return page.label;
  return MENU_ENTRIES.find((e) => isCurrent(e.path, pathname))?.label ?? DEFAULT_TITLE;
}

/** Whether a path belongs to a menu entry: the entry's own path or one under it (/invoices/42). */
export function isCurrent(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

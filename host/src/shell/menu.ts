import type { RemoteName } from '@admin/shared/contract';

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

/** The menu of SPEC section 2. It also decides each page's title and which remote serves it. */
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

/** The host's own pages outside the menu (reached from the user menu). */
export const PLATFORM_PAGE = { label: 'Platform', path: '/platform' } as const;

/** The top bar's title for a path: its menu entry's label, else 'Dashboard'. */
export function titleFor(pathname: string): string {
  if (isCurrent(PLATFORM_PAGE.path, pathname)) return PLATFORM_PAGE.label;
  return MENU_ENTRIES.find((e) => isCurrent(e.path, pathname))?.label ?? DEFAULT_TITLE;
}

/** Whether a path belongs to a menu entry: the entry's own path or one under it (/invoices/42). */
export function isCurrent(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

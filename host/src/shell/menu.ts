import { RESOURCES, type RemoteName } from '@admin/shared/contract';
import { i18n } from '@admin/shared/i18n';
import { SHELL_NAMESPACE } from '../i18n';
import { AUDIT_PAGE, COMPANY_PAGE, PASSWORD_PAGE, PLATFORM_PAGE, USERS_PAGE, type HostPage } from '../common/pages';

// Every label here is a key of the shell's catalogue (host/src/locales): the menu shows t(label).
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
  { label: 'menu.dashboard', path: RESOURCES.dashboard.page },
  { label: 'menu.customers', path: RESOURCES.customers.page, remote: 'masters' },
  { label: 'menu.products', path: RESOURCES.products.page, remote: 'masters' },
  {
    label: 'menu.transactions',
    entries: [
      { label: 'menu.invoices', path: RESOURCES.invoices.page, remote: 'sales' },
      { label: 'menu.scheduledInvoices', path: RESOURCES.scheduledInvoices.page, remote: 'sales' },
      { label: 'menu.payments', path: RESOURCES.payments.page, remote: 'payments' },
      { label: 'menu.customerBalances', path: RESOURCES.customerBalances.page, remote: 'payments' },
      { label: 'menu.receivablesAging', path: RESOURCES.receivables.page, remote: 'payments' },
    ],
  },
  {
    label: 'menu.masters',
    entries: [
      { label: 'menu.customerKinds', path: RESOURCES.customerKinds.page, remote: 'masters' },
      { label: 'menu.customerNationalities', path: RESOURCES.customerNationalities.page, remote: 'masters' },
      { label: 'menu.customerCities', path: RESOURCES.customerCities.page, remote: 'masters' },
      { label: 'menu.productTypes', path: RESOURCES.productTypes.page, remote: 'masters' },
    ],
  },
];

export const MENU_ENTRIES: MenuEntry[] = MENU.flatMap((node) => (isGroup(node) ? node.entries : [node]));

/** Pages a remote serves, mounted by the host's route table. */
export const REMOTE_ENTRIES = MENU_ENTRIES.filter((e): e is MenuEntry & { remote: RemoteName } => Boolean(e.remote));

export const DEFAULT_TITLE = 'menu.dashboard';

/** The host's own pages in the user menu's order; Logout follows them. */
export const HOST_PAGES: HostPage[] = [PLATFORM_PAGE, USERS_PAGE, AUDIT_PAGE, COMPANY_PAGE, PASSWORD_PAGE];

/** The catalogue key of the top bar's title for a path: its menu entry's label, else the dashboard's. */
function titleKeyFor(pathname: string): string {
  const page = HOST_PAGES.find((p) => isCurrent(p.path, pathname));
  if (page) return page.label;
  return MENU_ENTRIES.find((e) => isCurrent(e.path, pathname))?.label ?? DEFAULT_TITLE;
}

/** The top bar's title for a path in the active language, e.g. 'Invoices' for /invoices/42, else 'Dashboard'. */
export function titleFor(pathname: string): string {
  return i18n.t(titleKeyFor(pathname), { ns: SHELL_NAMESPACE });
}

/** Whether a path belongs to a menu entry: the entry's own path or one under it (/invoices/42). */
export function isCurrent(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

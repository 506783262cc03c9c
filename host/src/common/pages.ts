import { CORE_RESOURCES, type Permission } from '@admin/shared/contract';

// The host's own pages: the route table mounts them, the pages link to each other, and the shell
// lists them in the user menu. Every label is a key of the shell's catalogue (host/src/locales).

/** A host page outside the menu, reached from the user menu; `permission` limits who sees it. */
export interface HostPage {
  label: string;
  path: string;
  permission?: Permission;
}

/** The sign-in page's address: where everyone without a session is. */
export const LOGIN_PATH = '/login';

export const PLATFORM_PAGE = { label: 'page.platform', path: '/platform' } as const satisfies HostPage;
export const USERS_PAGE = {
  label: 'page.users',
  path: CORE_RESOURCES.users.page,
  permission: CORE_RESOURCES.users.permissions.read,
} as const satisfies HostPage;
export const AUDIT_PAGE = {
  label: 'page.auditLog',
  path: CORE_RESOURCES.auditLog.page,
  permission: CORE_RESOURCES.auditLog.permissions.read,
} as const satisfies HostPage;
/** Every message the product has sent or is sending, and its attempts. */
export const SENT_MAIL_PAGE = {
  label: 'page.sentMail',
  path: CORE_RESOURCES.outbox.page,
  permission: CORE_RESOURCES.outbox.permissions.read,
} as const satisfies HostPage;
/** Refunds, credit notes, write-offs and bounces above the company's amounts, waiting for a second person. */
export const APPROVALS_PAGE = {
  label: 'page.approvals',
  path: CORE_RESOURCES.approvals.page,
  permission: CORE_RESOURCES.approvals.permissions.read,
} as const satisfies HostPage;
/** The company block and footer every printed document carries. */
export const COMPANY_PAGE = {
  label: 'page.companySettings',
  path: CORE_RESOURCES.companySettings.page,
  permission: CORE_RESOURCES.companySettings.permissions.update,
} as const satisfies HostPage;
/** Everyone's own password; also where a temporary password must be replaced before anything else. */
export const PASSWORD_PAGE = { label: 'page.changePassword', path: '/account/password' } as const satisfies HostPage;

/** Whether a path belongs to a page: the page's own path or one under it (/invoices/42). */
export function isCurrent(pagePath: string, pathname: string): boolean {
  if (pagePath === '/') return pathname === '/';
  return pathname === pagePath || pathname.startsWith(`${pagePath}/`);
}

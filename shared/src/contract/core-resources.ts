import type { GroupPermissions, PermissionGroup, ResourceDefinition, StaleEdges } from './resource-definition';

/** A group's permissions written out, checked against the permissions table at compile time only. */
function group<G extends PermissionGroup>(permissions: GroupPermissions<G>): GroupPermissions<G> {
  return permissions;
}

/**
 * The resources the host and the shared modules themselves read: the host's own pages (users,
 * audit log, sent mail, company settings, dashboard) and the customers the kit's picker searches. They live
 * apart from the areas' resources (resources.ts) so that the host's build holds none of an area's:
 * an area adds a resource in a release of its own, the host's files unchanged. Their permissions
 * are written out instead of read from the table, which grows with the areas.
 */
export const CORE_RESOURCES = {
  customers: {
    path: '/customers',
    key: 'customers',
    page: '/customers',
    permissions: group<'customers'>({
      read: 'customers.read',
      create: 'customers.create',
      update: 'customers.update',
      delete: 'customers.delete',
    }),
    noun: 'customers.noun',
    auditEntity: 'customer',
  },
  dashboard: {
    path: '/dashboard',
    key: 'dashboard',
    page: '/',
    permissions: group<'dashboard'>({ read: 'dashboard.read' }),
  },
  auditLog: {
    path: '/audit-log',
    key: 'audit-log',
    page: '/audit-log',
    permissions: group<'audit'>({ read: 'audit.read' }),
  },
  users: {
    path: '/users',
    key: 'users',
    page: '/users',
    permissions: group<'users'>({ read: 'users.read', manage: 'users.manage' }),
    auditEntity: 'user',
  },
  /** Sent mail: the outbox every message goes through. */
  outbox: {
    path: '/outbox',
    key: 'outbox',
    page: '/sent-mail',
    permissions: group<'outbox'>({ read: 'outbox.read', resend: 'outbox.resend' }),
    auditEntity: 'mail',
  },
  /** Approvals: refunds, credit notes, write-offs and bounces above the company's amounts. */
  approvals: {
    path: '/approvals',
    key: 'approvals',
    page: '/approvals',
    permissions: group<'approvals'>({ read: 'approvals.read', decide: 'approvals.decide' }),
    auditEntity: 'approval',
  },
  companySettings: {
    path: '/settings/company',
    key: 'company-settings',
    page: '/settings/company',
    permissions: group<'settings'>({ update: 'settings.update', reminders: 'settings.reminders' }),
    auditEntity: 'company-settings',
  },
} as const satisfies Record<string, ResourceDefinition>;

/**
 * The core routes that are no collection: signing in and one's own account, the dashboard's
 * summary (asked by its query, and ahead of it by the page), the probes, the
 * metrics scraper's text, the platform's failure reports and releases, and the public link of a
 * shared document (`${CORE_PATHS.sharedDocument}/:token`). Settings pages name theirs beside
 * their schemas (HOLIDAYS_PATH, MAIL_SETTINGS_PATH, REMINDER_SETTINGS_PATH, …).
 */
export const CORE_PATHS = {
  login: '/auth/login',
  profile: '/auth/profile',
  dashboardSummary: '/dashboard/summary',
  password: '/auth/password',
  language: '/auth/language',
  logout: '/auth/logout',
  health: '/health',
  ready: '/ready',
  metrics: '/metrics',
  platformReports: '/platform/reports',
  platformReleases: '/platform/releases',
  sharedDocument: '/shared',
} as const;

/**
 * What the host's own writes make stale (users, company settings), by query key. The areas hand
 * the rest of the stale map over as they load (their copy of STALE_AFTER names these edges too).
 */
export const CORE_STALE_EDGES: StaleEdges = {
  [CORE_RESOURCES.users.key]: [CORE_RESOURCES.users.key],
  [CORE_RESOURCES.companySettings.key]: [CORE_RESOURCES.companySettings.key],
};

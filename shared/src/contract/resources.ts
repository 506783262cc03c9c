import type { AuditEntityType } from './audit';
import { PERMISSIONS, type Permission } from './permissions';

/** The first part of a permission: 'customers' of 'customers.read'. */
type PermissionGroupOf<P> = P extends `${infer Group}.${string}` ? Group : never;
export type PermissionGroup = PermissionGroupOf<Permission>;

/** A group's permissions by action: { read: 'customers.read', create: 'customers.create', … }. */
export type GroupPermissions<G extends PermissionGroup> = {
  [P in Permission as P extends `${G}.${infer Action}` ? Action : never]: P;
};

/** The permissions table's entries of one group, by action (the table stays the one in permissions.ts). */
export function permissionsOfGroup<G extends PermissionGroup>(group: G): GroupPermissions<G> {
  const prefix = `${group}.`;
  return Object.fromEntries(
    PERMISSIONS.filter((p) => p.startsWith(prefix)).map((p) => [p.slice(prefix.length), p]),
  ) as GroupPermissions<G>;
}

/**
 * Everything the browser names a resource by: `path` is its API collection (under /api), `key` the
 * first part of every query key of its data (so invalidating [key] refreshes all of it), `page`
 * the staff page that lists it, `permissions` what each action needs, `noun` the catalogue key of
 * one record in the texts of the area that shows it, `auditEntity` what its audit entries are about.
 */
export const RESOURCES = {
  customers: {
    path: '/customers',
    key: 'customers',
    page: '/customers',
    permissions: permissionsOfGroup('customers'),
    noun: 'customers.noun',
    auditEntity: 'customer',
  },
  products: {
    path: '/products',
    key: 'products',
    page: '/products',
    permissions: permissionsOfGroup('products'),
    noun: 'products.noun',
    auditEntity: 'product',
  },
  // The lookup masters share one set of permissions.
  productTypes: {
    path: '/types',
    key: 'types',
    page: '/types',
    permissions: permissionsOfGroup('lookups'),
    noun: 'lookups.types.noun',
    auditEntity: 'product-type',
  },
  customerKinds: {
    path: '/customer-kinds',
    key: 'customer-kinds',
    page: '/customer-kinds',
    permissions: permissionsOfGroup('lookups'),
    noun: 'lookups.customerKinds.noun',
    auditEntity: 'customer-kind',
  },
  customerNationalities: {
    path: '/customer-nationalities',
    key: 'customer-nationalities',
    page: '/customer-nationalities',
    permissions: permissionsOfGroup('lookups'),
    noun: 'lookups.customerNationalities.noun',
    auditEntity: 'customer-nationality',
  },
  customerCities: {
    path: '/customer-cities',
    key: 'customer-cities',
    page: '/customer-cities',
    permissions: permissionsOfGroup('lookups'),
    noun: 'lookups.customerCities.noun',
    auditEntity: 'customer-city',
  },
  banks: {
    path: '/banks',
    key: 'banks',
    page: '/banks',
    permissions: permissionsOfGroup('lookups'),
    auditEntity: 'bank',
  },
  invoices: {
    path: '/invoices',
    key: 'invoices',
    page: '/invoices',
    permissions: permissionsOfGroup('invoices'),
    noun: 'invoices.noun',
    auditEntity: 'invoice',
  },
  scheduledInvoices: {
    path: '/scheduled-invoices',
    key: 'scheduled-invoices',
    page: '/scheduled-invoices',
    permissions: permissionsOfGroup('schedules'),
    noun: 'schedules.noun',
    auditEntity: 'schedule',
  },
  payments: {
    path: '/payments',
    key: 'payments',
    page: '/payments',
    permissions: permissionsOfGroup('payments'),
    auditEntity: 'payment',
  },
  cheques: {
    path: '/cheques',
    key: 'cheques',
    page: '/cheques',
    permissions: permissionsOfGroup('cheques'),
    auditEntity: 'cheque',
  },
  customerBalances: {
    path: '/customer-balances',
    key: 'customer-balances',
    page: '/customer-balances',
    permissions: permissionsOfGroup('balances'),
  },
  /** The aging report (its path) and the customers' statements, one key for both. */
  receivables: {
    path: '/receivables/aging',
    key: 'receivables',
    page: '/receivables-aging',
    permissions: permissionsOfGroup('receivables'),
  },
  /** The daily cash-up: money received by mode, refunds, bounces, advance used, PDCs received. */
  collections: {
    path: '/collections',
    key: 'collections',
    page: '/collections',
    permissions: permissionsOfGroup('collections'),
  },
  dashboard: {
    path: '/dashboard',
    key: 'dashboard',
    page: '/',
    permissions: permissionsOfGroup('dashboard'),
  },
  auditLog: {
    path: '/audit-log',
    key: 'audit-log',
    page: '/audit-log',
    permissions: permissionsOfGroup('audit'),
  },
  users: {
    path: '/users',
    key: 'users',
    page: '/users',
    permissions: permissionsOfGroup('users'),
    auditEntity: 'user',
  },
  companySettings: {
    path: '/settings/company',
    key: 'company-settings',
    page: '/settings/company',
    permissions: permissionsOfGroup('settings'),
    auditEntity: 'company-settings',
  },
} as const satisfies Record<
  string,
  { path: string; key: string; page?: string; permissions: object; noun?: string; auditEntity?: AuditEntityType }
>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

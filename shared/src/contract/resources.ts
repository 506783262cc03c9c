import { CORE_RESOURCES } from './core-resources';
import { PERMISSIONS } from './permissions';
import type { GroupPermissions, PermissionGroup, ResourceDefinition } from './resource-definition';

/** The permissions table's entries of one group, by action (the table stays the one in permissions.ts). */
export function permissionsOfGroup<G extends PermissionGroup>(group: G): GroupPermissions<G> {
  const prefix = `${group}.`;
  return Object.fromEntries(
    PERMISSIONS.filter((p) => p.startsWith(prefix)).map((p) => [p.slice(prefix.length), p]),
  ) as GroupPermissions<G>;
}

/** Every resource the browser names (see ResourceDefinition): the core ones and the areas'. */
export const RESOURCES = {
  customers: CORE_RESOURCES.customers,
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
  /** Issued against an invoice, never edited or deleted; the invoices' cancel and write-off issue them too. */
  creditNotes: {
    path: '/credit-notes',
    key: 'credit-notes',
    page: '/credit-notes',
    permissions: permissionsOfGroup('creditNotes'),
    auditEntity: 'credit-note',
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
  dashboard: CORE_RESOURCES.dashboard,
  auditLog: CORE_RESOURCES.auditLog,
  users: CORE_RESOURCES.users,
  companySettings: CORE_RESOURCES.companySettings,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

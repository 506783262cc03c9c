import { MutationCache, type QueryClient } from '@tanstack/react-query';
import type { ResourceName } from '@admin/shared/contract';
import { createKeys } from './keys';

/**
 * What a change to each resource makes stale: itself and every resource whose screens show what
 * it changed. Every write names its change in its mutation's meta (`meta: { changes: 'payments' }`)
 * and the page's one QueryClient refreshes these resources after it succeeds, whichever area made it.
 */
export const STALE_AFTER = {
  // Customer names show on invoices, schedules, payments, cheques, balances, the aging report
  // (with their payment terms) and the collections; counts on the dashboard.
  customers: [
    'customers',
    'invoices',
    'scheduledInvoices',
    'payments',
    'cheques',
    'customerBalances',
    'receivables',
    'collections',
    'dashboard',
  ],
  // Product names show on the lines of invoices and schedules; recent products on the dashboard.
  products: ['products', 'invoices', 'scheduledInvoices', 'dashboard'],
  // Renaming a type changes what the products list shows; a kind, nationality or city, the customers list.
  productTypes: ['productTypes', 'products'],
  customerKinds: ['customerKinds', 'customers'],
  customerNationalities: ['customerNationalities', 'customers'],
  customerCities: ['customerCities', 'customers'],
  // A bank's name shows on the cheques.
  banks: ['banks', 'cheques'],
  // A Cash invoice records its payment (counted in the collections); totals feed the balances, the
  // receivables and the dashboard; schedules list the invoices they generated.
  invoices: [
    'invoices',
    'payments',
    'customerBalances',
    'receivables',
    'dashboard',
    'scheduledInvoices',
    'collections',
  ],
  // Generating makes an invoice (and what it feeds); deleting a schedule unlinks the invoices it made.
  scheduledInvoices: ['scheduledInvoices', 'invoices', 'customerBalances', 'receivables', 'dashboard'],
  // A payment, a refund, an edit or a deleted payment: the invoices it settled (paid amounts,
  // statuses), the customers' balances, the receivables, the dashboard's figures and the collections.
  payments: ['payments', 'invoices', 'customerBalances', 'receivables', 'dashboard', 'collections'],
  // A cheque's step posts or reverses payments (and bills a bounce's charge), and sets a bounced
  // customer's status; a post-dated cheque shows on the invoices it covers.
  cheques: [
    'cheques',
    'payments',
    'invoices',
    'customers',
    'customerBalances',
    'receivables',
    'dashboard',
    'collections',
  ],
  // Staff names show on the collections' entries and its choice of user.
  users: ['users', 'collections'],
  // Read-only here, or (the company settings) replaced in the cache by the answer of their save.
  customerBalances: ['customerBalances'],
  receivables: ['receivables'],
  collections: ['collections'],
  dashboard: ['dashboard'],
  auditLog: ['auditLog'],
  companySettings: ['companySettings'],
} as const satisfies Record<ResourceName, readonly ResourceName[]>;

/** What a mutation's meta says it changed; a wrong resource name is a type error. */
export type ChangeMeta = { changes: ResourceName };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ChangeMeta;
  }
}

/** Marks everything `change` makes stale and refetches what is on screen; resolves once it has. */
function refreshAfter(client: QueryClient, change: ResourceName): Promise<unknown> {
  return Promise.all(STALE_AFTER[change].map((name) => client.invalidateQueries({ queryKey: createKeys(name).all })));
}

/**
 * The mutation cache that applies the stale map. It runs on settling, after the mutation's own
 * onSuccess (its toast), and the mutation stays pending until the lists on screen have refetched,
 * so a dialog closes onto fresh rows. A failed write changes nothing.
 */
export function staleMapMutationCache(client: () => QueryClient): MutationCache {
  return new MutationCache({
    onSettled: (_data, error, _variables, _context, mutation) =>
      error || !mutation.meta ? undefined : refreshAfter(client(), mutation.meta.changes),
  });
}

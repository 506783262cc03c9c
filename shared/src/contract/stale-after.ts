import { RESOURCES, type ResourceName } from './resources';
import type { StaleEdges } from './resource-definition';

/**
 * What a change to each resource makes stale: itself and every resource whose screens show what
 * it changed. Every write names the resource it changed in its mutation's
 * meta, and the page's one QueryClient refreshes these resources after it succeeds, whichever area
 * made it.
 */
export const STALE_AFTER = {
  // Customer names show on invoices, schedules, payments, cheques, balances, the aging report
  // (with their payment terms) and the collections; counts on the dashboard.
  customers: [
    'customers',
    'invoices',
    'creditNotes',
    'scheduledInvoices',
    'payments',
    'cheques',
    'customerBalances',
    'receivables',
    'collections',
    'dashboard',
  ],
  // Product names show on the lines of invoices and schedules; recent products on the dashboard.
  products: ['products', 'invoices', 'scheduledInvoices', 'creditNotes', 'dashboard'],
  // Renaming a type changes what the products list shows; a kind, nationality or city, the customers list.
  productTypes: ['productTypes', 'products'],
  customerKinds: ['customerKinds', 'customers'],
  customerNationalities: ['customerNationalities', 'customers'],
  customerCities: ['customerCities', 'customers'],
  // A bank's name shows on the cheques.
  banks: ['banks', 'cheques'],
  // A Cash invoice records its payment (counted in the collections); totals feed the balances, the
  // receivables and the dashboard; schedules list the invoices they generated; credit notes show
  // their invoice's number.
  invoices: [
    'invoices',
    'creditNotes',
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
  // A credit note (an invoice's cancel or write-off too) lowers what its invoice owes or moves what it
  // was paid to the advance balance (an advance payment): invoices, balances, receivables, the
  // dashboard's invoiced figures and the collections' advance.
  creditNotes: ['creditNotes', 'invoices', 'payments', 'customerBalances', 'receivables', 'dashboard', 'collections'],
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

/** The stale map by query key, as every app hands it to the page's query client (shareStaleEdges). */
export const STALE_EDGES: StaleEdges = Object.fromEntries(
  (Object.keys(STALE_AFTER) as ResourceName[]).map((name) => [
    RESOURCES[name].key,
    STALE_AFTER[name].map((stale) => RESOURCES[stale].key),
  ]),
);

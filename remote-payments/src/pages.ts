import { RESOURCES } from '@admin/shared/contract';
import type { PageDeclaration } from '@admin/shared/remote';

/**
 * The Payments area's pages as data: their menu places and permissions. routes.tsx gives each its
 * code; the build writes them into the release's area-summary.json for the host's menu.
 */
export const PAGES = {
  // Also serves each payment's receipt, /payments/:id/receipt.
  payments: {
    path: RESOURCES.payments.page,
    title: 'payments.title',
    permission: RESOURCES.payments.permissions.read,
    menu: { label: 'menu.payments', group: 'transactions', order: 30 },
  },
  cheques: {
    path: RESOURCES.cheques.page,
    title: 'cheques.title',
    permission: RESOURCES.cheques.permissions.read,
    menu: { group: 'transactions', order: 35 },
  },
  balances: {
    path: RESOURCES.customerBalances.page,
    title: 'balances.title',
    permission: RESOURCES.customerBalances.permissions.read,
    menu: { group: 'transactions', order: 40 },
  },
  // The daily cash-up; sales do not see it (a blind count of the counter's takings).
  collections: {
    path: RESOURCES.collections.page,
    title: 'collections.title',
    permission: RESOURCES.collections.permissions.read,
    menu: { group: 'transactions', order: 45 },
  },
  // Also serves a customer's statement, /receivables-aging/statement/:customerId.
  receivables: {
    path: RESOURCES.receivables.page,
    title: 'aging.title',
    permission: RESOURCES.receivables.permissions.read,
    menu: { group: 'transactions', order: 50 },
  },
} satisfies Record<string, PageDeclaration>;

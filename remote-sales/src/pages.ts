import { RESOURCES } from '@admin/shared/contract';
import type { PageDeclaration } from '@admin/shared/remote';

/**
 * The Sales area's pages as data: their menu places and permissions. routes.tsx gives each its
 * code; the build writes them into the release's area-summary.json for the host's menu.
 */
export const PAGES = {
  // Also serves the printable view, /invoices/:id/print.
  invoices: {
    path: RESOURCES.invoices.page,
    title: 'routes.invoices',
    permission: RESOURCES.invoices.permissions.read,
    menu: { group: 'transactions', order: 10 },
  },
  schedules: {
    path: RESOURCES.scheduledInvoices.page,
    title: 'routes.scheduledInvoices',
    permission: RESOURCES.scheduledInvoices.permissions.read,
    menu: { group: 'transactions', order: 20 },
  },
  // Also serves the printable view, /credit-notes/:id/print.
  creditNotes: {
    path: RESOURCES.creditNotes.page,
    title: 'routes.creditNotes',
    permission: RESOURCES.creditNotes.permissions.read,
    menu: { group: 'transactions', order: 25 },
  },
} satisfies Record<string, PageDeclaration>;

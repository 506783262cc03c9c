import type { Role } from './roles';

/**
 * Who may do what. Every API route names one permission (or is public, or open to any signed-in
 * user); the profile carries the user's permissions so every screen hides what they may not do.
 * The table is documented in docs/decisions.md ("Roles and permissions").
 */

/** Each permission and the phrase that finishes 'You do not have permission to …'. */
export const PERMISSION_PHRASES = {
  'dashboard.read': 'view the dashboard',
  'customers.read': 'view customers',
  'customers.create': 'create customers',
  'customers.update': 'edit customers',
  'customers.delete': 'delete customers',
  'products.read': 'view products',
  'products.create': 'create products',
  'products.update': 'edit products',
  'products.delete': 'delete products',
  'lookups.read': 'view masters',
  'lookups.create': 'create masters',
  'lookups.update': 'edit masters',
  'lookups.delete': 'delete masters',
  'invoices.read': 'view invoices',
  'invoices.create': 'create invoices',
  'invoices.update': 'edit invoices',
  'invoices.delete': 'delete invoices',
  'invoices.cancel': 'cancel invoices',
  'invoices.writeOff': 'write off what invoices still owe',
  'invoices.writeOffAboveLimit': "write off more than the company's write-off limit",
  'invoices.promise': 'record promises to pay',
  'invoices.overrideCreditLimit': "invoice over a customer's credit limit",
  'creditNotes.read': 'view credit notes',
  'creditNotes.create': 'issue credit notes',
  'schedules.read': 'view scheduled invoices',
  'schedules.create': 'create scheduled invoices',
  'schedules.update': 'edit scheduled invoices',
  'schedules.delete': 'delete scheduled invoices',
  'schedules.run': 'activate, pause or generate scheduled invoices',
  'payments.read': 'view payments',
  'payments.create': 'record payments',
  'payments.update': 'edit payments',
  'payments.delete': 'delete payments',
  'payments.refund': 'refund advance balances',
  'cheques.read': 'view cheques',
  'cheques.create': 'record cheques',
  'cheques.manage': 'deposit, clear, bounce or return cheques',
  'balances.read': 'view customer balances',
  'receivables.read': 'view customer statements and the aging report',
  'collections.read': 'view the collections report',
  'users.read': 'view users',
  'users.manage': 'manage users',
  'audit.read': 'view the audit log',
  'platform.manage': 'manage platform releases',
  'settings.update': 'change the company settings',
  'settings.reminders': 'configure payment reminders',
  'periods.close': 'close and reopen the books',
  'mail.settings': 'configure the mail server',
  'outbox.read': 'view sent mail',
  'outbox.resend': 'resend mail',
  'documents.send': 'send documents by e-mail',
  'approvals.read': 'view requests waiting for approval',
  'approvals.decide': 'approve or reject requests',
} as const;

export type Permission = keyof typeof PERMISSION_PHRASES;
export const PERMISSIONS = Object.keys(PERMISSION_PHRASES) as Permission[];

const READ_BUSINESS: Permission[] = PERMISSIONS.filter(
  // Sent mail holds what was written to customers and staff: the accounts' to read, not every role's.
  (p) =>
    p.endsWith('.read') &&
    !p.startsWith('users.') &&
    !p.startsWith('audit.') &&
    !p.startsWith('outbox.') &&
    // Requests for approval are the accounts' second pair of eyes: admins and accountants.
    !p.startsWith('approvals.'),
);

/** The fixed roles. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  accountant: PERMISSIONS.filter(
    (p) =>
      !p.startsWith('users.') &&
      !p.startsWith('audit.') &&
      !p.startsWith('platform.') &&
      !p.startsWith('settings.') &&
      // Closing the books, and reopening them with a second admin's approval, is the administrators' decision.
      !p.startsWith('periods.') &&
      // The mail server's address and password are an administrator's; Sent mail is the accountant's too.
      p !== 'mail.settings' &&
      // Above the company's limit, a write-off is an administrator's decision.
      p !== 'invoices.writeOffAboveLimit',
  ),
  sales: [
    // The cash-up checks the counter's takings against what was recorded: those who take the money
    // count it without being shown what they should find (a blind count).
    ...READ_BUSINESS.filter((p) => p !== 'collections.read'),
    'customers.create',
    'customers.update',
    'invoices.create',
    'invoices.update',
    'schedules.create',
    'schedules.update',
    'schedules.run',
    'payments.create',
    // Sales take cheques at the counter; depositing, clearing and bouncing them is the accounts' work.
    'cheques.create',
    // Sending the customer the invoice or receipt just made is the counter's work too.
    'documents.send',
  ],
  viewer: READ_BUSINESS,
};

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** The 403 message for a permission the caller lacks. */
export function permissionDenied(permission: Permission): string {
  return `You do not have permission to ${PERMISSION_PHRASES[permission]}`;
}

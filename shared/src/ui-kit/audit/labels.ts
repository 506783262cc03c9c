import type { AuditAction, AuditEntityType } from '@admin/shared/contract';
import { DEFAULT_BUSINESS_TZ } from '@admin/shared/dates';
import { useKitT } from '../kit-texts';

/** What happened, as staff say it in English (useAuditLabels says it in the active language). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  activate: 'Activated',
  automate: 'Automated',
  pause: 'Paused',
  resume: 'Resumed',
  generate: 'Generated an invoice',
  refund: 'Refunded',
  deposit: 'Deposited',
  clear: 'Cleared',
  bounce: 'Bounced',
  return: 'Returned',
  replace: 'Replaced',
  cancel: 'Cancelled',
  'write-off': 'Wrote off',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed to sign in',
  'password-change': 'Changed the password',
  'password-reset': 'Reset the password',
};

/** The kind of record an entry is about, as the menu names it. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  customer: 'Customer',
  product: 'Product',
  'product-type': 'Product Type',
  'customer-kind': 'Customer Kind',
  'customer-nationality': 'Customer Nationality',
  'customer-city': 'Customer City',
  invoice: 'Invoice',
  'credit-note': 'Credit Note',
  schedule: 'Scheduled Invoice',
  payment: 'Payment',
  bank: 'Bank',
  cheque: 'Cheque',
  user: 'User',
  session: 'Session',
  'company-settings': 'Company Settings',
};

// Where the record's field name is not what its screen calls it.
const FIELD_LABELS: Record<string, string> = {
  products: 'Lines',
  credit: 'Payment Type',
  dateOfCreation: 'Date of Creation',
  customerKind: 'Kind',
  customerNationality: 'Nationality',
  customerCity: 'City',
  invoiceNumber: 'Invoice #',
  manualInvoiceNumber: 'Manual #',
  referenceNumber: 'Reference #',
  paymentNumber: 'Payment #',
};

/** A record's field as staff read it in English: 'customerAlternateName' -> 'Customer Alternate Name'. */
export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/**
 * The audit trail's words in the active language: what happened, the kind of record and a field's
 * name. A value the kit's catalogue does not know reads as its English label.
 */
export function useAuditLabels() {
  const t = useKitT();
  return {
    action: (action: string) =>
      t(`audit.action.${action}`, { defaultValue: AUDIT_ACTION_LABELS[action as AuditAction] ?? action }),
    entity: (type: string) =>
      t(`audit.entity.${type}`, { defaultValue: AUDIT_ENTITY_LABELS[type as AuditEntityType] ?? type }),
    field: (field: string) => t(`audit.field.${field}`, { defaultValue: auditFieldLabel(field) }),
  };
}

const MOMENT = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_BUSINESS_TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment in the business's zone, day first like formatDay, Western digits in either language: '21/11/2026 14:05'. */
export function formatDateTime(value: string | Date): string {
  return MOMENT.format(typeof value === 'string' ? new Date(value) : value).replace(',', '');
}

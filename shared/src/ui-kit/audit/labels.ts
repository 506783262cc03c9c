import { DEFAULT_BUSINESS_TZ } from '@admin/shared/dates';
import { useKitT } from '../kit-texts';

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

/** A word of the trail no catalogue names yet, readable: 'credit-note' -> 'Credit note'. */
function plainWords(value: string): string {
  return value.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * The audit trail's words in the active language: what happened, the kind of record and a field's
 * name. The kit names the host's own kinds and actions; each area adds those of its records to the
 * kit's texts as it loads (shareAreaContract). One no catalogue knows reads as its plain words.
 */
export function useAuditLabels() {
  const t = useKitT();
  return {
    action: (action: string) => t(`audit.action.${action}`, { defaultValue: plainWords(action) }),
    entity: (type: string) => t(`audit.entity.${type}`, { defaultValue: plainWords(type) }),
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

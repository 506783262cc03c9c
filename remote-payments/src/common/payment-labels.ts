import {
  paymentParts,
  type CustomerStatus,
  type InvoiceStatus,
  type Payment,
  type PaymentMode,
  type PaymentType,
} from '@admin/shared/contract';
import { filsToKdString } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import type { Option } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';

// Stored values (a payment's type and mode, a customer's or invoice's status) stay English in the
// data; staff read them through these catalogue keys.
const TYPE_KEYS: Record<PaymentType, string> = {
  advance: 'paymentType.advance',
  invoice_payment: 'paymentType.invoicePayment',
  refund: 'paymentType.refund',
};

const MODE_KEYS: Record<PaymentMode, string> = {
  Cash: 'paymentMode.cash',
  Knet: 'paymentMode.knet',
  Advance: 'paymentMode.advance',
  'Bank Transfer': 'paymentMode.bankTransfer',
  'Credit Card': 'paymentMode.creditCard',
  Check: 'paymentMode.check',
};

const CUSTOMER_STATUS_KEYS: Record<CustomerStatus, string> = {
  high: 'customerStatus.high',
  medium: 'customerStatus.medium',
  low: 'customerStatus.low',
};

const INVOICE_STATUS_KEYS: Record<InvoiceStatus, string> = {
  draft: 'invoiceStatus.draft',
  sent: 'invoiceStatus.sent',
  paid: 'invoiceStatus.paid',
  unpaid: 'invoiceStatus.unpaid',
  overdue: 'invoiceStatus.overdue',
  cancelled: 'invoiceStatus.cancelled',
};

/** A stored value in the active language; a value the catalogue does not know is shown as stored. */
function labelOf<T extends string>(keys: Record<T, string>, t: (key: string) => string) {
  return (value: string) => (value in keys ? t(keys[value as T]) : value);
}

/** The words for the area's stored values: payment types and modes, customer and invoice statuses. */
export function usePaymentLabels() {
  const t = useT(PAYMENTS_NAMESPACE);
  const modeLabel = labelOf(MODE_KEYS, t);
  return {
    typeLabel: labelOf(TYPE_KEYS, t),
    modeLabel,
    customerStatusLabel: labelOf(CUSTOMER_STATUS_KEYS, t),
    invoiceStatusLabel: labelOf(INVOICE_STATUS_KEYS, t),
    modeOptions: (modes: readonly PaymentMode[]): Option[] =>
      modes.map((mode) => ({ value: mode, label: modeLabel(mode) })),
    /** How a payment was paid: its mode, or, when it took part from the advance, both parts ('Knet 15.000 + Advance 45.000'). */
    modeParts: (payment: Pick<Payment, 'paymentMode' | 'amount' | 'advanceUsed'>): string => {
      const [paid, advance] = paymentParts(payment);
      return paid && advance
        ? t('paymentMode.parts', {
            mode: modeLabel(paid.mode),
            paid: filsToKdString(paid.amount),
            advance: modeLabel(advance.mode),
            advanceUsed: filsToKdString(advance.amount),
          })
        : modeLabel(payment.paymentMode);
    },
  };
}

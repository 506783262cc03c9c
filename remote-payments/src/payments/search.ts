import type { Payment } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { findIn } from '@admin/shared/query';
import type { RemoteSearch } from '@admin/shared/remote';
import { payments } from './api';

/** Payments by number, reference or customer name; each opens the list showing it. */
export const paymentSearch: RemoteSearch = {
  label: 'Payments',
  permission: 'payments.read',
  find: async (term, signal) =>
    (await findIn<Payment>(payments.path, term, signal)).map((payment) => ({
      label: payment.paymentNumber,
      detail: `${payment.customer.customerName} · ${formatKd(payment.amount)}`,
      path: `/payments?search=${encodeURIComponent(payment.paymentNumber)}`,
    })),
};

import { RESOURCES, type Payment } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { listSearch } from '@admin/shared/remote';
import { payments } from '../common/payments-api';

/** Payments by number, reference or customer name; each opens the list showing it. The label is a 'payments' key. */
export const paymentSearch = listSearch<Payment>({
  label: 'payments.title',
  permission: RESOURCES.payments.permissions.read,
  resource: payments,
  item: (payment) => ({
    label: payment.paymentNumber,
    detail: `${payment.customer.customerName} · ${formatKd(payment.amount)}`,
    path: `${RESOURCES.payments.page}?search=${encodeURIComponent(payment.paymentNumber)}`,
  }),
});

import { queryOptions } from '@tanstack/react-query';
import { api, IDEMPOTENCY_HEADER } from '@admin/shared/api';
import {
  PAYABLE_STATUSES,
  type AdvancePaymentInput,
  type CustomerBalance,
  type InvoicePaymentInput,
  type InvoicePaymentResult,
  type ListResponse,
  type Payment,
  type PaymentUpdate,
  type RefundInput,
} from '@admin/shared/contract';
import { createResource, queryClient } from '@admin/shared/query';
import { balanceKeys, invoiceKeys, MONEY_DEPENDENTS } from '../related-keys';

/** The payments list, and edit (non-money fields) and delete of one payment. */
export const payments = createResource<Payment, PaymentUpdate>('/payments');

/** What the invoice tab shows of a payable invoice (a subset of GET /invoices' rows). */
export interface PayableInvoice {
  _id: string;
  invoiceNumber: string;
  dateOfCreation: string;
  totalAmount: number;
  remainingAmount: number;
}


/** The customer's invoices that can be paid, each with its remaining amount. */
export function payableInvoicesQuery(customerId: string) {
  const params = { customer: customerId, status: PAYABLE_STATUSES.join(','), limit: 1000 };
  return queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<PayableInvoice>>('/invoices', { params, signal })
        .then((r) => r.data.data.filter((invoice) => invoice.remainingAmount > 0)),
    enabled: Boolean(customerId),
  });
}

/** GET /payments/customer/{id}/balance. */
export function customerBalanceQuery(customerId: string) {
  return queryOptions({
    queryKey: [...balanceKeys.detail(customerId), 'balance'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerBalance }>(`/payments/customer/${customerId}/balance`, { signal }).then((r) => r.data.data),
    enabled: Boolean(customerId),
  });
}

/**
 * Money-creating calls carry an Idempotency-Key, so a repeated submission records nothing new;
 * `errorToast` is what staff read (in their language) when the call fails.
 */
const withKey = (idempotencyKey: string, errorToast: string) => ({
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  errorToast,
});

export function createAdvancePayment(input: AdvancePaymentInput, idempotencyKey: string, errorToast: string): Promise<Payment> {
  return api
    .post<{ data: Payment }>('/payments/advance', input, withKey(idempotencyKey, errorToast))
    .then((r) => r.data.data);
}

export function createInvoicePayment(input: InvoicePaymentInput, idempotencyKey: string, errorToast: string): Promise<InvoicePaymentResult> {
  return api
    .post<{ data: InvoicePaymentResult }>('/payments/invoice', input, withKey(idempotencyKey, errorToast))
    .then((r) => r.data.data);
}

export function createRefund(input: RefundInput, idempotencyKey: string, errorToast: string): Promise<Payment> {
  return api
    .post<{ data: Payment }>('/payments/refund', input, withKey(idempotencyKey, errorToast))
    .then((r) => r.data.data);
}

/** After money moved: every list, balance and figure it touched is refetched. */
export function refreshMoney(): Promise<unknown> {
  return Promise.all(MONEY_DEPENDENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

import { queryOptions } from '@tanstack/react-query';
import { api, IDEMPOTENCY_HEADER, dataOf } from '@admin/shared/api';
import {
  PAYABLE_STATUSES,
  RESOURCES,
  type AdvancePaymentInput,
  type CustomerBalance,
  type InvoicePaymentInput,
  type InvoicePaymentResult,
  type ListResponse,
  type Payment,
  type PaymentReceipt,
  type PaymentUpdate,
  type RefundInput,
} from '@admin/shared/contract';
import type { Day } from '@admin/shared/dates';
import type { Fils } from '@admin/shared/money';
import type { AxiosRequestConfig } from 'axios';
import { createKeys, createResource, mutateChange } from '@admin/shared/query';

/** The payments list, and edit (non-money fields) and delete of one payment. */
export const payments = createResource<Payment, PaymentUpdate>(RESOURCES.payments);

/** Where a payment's receipt is printed: /payments/{id}/receipt. */
export const receiptPage = (paymentId: string) => `${RESOURCES.payments.page}/${paymentId}/receipt`;

/** GET /payments/{id}/receipt, under the payments' keys: whatever changes payments reloads it. */
export function receiptQuery(paymentId: string) {
  return queryOptions({
    queryKey: [...createKeys(RESOURCES.payments).detail(paymentId), 'receipt'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: PaymentReceipt }>(`${payments.path}/${paymentId}/receipt`, { signal }).then(dataOf),
  });
}

/** What the invoice tab shows of a payable invoice (a subset of GET /invoices' rows). */
export interface PayableInvoice {
  _id: string;
  invoiceNumber: string;
  dateOfCreation: Day;
  totalAmount: Fils;
  remainingAmount: Fils;
}

/** The customer's invoices that can be paid, each with its remaining amount. */
export function payableInvoicesQuery(customerId: string) {
  const params = { customer: customerId, status: PAYABLE_STATUSES.join(','), limit: 1000 };
  return queryOptions({
    queryKey: createKeys(RESOURCES.invoices).list(params),
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<PayableInvoice>>(RESOURCES.invoices.path, { params, signal })
        .then((r) => dataOf(r).filter((invoice) => invoice.remainingAmount > 0)),
    enabled: Boolean(customerId),
  });
}

/** GET /payments/customer/{id}/balance. */
export function customerBalanceQuery(customerId: string) {
  return queryOptions({
    queryKey: [...createKeys(RESOURCES.customerBalances).detail(customerId), 'balance'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerBalance }>(`${payments.path}/customer/${customerId}/balance`, { signal }).then(dataOf),
    enabled: Boolean(customerId),
  });
}

/**
 * Money-creating calls carry an Idempotency-Key, so a repeated submission records nothing new;
 * `errorToast` is what staff read (in their language) when the call fails. Each is a payments
 * change: it resolves once every list, balance and figure it touched is refetched.
 */
function recordMoney<T>(route: string, input: unknown, idempotencyKey: string, errorToast: string): Promise<T> {
  return mutateChange(RESOURCES.payments, () =>
    api
      .post<{ data: T }>(`${payments.path}/${route}`, input, {
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        errorToast,
      })
      .then(dataOf),
  );
}

export function createAdvancePayment(
  input: AdvancePaymentInput,
  idempotencyKey: string,
  errorToast: string,
): Promise<Payment> {
  return recordMoney('advance', input, idempotencyKey, errorToast);
}

export function createInvoicePayment(
  input: InvoicePaymentInput,
  idempotencyKey: string,
  errorToast: string,
): Promise<InvoicePaymentResult> {
  return recordMoney('invoice', input, idempotencyKey, errorToast);
}

export function createRefund(input: RefundInput, idempotencyKey: string, errorToast: string): Promise<Payment> {
  return recordMoney('refund', input, idempotencyKey, errorToast);
}

/** A payment's date, mode, reference and notes (its money is fixed); a payments change like the others. */
export function updatePayment(id: string, input: PaymentUpdate, config: AxiosRequestConfig): Promise<Payment> {
  return mutateChange(RESOURCES.payments, () => payments.update(id, input, config));
}

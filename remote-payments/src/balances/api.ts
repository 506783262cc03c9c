import { queryOptions } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import type { CustomerBalanceRow, CustomerPaymentSummary } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';
import { balanceKeys } from '../related-keys';

/** GET /customer-balances: a page of customers with their balance figures, in one query. */
export const customerBalances = createResource<CustomerBalanceRow, never>('/customer-balances');

/** GET /payments/customer/{id}/summary: payments by type, invoices by status. */
export function customerSummaryQuery(customerId: string) {
  return queryOptions({
    queryKey: [...balanceKeys.detail(customerId), 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerPaymentSummary }>(`/payments/customer/${customerId}/summary`, { signal }).then((r) => r.data.data),
  });
}

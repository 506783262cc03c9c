import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { RESOURCES, type CustomerBalanceRow, type CustomerPaymentSummary } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

/** GET /customer-balances: a page of customers with their balance figures, in one query. */
export const customerBalances = createResource<CustomerBalanceRow, never>(RESOURCES.customerBalances);

const summaryPath = (customerId: string) => `${RESOURCES.payments.path}/customer/${customerId}/summary`;

/** GET /payments/customer/{id}/summary: payments by type, invoices by status. */
export function customerSummaryQuery(customerId: string) {
  return queryOptions({
    queryKey: [...customerBalances.keys.detail(customerId), 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerPaymentSummary }>(summaryPath(customerId), { signal }).then(dataOf),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { RESOURCES, type CreditPosition, type Customer, type CustomerInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

export const customers = createResource<Customer, CustomerInput>(RESOURCES.customers);

/**
 * GET /customers/{id}/credit: the customer's limit, exposure and headroom now. Kept under the
 * receivables' key, as the aging report's credit columns are: every write that moves what a
 * customer owes (an invoice, a payment, a credit note, a cheque's step) makes it stale.
 */
export function customerCreditQuery(customerId: string) {
  return queryOptions({
    queryKey: [RESOURCES.receivables.key, 'customer-credit', customerId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CreditPosition }>(`${RESOURCES.customers.path}/${customerId}/credit`, { signal }).then(dataOf),
  });
}

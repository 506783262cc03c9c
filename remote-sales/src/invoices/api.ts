import { queryOptions } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import type { Invoice, InvoiceInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';
import { invoiceKeys } from '../related-keys';

/** The invoices list, create (with an Idempotency-Key: a Cash invoice records money), update and delete. */
export const invoices = createResource<Invoice, InvoiceInput>('/invoices');

/** One invoice with its lines, paid and remaining amounts (the printable view). */
export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Invoice>(`/invoices/${id}`, { signal }).then((r) => r.data),
  });
}

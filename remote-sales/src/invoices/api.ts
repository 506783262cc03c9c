import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import {
  type Answer,
  RESOURCES,
  type Invoice,
  type InvoiceInput,
  type InvoiceSettlement,
  type PromiseToPayInput,
} from '@admin/shared/contract';
import { createResource, mutateChange, recordQuery } from '@admin/shared/query';

/** The invoices list, create (with an Idempotency-Key: a Cash invoice records money), update and delete. */
export const invoices = createResource<Invoice, InvoiceInput>(RESOURCES.invoices);

/** One invoice with its lines, paid and remaining amounts (the printable view). */
export const invoiceQuery = (id: string) => recordQuery<Invoice>(RESOURCES.invoices, id);

/** GET /invoices/{id}/payments: what was paid on it; under the invoices' key, so a payment refreshes it. */
export const invoicePaymentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...invoices.keys.all, 'payments', id] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: InvoiceSettlement[] }>(`${invoices.path}/${id}/payments`, { signal }).then(dataOf),
  });

/**
 * POST /invoices/{id}/promise: the customer's promise to pay by a day, which pauses the payment
 * reminders until then; as an invoices change, the list shows the promise once it resolves.
 */
export const promiseToPay = (invoice: Pick<Invoice, '_id'>, body: PromiseToPayInput, errorToast: string) =>
  mutateChange(RESOURCES.invoices, () =>
    api.post<Answer<Invoice>>(`${invoices.path}/${invoice._id}/promise`, body, { errorToast }).then(dataOf),
  );

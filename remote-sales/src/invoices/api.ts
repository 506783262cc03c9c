import { RESOURCES, type Invoice, type InvoiceInput } from '@admin/shared/contract';
import { createResource, recordQuery } from '@admin/shared/query';

/** The invoices list, create (with an Idempotency-Key: a Cash invoice records money), update and delete. */
export const invoices = createResource<Invoice, InvoiceInput>(RESOURCES.invoices);

/** One invoice with its lines, paid and remaining amounts (the printable view). */
export const invoiceQuery = (id: string) => recordQuery<Invoice>(RESOURCES.invoices, id);

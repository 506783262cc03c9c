import { queryOptions } from '@tanstack/react-query';
import { api, IDEMPOTENCY_HEADER, dataOf } from '@admin/shared/api';
import {
  type Answer,
  RESOURCES,
  type Approval,
  type CreditNote,
  type CreditNoteInput,
  type Invoice,
  type InvoiceCorrection,
  type InvoiceInput,
} from '@admin/shared/contract';
import { createKeys, mutateChange, recordQuery } from '@admin/shared/query';

// What issuing a credit note needs, from the credit notes page and from an invoice's row alike.

/** One invoice with its lines and what it has been paid and credited. */
export const invoiceRecordQuery = (id: string) => recordQuery<Invoice>(RESOURCES.invoices, id);

/** A customer's invoices to pick the one a credit note is for (a customer has few open ones). */
export const customerInvoicesQuery = (customer: string) =>
  queryOptions({
    queryKey: [...createKeys(RESOURCES.invoices).all, 'of-customer', customer] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: Invoice[] }>(RESOURCES.invoices.path, { params: { customer, limit: 100 }, signal }).then(dataOf),
  });

/** The credit notes already issued on an invoice: what is left of each line to credit. */
export const invoiceCreditNotesQuery = (invoice: string) =>
  queryOptions({
    queryKey: [...createKeys(RESOURCES.creditNotes).all, 'of-invoice', invoice] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: CreditNote[] }>(RESOURCES.creditNotes.path, { params: { invoice, limit: 100 }, signal })
        .then(dataOf),
  });

/**
 * Every write here issues a credit note, with an Idempotency-Key (a repeated click issues one), as a
 * credit notes change: it resolves once the invoices, balances and figures it touched are refetched.
 * The API answers the credit note itself, or (202) the request when it is above the company's
 * approval amount and waits for a second staff member.
 */
function creditNoteWrite(
  route: string,
  body: unknown,
  idempotencyKey: string,
  errorToast: string,
): Promise<CreditNote | Approval> {
  return mutateChange(RESOURCES.creditNotes, () =>
    api
      .post<Answer<CreditNote | Approval>>(route, body, {
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        errorToast,
      })
      .then(dataOf),
  );
}

export const issueCreditNote = (input: CreditNoteInput, idempotencyKey: string, errorToast: string) =>
  creditNoteWrite(RESOURCES.creditNotes.path, input, idempotencyKey, errorToast);

/** Cancel takes back all the invoice has not yet credited; write-off exactly what it still owes. */
export type InvoiceCorrectionKind = 'cancel' | 'write-off';

export const correctInvoice = (
  invoice: Pick<Invoice, '_id'>,
  kind: InvoiceCorrectionKind,
  body: InvoiceCorrection,
  idempotencyKey: string,
  errorToast: string,
) => creditNoteWrite(`${RESOURCES.invoices.path}/${invoice._id}/${kind}`, body, idempotencyKey, errorToast);

/**
 * A debit note is an invoice linked to the credit note it corrects (`debitNoteFor`): an invoices
 * change, which refreshes the credit notes too. The API answers the invoice.
 */
export const issueDebitNote = (input: InvoiceInput, idempotencyKey: string, errorToast: string) =>
  mutateChange(RESOURCES.invoices, () =>
    api
      .post<Answer<Invoice>>(RESOURCES.invoices.path, input, {
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        errorToast,
      })
      .then(dataOf),
  );

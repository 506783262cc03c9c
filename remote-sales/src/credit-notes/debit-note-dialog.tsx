import { useMemo } from 'react';
import { idempotencyKeyPerBody } from '@admin/shared/api';
import type { CreditNote, Invoice, InvoiceInput } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { notifySuccess } from '@admin/shared/ui';
import { SchemaFormDialog } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';
import { debitNoteValues, invoiceForm, type InvoiceFormValues } from '../common/invoice-form/invoice-form';
import { issueDebitNote } from '../common/credit-notes/api';

/**
 * 'Correct with a debit note': an issued credit note is never edited, so a wrong one is undone by
 * an invoice to the same customer, linked to it, in the invoice's own dialog.
 */
export function DebitNoteDialog({ note, onClose }: { note: CreditNote | null; onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  // One key per opening: a retried click issues one debit note, a changed form another.
  const keyFor = useMemo(() => (note ? idempotencyKeyPerBody() : null), [note]);
  return (
    <SchemaFormDialog<InvoiceFormValues, InvoiceInput>
      open={note !== null}
      mode="create"
      title={t('creditNotes.debitNoteTitle', { number: note?.creditNoteNumber ?? '' })}
      schema={invoiceForm.schema}
      defaultValues={note ? debitNoteValues(note) : invoiceForm.empty()}
      size={invoiceForm.size}
      onSubmit={async (input) => {
        const debitNote: Invoice = await issueDebitNote(input, keyFor!(input), t('creditNotes.debitNoteFailed'));
        notifySuccess(
          t('creditNotes.debitNoteIssued', { number: debitNote.invoiceNumber, creditNote: note?.creditNoteNumber }),
        );
      }}
      onClose={onClose}
    >
      {(form) => invoiceForm.children?.(form, null)}
    </SchemaFormDialog>
  );
}

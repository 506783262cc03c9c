import { InvoiceCorrectionSchema, isApprovalRequest, type Invoice } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { readApiError } from '@admin/shared/api';
import { Alert, Text, notifySuccess } from '@admin/shared/ui';
import {
  ConfiguredField,
  DialogFormBody,
  DialogShell,
  formSchema,
  useIdempotencyKey,
  useSchemaForm,
} from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../../i18n';
import { correctInvoice, type InvoiceCorrectionKind } from './api';

export interface CorrectionChoice {
  invoice: Invoice;
  kind: InvoiceCorrectionKind;
}

interface CorrectionValues {
  date: string;
  reason: string;
}

const correctionSchema = formSchema((values: CorrectionValues) => values, InvoiceCorrectionSchema);

/**
 * 'Cancel invoice' and 'Write off remaining': the day and why. A refusal (a write-off above the
 * company's limit, an invoice already cancelled) is the API's message, shown as a toast.
 */
export function InvoiceCorrectionDialog({ choice, onClose }: { choice: CorrectionChoice | null; onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  return (
    <DialogShell
      open={choice !== null}
      title={choice ? t(`correct.${choice.kind}.title`, { number: choice.invoice.invoiceNumber }) : ''}
      onClose={onClose}
      closeOnInteractOutside={false}
    >
      {choice && <CorrectionForm key={`${choice.invoice._id}-${choice.kind}`} {...choice} onClose={onClose} />}
    </DialogShell>
  );
}

function CorrectionForm({ invoice, kind, onClose }: CorrectionChoice & { onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  const form = useSchemaForm(correctionSchema, { date: businessToday(), reason: '' });
  const keyFor = useIdempotencyKey();
  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={t(`correct.${kind}.submit`)}
      onClose={onClose}
      onSubmit={async (body) => {
        try {
          const note = await correctInvoice(invoice, kind, body, keyFor(body), t(`correct.${kind}.failed`));
          // Above the company's approval amount a write-off waits for a second staff member: nothing moved yet.
          notifySuccess(
            isApprovalRequest(note)
              ? t('correct.waits', { number: invoice.invoiceNumber, amount: formatKd(note.amount) })
              : t(`correct.${kind}.done`, { number: invoice.invoiceNumber, creditNote: note.creditNoteNumber }),
          );
        } catch (error) {
          // A refusal (the write-off limit, already cancelled) stays in the dialog beside the form it answers.
          const { status, message } = readApiError(error);
          if (message && (status === 403 || status === 409)) form.setError('root', { type: 'server', message });
          throw error;
        }
      }}
    >
      {form.formState.errors.root && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{form.formState.errors.root.message}</Alert.Title>
        </Alert.Root>
      )}
      <Text>
        {t(`correct.${kind}.explain`, {
          number: invoice.invoiceNumber,
          customer: invoice.customer.customerName,
          remaining: formatKd(invoice.remainingAmount),
          paid: formatKd(invoice.paidAmount),
        })}
      </Text>
      <ConfiguredField
        form={form}
        field={{ name: 'date', label: t('creditNotes.fields.date'), kind: 'date', required: true }}
      />
      <ConfiguredField
        form={form}
        field={{ name: 'reason', label: t('correct.why'), kind: 'textarea', required: true }}
      />
    </DialogFormBody>
  );
}

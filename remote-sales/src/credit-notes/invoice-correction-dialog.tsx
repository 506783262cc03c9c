import { InvoiceCorrectionSchema, type Invoice } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Text, notifySuccess } from '@admin/shared/ui';
import {
  ConfiguredField,
  DialogFormBody,
  DialogShell,
  formSchema,
  useIdempotencyKey,
  useSchemaForm,
} from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';
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
        const note = await correctInvoice(invoice, kind, body, keyFor(body), t(`correct.${kind}.failed`));
        notifySuccess(t(`correct.${kind}.done`, { number: invoice.invoiceNumber, creditNote: note.creditNoteNumber }));
      }}
    >
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

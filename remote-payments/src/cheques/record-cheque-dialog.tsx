import { useT } from '@admin/shared/i18n';
import { notifySuccess } from '@admin/shared/ui';
import {
  ConfiguredField,
  CustomerField,
  DialogFormBody,
  DialogShell,
  MoneyText,
  useIdempotencyKey,
  useFieldArray,
  useSchemaForm,
  useWatch,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { PayableInvoicesTable } from '../common/payable-invoices-table';
import type { PayableInvoice } from '../common/payments-api';
import { useBankOptions } from '../common/banks';
import { recordCheque } from './api';
import { chequeSchema, emptyCheque, isPostDated } from './cheque-form';

/** 'Record Cheque': a cheque received from a customer, and the invoices it is meant for. */
export function RecordChequeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <DialogShell open={open} title={t('cheques.record')} onClose={onClose} size="lg" closeOnInteractOutside={false}>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open && <RecordChequeForm onClose={onClose} />}
    </DialogShell>
  );
}

function RecordChequeForm({ onClose }: { onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const bankOptions = useBankOptions();
  const form = useSchemaForm(chequeSchema, emptyCheque());
  const keyFor = useIdempotencyKey();
  const chosen = useFieldArray({ control: form.control, name: 'invoices' });
  const [customer, chequeDate, receivedDate] = useWatch({
    control: form.control,
    name: ['customer', 'chequeDate', 'receivedDate'],
  });
  const chosenAt = (invoice: PayableInvoice) => chosen.fields.findIndex((line) => line.invoice === invoice._id);
  const tick = {
    header: t('cheques.columns.meantFor'),
    label: (invoice: PayableInvoice) => t('cheques.meantForInvoice', { invoice: invoice.invoiceNumber }),
    ticked: (invoice: PayableInvoice) => chosenAt(invoice) >= 0,
    onChange: (invoice: PayableInvoice, ticked: boolean) =>
      ticked
        ? chosen.append({
            invoice: invoice._id,
            invoiceNumber: invoice.invoiceNumber,
            remainingAmount: invoice.remainingAmount,
          })
        : chosen.remove(chosenAt(invoice)),
  };
  const remaining: Column<PayableInvoice> = {
    header: t('invoicePayment.columns.remaining'),
    numeric: true,
    cell: (invoice) => <MoneyText fils={invoice.remainingAmount} dir="ltr" />,
  };

  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={t('cheques.recordSubmit')}
      onClose={onClose}
      onSubmit={async (body) => {
        const cheque = await recordCheque(body, keyFor(body), t('cheques.recordFailed'));
        notifySuccess(
          t(cheque.postDated ? 'cheques.recordedPostDated' : 'cheques.recorded', { cheque: cheque.chequeNumber }),
        );
      }}
    >
      <CustomerField onChange={(id, previousId) => id !== previousId && chosen.replace([])} />
      <ConfiguredField
        form={form}
        field={{ name: 'chequeNumber', label: t('cheques.fields.chequeNumber'), required: true }}
      />
      <ConfiguredField
        form={form}
        field={{
          name: 'bank',
          label: t('cheques.fields.bank'),
          kind: 'select',
          required: true,
          options: bankOptions,
        }}
      />
      <ConfiguredField form={form} field={{ name: 'drawerName', label: t('cheques.fields.drawerName') }} />
      <ConfiguredField
        form={form}
        field={{ name: 'amount', label: t('cheques.fields.amount'), kind: 'money', required: true }}
      />
      <ConfiguredField
        form={form}
        field={{ name: 'receivedDate', label: t('cheques.fields.receivedDate'), kind: 'date', required: true }}
      />
      <ConfiguredField
        form={form}
        field={{
          name: 'chequeDate',
          label: t('cheques.fields.chequeDate'),
          kind: 'date',
          required: true,
          hint: isPostDated({ chequeDate, receivedDate }) ? t('cheques.postDatedHint') : undefined,
        }}
      />
      {customer && (
        <PayableInvoicesTable
          customer={customer}
          heading={t('cheques.meantFor')}
          tableLabel={t('cheques.meantForTable')}
          tick={tick}
          columns={[remaining]}
        />
      )}
      <ConfiguredField form={form} field={{ name: 'notes', label: t('fields.notes'), kind: 'textarea' }} />
    </DialogFormBody>
  );
}

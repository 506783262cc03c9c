import { CHEQUE_MODE, PAYMENT_MODES, type PaymentMode } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { FormField } from '@admin/shared/ui';
import { ConfiguredField, FieldGrid, Textarea, useFormContext, useWatch } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { usePaymentLabels } from './payment-labels';
import { useBankOptions } from './banks';
import type { ChequeDetailValues, EditValues } from './payment-forms';

/**
 * Payment date, mode, reference and notes: the same on every tab, and all an edit may change.
 * Inside the payment's form (a `DialogFormBody`), seen through these fields only. `withCheque`:
 * money received in mode Check asks for the cheque, which enters the cheque register.
 */
export function PaymentFields({
  modes = PAYMENT_MODES,
  withCheque = false,
}: {
  modes?: readonly PaymentMode[];
  withCheque?: boolean;
}) {
  const t = useT(PAYMENTS_NAMESPACE);
  const form = useFormContext<EditValues>();
  const { modeOptions } = usePaymentLabels();
  const notes = form.register('notes');
  const mode = useWatch({ control: form.control, name: 'paymentMode' });
  return (
    <>
      <FieldGrid
        form={form}
        from="sm"
        fields={[
          { name: 'paymentDate', label: t('fields.paymentDate'), kind: 'date', required: true },
          {
            name: 'paymentMode',
            label: t('fields.paymentMode'),
            kind: 'select',
            options: modeOptions(modes),
            required: true,
          },
        ]}
      />
      {withCheque && mode === CHEQUE_MODE && <ChequeFields />}
      <ConfiguredField form={form} field={{ name: 'referenceNumber', label: t('fields.referenceNumber') }} />
      <FormField label={t('fields.notes')} error={form.formState.errors.notes?.message}>
        <Textarea rows={2} {...notes} />
      </FormField>
    </>
  );
}

/** The cheque's number, bank and date; one dated after the payment belongs on the Cheques page. */
function ChequeFields() {
  const t = useT(PAYMENTS_NAMESPACE);
  const form = useFormContext<{ cheque: ChequeDetailValues }>();
  const bankOptions = useBankOptions();
  return (
    <FieldGrid
      form={form}
      from="sm"
      fields={[
        { name: 'cheque.chequeNumber', label: t('cheques.fields.chequeNumber'), required: true },
        { name: 'cheque.bank', label: t('cheques.fields.bank'), kind: 'select', options: bankOptions, required: true },
        { name: 'cheque.chequeDate', label: t('cheques.fields.chequeDate'), kind: 'date', required: true },
      ]}
    />
  );
}

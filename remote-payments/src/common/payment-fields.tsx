import { PAYMENT_MODES, type PaymentMode } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { FormField } from '@admin/shared/ui';
import { ConfiguredField, FieldGrid, Textarea, useFormContext } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { usePaymentLabels } from './payment-labels';
import type { EditValues } from './payment-forms';

/**
 * Payment date, mode, reference and notes: the same on every tab, and all an edit may change.
 * Inside the payment's form (a `DialogFormBody`), seen through these fields only.
 */
export function PaymentFields({ modes = PAYMENT_MODES }: { modes?: readonly PaymentMode[] }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const form = useFormContext<EditValues>();
  const { modeOptions } = usePaymentLabels();
  const notes = form.register('notes');
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
      <ConfiguredField form={form} field={{ name: 'referenceNumber', label: t('fields.referenceNumber') }} />
      <FormField label={t('fields.notes')} error={form.formState.errors.notes?.message}>
        <Textarea rows={2} {...notes} />
      </FormField>
    </>
  );
}

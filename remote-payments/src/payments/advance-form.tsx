import { useSchemaForm, Controller } from '@admin/shared/ui-kit';
import { AmountForm } from './amount-form';
import { CustomerField } from './customer-field';
import { createAdvancePayment } from './api';
import { advanceSchema, emptyAdvance } from './payment-forms';

/** The Advance Payment tab: credit for the customer, recorded once however often it is sent. */
export function AdvanceForm({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(advanceSchema, emptyAdvance());
  const { errors } = form.formState;
  return (
    <AmountForm form={form} amountLabel="Amount (KD)" send={createAdvancePayment} successToast="Advance payment created successfully" onClose={onClose}>
      <Controller
        control={form.control}
        name="customer"
        render={({ field }) => <CustomerField field={field} error={errors.customer?.message} />}
      />
    </AmountForm>
  );
}

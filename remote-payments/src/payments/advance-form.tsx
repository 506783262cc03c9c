import { FormField, notifySuccess } from '@admin/shared/ui';
import { useSchemaForm, Controller, MoneyInput, type UseFormReturn } from '@admin/shared/ui-kit';
import { CustomerField } from './customer-field';
import { useIdempotencyKey } from '../idempotency';
import { createAdvancePayment, refreshMoney } from './api';
import { DialogForm } from './dialog-form';
import { PaymentFields } from './payment-fields';
import { advanceRequest, advanceSchema, emptyAdvance, PAID_NOW_MODE_OPTIONS, type EditValues } from './payment-forms';

/** The Advance Payment tab: credit for the customer, recorded once however often it is sent. */
export function AdvanceForm({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(advanceSchema, emptyAdvance());
  const keyFor = useIdempotencyKey();
  const { errors } = form.formState;
  return (
    <DialogForm
      form={form}
      mode="create"
      onClose={onClose}
      onSubmit={async (values) => {
        const body = advanceRequest(values);
        await createAdvancePayment(body, keyFor(body));
        notifySuccess('Advance payment created successfully');
        await refreshMoney();
      }}
    >
      <Controller
        control={form.control}
        name="customer"
        render={({ field }) => <CustomerField field={field} error={errors.customer?.message} />}
      />
      <FormField label="Amount (KD)" error={errors.amount?.message} required>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <MoneyInput name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder="0.000" />
          )}
        />
      </FormField>
      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} modes={PAID_NOW_MODE_OPTIONS} />
    </DialogForm>
  );
}

import { useT } from '@admin/shared/i18n';
import { FormField } from '@admin/shared/ui';
import { Controller, CustomerPicker, useWatch, type UseFormReturn } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';

/** The part of an invoice or schedule form that names its customer. */
export interface CustomerFormValues {
  customer: string;
  /** Shown in the customer box; not sent. */
  customerName: string;
}

/** The document's customer, found by searching the server as staff type; keeps the name to show it again. */
export function CustomerField({ form }: { form: UseFormReturn<CustomerFormValues> }) {
  const t = useT(SALES_NAMESPACE);
  const customerName = useWatch({ control: form.control, name: 'customerName' });
  const error = form.formState.errors.customer;
  return (
    <FormField label={t('fields.customer')} required error={error?.message}>
      <Controller
        control={form.control}
        name="customer"
        render={({ field }) => (
          <CustomerPicker
            name={field.name}
            value={field.value}
            valueLabel={customerName}
            invalid={Boolean(error)}
            onBlur={field.onBlur}
            onChange={(customer) => {
              form.setValue('customerName', customer?.customerName ?? '');
              field.onChange(customer?._id ?? '');
            }}
          />
        )}
      />
    </FormField>
  );
}

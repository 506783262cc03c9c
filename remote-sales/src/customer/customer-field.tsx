import { FormField } from '@admin/shared/ui';
import { Controller, CustomerPicker, useWatch, type UseFormReturn } from '@admin/shared/ui-kit';

/** The part of an invoice or schedule form that names its customer. */
export interface CustomerFormValues {
  customer: string;
  /** Shown in the customer box; not sent. */
  customerName: string;
}

/** The document's customer, found by searching the server as staff type; keeps the name to show it again. */
export function CustomerField({ form }: { form: UseFormReturn<CustomerFormValues> }) {
  const customerName = useWatch({ control: form.control, name: 'customerName' });
  const error = form.formState.errors.customer;
  return (
    <FormField label="Customer" required error={error?.message}>
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

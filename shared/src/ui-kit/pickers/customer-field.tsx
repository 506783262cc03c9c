import { FormField } from '@admin/shared/ui';
import { useKitT } from '../kit-texts';
import { Controller, useFormContext, useWatch } from '../resource/form-library';
import { CustomerPicker } from './customer-picker';

/** The fields of a form that names its customer; `customerName` only in forms that keep it (see `keepName`). */
export interface CustomerFieldValues {
  customer: string;
  customerName?: string;
}

export interface CustomerFieldProps {
  /**
   * Keeps the chosen customer's name in the form's `customerName` (shown, never sent), so an
   * edited document shows its customer before the picker has looked it up.
   */
  keepName?: boolean;
  /** Called with the new customer's id before the field takes it (e.g. to drop the last customer's invoices). */
  onChange?: (customerId: string, previousId: string) => void;
}

/**
 * A form's required Customer field, inside a `DialogFormBody`: the customer is found by searching
 * the server as staff type, and the form holds its id in `customer`.
 */
export function CustomerField({ keepName = false, onChange }: CustomerFieldProps) {
  const t = useKitT();
  const form = useFormContext<CustomerFieldValues>();
  const customerName = useWatch({ control: form.control, name: 'customerName' });
  const error = form.formState.errors.customer;
  return (
    <FormField label={t('customerPicker.label')} required error={error?.message}>
      <Controller
        control={form.control}
        name="customer"
        render={({ field }) => (
          <CustomerPicker
            name={field.name}
            value={field.value}
            valueLabel={keepName ? customerName : undefined}
            invalid={Boolean(error)}
            onBlur={field.onBlur}
            onChange={(customer) => {
              const id = customer?._id ?? '';
              onChange?.(id, field.value);
              if (keepName) form.setValue('customerName', customer?.customerName ?? '');
              field.onChange(id);
            }}
          />
        )}
      />
    </FormField>
  );
}

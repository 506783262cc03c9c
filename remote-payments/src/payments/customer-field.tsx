import { useT } from '@admin/shared/i18n';
import { FormField } from '@admin/shared/ui';
import { CustomerPicker } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';

interface FieldBinding {
  name: string;
  value: string;
  onChange: (customerId: string) => void;
  onBlur: () => void;
}

/** The payment's customer, found by searching the server as staff type. */
export function CustomerField({ field, error, onChange = field.onChange }: { field: FieldBinding; error?: string; onChange?: (customerId: string) => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <FormField label={t('fields.customer')} error={error} required>
      <CustomerPicker
        name={field.name}
        value={field.value}
        invalid={Boolean(error)}
        minW="100%"
        onBlur={field.onBlur}
        onChange={(customer) => onChange(customer?._id ?? '')}
      />
    </FormField>
  );
}

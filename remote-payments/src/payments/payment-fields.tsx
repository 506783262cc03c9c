import { FormField, SimpleGrid } from '@admin/shared/ui';
import { ConfiguredField, Textarea, type UseFormReturn, type Option } from '@admin/shared/ui-kit';
import { MODE_OPTIONS, type EditValues } from './payment-forms';

type Form = UseFormReturn<EditValues>;

/** Payment date, mode, reference and notes: the same on every tab, and all an edit may change. */
export function PaymentFields({ form, modes = MODE_OPTIONS }: { form: Form; modes?: Option[] }) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <ConfiguredField form={form} field={{ name: 'paymentDate', label: 'Payment Date', kind: 'date', required: true }} />
        <ConfiguredField form={form} field={{ name: 'paymentMode', label: 'Payment Mode', kind: 'select', options: modes, required: true }} />
      </SimpleGrid>
      <ConfiguredField form={form} field={{ name: 'referenceNumber', label: 'Reference Number' }} />
      <FormField label="Notes" error={form.formState.errors.notes?.message}>
        <Textarea rows={2} {...form.register('notes')} />
      </FormField>
    </>
  );
}

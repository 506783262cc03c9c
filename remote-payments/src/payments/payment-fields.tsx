import { FormField, Input, SimpleGrid } from '@admin/shared/ui';
import { Controller, NativeSelect, Textarea, type Path, type UseFormReturn, type Option } from '@admin/shared/ui-kit';
import { MODE_OPTIONS, type EditValues } from './payment-forms';

type Form = UseFormReturn<EditValues>;

const errorOf = (form: Form, name: Path<EditValues>) => form.formState.errors[name]?.message as string | undefined;

/** Payment date, mode, reference and notes: the same on every tab, and all an edit may change. */
export function PaymentFields({ form, modes = MODE_OPTIONS }: { form: Form; modes?: Option[] }) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Payment Date" error={errorOf(form, 'paymentDate')} required>
          <Input type="date" {...form.register('paymentDate')} />
        </FormField>
        <FormField label="Payment Mode" error={errorOf(form, 'paymentMode')} required>
          <Controller
            control={form.control}
            name="paymentMode"
            render={({ field }) => (
              <NativeSelect.Root>
                <NativeSelect.Field name={field.name} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  {modes.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          />
        </FormField>
      </SimpleGrid>
      <FormField label="Reference Number" error={errorOf(form, 'referenceNumber')}>
        <Input {...form.register('referenceNumber')} />
      </FormField>
      <FormField label="Notes" error={errorOf(form, 'notes')}>
        <Textarea rows={2} {...form.register('notes')} />
      </FormField>
    </>
  );
}

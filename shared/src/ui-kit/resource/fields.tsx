import { Input, SimpleGrid, Switch, Text, Textarea } from '@chakra-ui/react';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@admin/shared/ui';
import { DateInput } from './date-input';
import { useFormLibrary } from './form-library';
import { MoneyInput } from './money';
import { OptionSelect, type Option } from './option-select';

/**
 * One form field, declared as data. `render` takes over for anything the kinds below do not cover.
 * TOutput is what the form's schema makes of the values (the request body).
 */
export interface FieldConfig<TValues extends FieldValues, TOutput = TValues> {
  name: Path<TValues>;
  label: string;
  kind?: 'text' | 'textarea' | 'money' | 'select' | 'date' | 'number' | 'switch' | 'email' | 'tel';
  placeholder?: string;
  required?: boolean;
  /** Shows the value but takes no input (a select, for one, gets its disabled state from the field). */
  disabled?: boolean;
  /** A short note under the control, e.g. why it is disabled. */
  hint?: ReactNode;
  /** For kind 'select'; the first entry should be the empty choice, e.g. { value: '', label: 'Select…' }. */
  options?: Option[];
  render?: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode;
}

export function ConfiguredField<TValues extends FieldValues, TOutput = TValues>({
  field,
  form,
}: {
  field: FieldConfig<TValues, TOutput>;
  form: UseFormReturn<TValues, unknown, TOutput>;
}) {
  const { Controller, get } = useFormLibrary();
  if (field.render) return <>{field.render(form)}</>;
  // A field of a nested object ('cheque.bank') finds its message down the errors' tree.
  const error = (get(form.formState.errors, field.name) as { message?: string } | undefined)?.message;
  const kind = field.kind ?? 'text';
  let control: ReactNode;
  if (kind === 'money') {
    control = (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: f }) => (
          <MoneyInput
            name={f.name}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            placeholder={field.placeholder ?? '0.000'}
          />
        )}
      />
    );
  } else if (kind === 'date') {
    control = (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: f }) => <DateInput name={f.name} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
      />
    );
  } else if (kind === 'select') {
    // Controlled, so a value whose option arrives later (a list still loading) is shown once it does.
    control = (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: f }) => (
          <OptionSelect
            options={field.options ?? []}
            name={f.name}
            ref={f.ref}
            value={f.value ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
          />
        )}
      />
    );
  } else if (kind === 'switch') {
    // A yes/no setting: the label beside the switch names it, so the field's own label is not repeated.
    return (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: f }) => (
          <Switch.Root
            name={f.name}
            checked={!!f.value}
            onCheckedChange={(e) => f.onChange(e.checked)}
            disabled={field.disabled}
          >
            <Switch.HiddenInput onBlur={f.onBlur} />
            <Switch.Control />
            <Switch.Label>{field.label}</Switch.Label>
          </Switch.Root>
        )}
      />
    );
  } else if (kind === 'textarea') {
    control = <Textarea placeholder={field.placeholder} {...form.register(field.name)} />;
  } else {
    control = (
      <Input
        // e-mail and phone keyboards on a phone; the schema, not the browser, says what is wrong.
        type={kind === 'number' || kind === 'email' || kind === 'tel' ? kind : 'text'}
        placeholder={field.placeholder}
        {...form.register(field.name, kind === 'number' ? { valueAsNumber: true } : undefined)}
      />
    );
  }
  return (
    <FormField label={field.label} error={error} required={field.required} disabled={field.disabled}>
      {control}
      {field.hint && (
        <Text fontSize="xs" color="fg.muted">
          {field.hint}
        </Text>
      )}
    </FormField>
  );
}

/**
 * A form's fields two to a row from the `from` width up, one under the other below it: configured
 * fields, and parts of the form that lay themselves out (the customer) where they stand.
 */
export function FieldGrid<TValues extends FieldValues, TOutput = TValues>({
  form,
  fields,
  from = 'md',
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  fields: (FieldConfig<TValues, TOutput> | ReactElement)[];
  /** The screen width from which two fields share a row. */
  from?: 'sm' | 'md';
}) {
  return (
    <SimpleGrid columns={{ base: 1, [from]: 2 }} gap="4">
      {fields.map((field, i) =>
        isValidElement(field) ? (
          <Fragment key={i}>{field}</Fragment>
        ) : (
          <ConfiguredField key={field.name} form={form} field={field} />
        ),
      )}
    </SimpleGrid>
  );
}

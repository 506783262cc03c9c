import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { DialogFormBody } from './dialog-form-body';
import { DialogShell } from './dialog-shell';
import { ConfiguredField, type FieldConfig } from './fields';
import { useSchemaForm } from './use-schema-form';

export interface SchemaFormDialogProps<TValues extends FieldValues, TOutput> {
  open: boolean;
  title: string;
  /** 'create' labels the submit button Create, 'edit' Update. */
  mode: 'create' | 'edit';
  /** Instead of Create / Update, e.g. 'Send'. */
  submitLabel?: string;
  /** Validates on submit; its output is what `onSubmit` gets (see `formSchema`), its messages show under the fields. */
  schema: GenericSchema<TValues, TOutput>;
  defaultValues: TValues;
  fields?: FieldConfig<TValues, TOutput>[];
  /** Free layout for forms the field list cannot express; rendered after `fields`. */
  children?: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode;
  /** Throws on failure; the answer's `errors: { field: message }` are put under the matching fields. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  /** Wider dialogs for forms with tables of lines. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * A whole add/edit dialog from a contract schema: a `DialogShell` holding a `DialogFormBody` with
 * the configured fields (and any free layout), validated by the schema on submit.
 */
export function SchemaFormDialog<TValues extends FieldValues, TOutput>(props: SchemaFormDialogProps<TValues, TOutput>) {
  const { open, title, onClose, size } = props;
  return (
    <DialogShell open={open} title={title} onClose={onClose} size={size} closeOnInteractOutside={false}>
      {/* Mounted only while open, so every opening starts from fresh default values. */}
      {open && <SchemaFormFields {...props} />}
    </DialogShell>
  );
}

function SchemaFormFields<TValues extends FieldValues, TOutput>({
  mode,
  submitLabel,
  schema,
  defaultValues,
  fields = [],
  children,
  onSubmit,
  onClose,
}: SchemaFormDialogProps<TValues, TOutput>) {
  const form = useSchemaForm(schema, defaultValues);
  return (
    <DialogFormBody form={form} mode={mode} submitLabel={submitLabel} onSubmit={onSubmit} onClose={onClose}>
      {fields.map((field) => (
        <ConfiguredField key={field.name} field={field} form={form} />
      ))}
      {children?.(form)}
    </DialogFormBody>
  );
}

import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { DialogForm } from './dialog-form';
import { DialogFrame } from './dialog-frame';
import { ConfiguredField, type FieldConfig } from './fields';
import { useSchemaForm } from './use-schema-form';

export interface FormDialogProps<TValues extends FieldValues, TOutput> {
  open: boolean;
  title: string;
  /** 'create' labels the submit button Create, 'edit' Update. */
  mode: 'create' | 'edit';
  /** Validates on submit with the same valibot schema the API uses; its messages show under the fields. */
  schema: GenericSchema<TValues, TOutput>;
  defaultValues: TValues;
  fields?: FieldConfig<TValues>[];
  /** Free layout for forms the field list cannot express; rendered after `fields`. */
  children?: (form: UseFormReturn<TValues>) => ReactNode;
  /** Throws on failure; the answer's `errors: { field: message }` are put under the matching fields. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  /** Wider dialogs for forms with tables of lines. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

export function FormDialog<TValues extends FieldValues, TOutput>(props: FormDialogProps<TValues, TOutput>) {
  const { open, title, onClose, size } = props;
  return (
    <DialogFrame open={open} title={title} onClose={onClose} size={size} closeOnInteractOutside={false}>
      {/* Mounted only while open, so every opening starts from fresh default values. */}
      {open && <SchemaDialogForm {...props} />}
    </DialogFrame>
  );
}

function SchemaDialogForm<TValues extends FieldValues, TOutput>({
  mode,
  schema,
  defaultValues,
  fields = [],
  children,
  onSubmit,
  onClose,
}: FormDialogProps<TValues, TOutput>) {
  const form = useSchemaForm(schema, defaultValues);
  const plain = form as unknown as UseFormReturn<TValues>;
  return (
    <DialogForm form={form} mode={mode} onSubmit={onSubmit} onClose={onClose}>
      {fields.map((field) => (
        <ConfiguredField key={field.name} field={field} form={plain} />
      ))}
      {children?.(plain)}
    </DialogForm>
  );
}

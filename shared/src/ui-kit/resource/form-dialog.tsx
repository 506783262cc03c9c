import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { readApiError } from '@admin/shared/api';
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
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false} size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* Mounted only while open, so every opening starts from fresh default values. */}
            {open && <DialogForm {...props} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogForm<TValues extends FieldValues, TOutput>({
  mode,
  schema,
  defaultValues,
  fields = [],
  children,
  onSubmit,
  onClose,
}: FormDialogProps<TValues, TOutput>) {
  const form = useSchemaForm(schema, defaultValues);
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      // The message itself was already shown as a toast by the API client.
      for (const [name, message] of Object.entries(readApiError(error).errors ?? {})) {
        form.setError(name as Path<TValues>, { type: 'server', message });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {fields.map((field) => (
            <ConfiguredField key={field.name} field={field} form={form as unknown as UseFormReturn<TValues>} />
          ))}
          {children?.(form as unknown as UseFormReturn<TValues>)}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting} disabled={submitting}>
          {mode === 'create' ? 'Create' : 'Update'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

import { Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { readApiError } from '@admin/shared/api';
import { useKitT } from '../kit-texts';
import { useFormLibrary } from './form-library';

export interface DialogFormBodyProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** 'create' labels the submit button Create, 'edit' Update. */
  mode: 'create' | 'edit';
  /** Instead of Create / Update, e.g. 'Refund'. */
  submitLabel?: string;
  /** Throws on failure; the answer's `errors: { field: message }` are put under the matching fields. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The inside of a dialog that is a form, for forms laid out by hand (put it in a `DialogShell`):
 * the fields given, then Cancel and Create/Update (disabled while sending); closes once saved.
 */
export function DialogFormBody<TValues extends FieldValues, TOutput>({
  form,
  mode,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: DialogFormBodyProps<TValues, TOutput>) {
  const t = useKitT();
  const { FormProvider } = useFormLibrary();
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
    // Parts of the form (the customer, the lines) take it from here with useFormContext.
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {submitLabel ?? t(mode === 'create' ? 'action.create' : 'action.update')}
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}

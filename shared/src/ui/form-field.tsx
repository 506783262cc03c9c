import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocalizeMessage } from '@admin/shared/i18n';

/**
 * Label, control and the field's error under it (the same for every form of the product). The
 * error is a contract message (what the form's schema or the API said) and is shown in the active
 * language; `label` is already in it.
 */
export function FormField({
  label,
  error,
  required,
  disabled,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  /** Disables the control inside (a select takes its disabled state from the field). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const localize = useLocalizeMessage();
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.ErrorText>{localize(error)}</Field.ErrorText>}
    </Field.Root>
  );
}

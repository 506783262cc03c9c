import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label, control and the field's error under it (the same for every form of the product). */
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
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

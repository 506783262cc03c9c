import type { DefaultValues, FieldValues, UseFormProps } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { useFormLibrary } from './form-library';

/**
 * A react-hook-form form validated on submit by a contract schema (the API validates with the
 * same one), its messages under the fields. Apps use this instead of importing the form library,
 * so the page holds one copy of it, inside the facade.
 */
export function useSchemaForm<TValues extends FieldValues, TOutput>(
  schema: GenericSchema<TValues, TOutput>,
  defaultValues: TValues,
  options: Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver' | 'defaultValues'> = {},
) {
  const { useForm, valibotResolver } = useFormLibrary();
  return useForm<TValues, unknown, TOutput>({
    ...options,
    resolver: valibotResolver(schema),
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
}

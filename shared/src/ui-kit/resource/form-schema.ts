import * as v from 'valibot';

/**
 * A form's schema, the one way from what a dialog holds to what it sends: `toRequest` shapes the
 * values into the request body (drops what is only shown, turns an empty text into null…), then
 * the contract schema the API validates with checks it. Its messages land under the fields of the
 * same name, and its output, what `useSchemaForm`'s submit hands over, is the request body.
 */
export function formSchema<TValues, TRequest extends v.GenericSchema>(
  toRequest: (values: TValues) => v.InferInput<TRequest>,
  request: TRequest,
): v.GenericSchema<TValues, v.InferOutput<TRequest>> {
  return v.pipe(
    v.custom<TValues>(() => true),
    v.transform(toRequest),
    request,
  );
}

/** An optional text as a request carries it when cleared: null (a blank text counts as empty). */
export function emptyToNull(text: string | null | undefined): string | null {
  return text?.trim() ? text : null;
}

/** An optional text a new record's request leaves out when it is empty. */
export function emptyToAbsent(text: string | null | undefined): string | undefined {
  return emptyToNull(text) ?? undefined;
}

import * as v from 'valibot';
import { badRequest } from './errors';

type AnySchema = v.GenericSchema;

const NOT_AN_OBJECT = 'The request body must be a JSON object';
export const NUL_CHARACTER = 'Text cannot contain the NUL character';

/** The dot path of the first string holding U+0000, which PostgreSQL cannot store in text. */
function pathOfNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The schema one step down `path`: an object's field, or a list's item (whatever the index).
 * Pipes keep `entries` and `item`, so this looks through them.
 */
function childSchema(schema: AnySchema, key: string): AnySchema | undefined {
  const { entries, item } = schema as { entries?: Record<string, AnySchema>; item?: AnySchema };
  return entries ? entries[key] : item;
}

/**
 * A field's own message for an issue. Valibot reports a missing key (and an unknown key of a
 * strict object) at the object, with a generic text; callers need the field's message, e.g.
 * 'Customer name is required' when customerName is absent, so we ask the field's schema.
 */
function messageOf(issue: v.BaseIssue<unknown>, root: AnySchema): string {
  const key = issue.path?.at(-1)?.key;
  if (issue.kind === 'schema' && issue.type.endsWith('object') && typeof key === 'string') {
    if (issue.expected === 'never') return `Unknown field "${key}"`;
    if (issue.received === 'undefined') {
      let parent: AnySchema | undefined = root;
      for (const item of issue.path!.slice(0, -1)) parent = parent && childSchema(parent, String(item.key));
      const field = parent && childSchema(parent, key);
      const answer = field && v.safeParse(field, undefined);
      if (answer && !answer.success) return answer.issues[0].message;
      return `${key} is required`;
    }
  }
  if (!issue.path?.length && issue.kind === 'schema' && issue.expected === 'Object') return NOT_AN_OBJECT;
  return issue.message;
}

/**
 * Validates input with a contract schema: the output (trimmed, defaulted) or a 400 whose message
 * is the first problem and whose `errors` names each field with its first message.
 */
export function parse<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  // Valibot takes an array for an object whose keys are missing; a list is never a valid body here.
  if (Array.isArray(input) && schema.type.endsWith('object')) throw badRequest(NOT_AN_OBJECT);
  const nulAt = pathOfNul(input);
  if (nulAt !== undefined) throw badRequest(NUL_CHARACTER, nulAt ? { [nulAt]: NUL_CHARACTER } : undefined);
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    const message = messageOf(issue, schema);
    if (field && !(field in errors)) errors[field] = message;
  }
  throw badRequest(messageOf(result.issues[0], schema), Object.keys(errors).length ? errors : undefined);
}

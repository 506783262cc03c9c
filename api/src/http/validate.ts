import * as v from 'valibot';
import { badRequest } from './errors';
import { hasLoneSurrogate } from '../lib/stored-text';

type AnySchema = v.GenericSchema;

const NOT_AN_OBJECT = 'The request body must be a JSON object';
export const NUL_CHARACTER = 'Text cannot contain the NUL character';
export const LONE_SURROGATE_MESSAGE = 'Text contains a broken character (a lone surrogate)';

/**
 * Why a string cannot be stored as sent: U+0000, which PostgreSQL cannot store in text, or a lone
 * surrogate, which it would store as U+FFFD (so the audit trail would hash one text and keep another).
 */
const unstorable = (text: string) =>
  text.includes('\u0000') ? NUL_CHARACTER : hasLoneSurrogate(text) ? LONE_SURROGATE_MESSAGE : undefined;

/** The dot path and the refusal of the first string that cannot be stored as sent. */
function firstUnstorable(value: unknown, path = ''): { path: string; message: string } | undefined {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message && { path, message };
  }
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = firstUnstorable(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * The schema one step down `path`: an object's field, or a list's item (whatever the index).
 * Pipes keep `entries` and `item`, so this looks through them, and through an optional or
 * nullable wrapper (an optional object's missing field).
 */
function childSchema(schema: AnySchema, key: string): AnySchema | undefined {
  const { entries, item, wrapped } = schema as {
    entries?: Record<string, AnySchema>;
    item?: AnySchema;
    wrapped?: AnySchema;
  };
  if (wrapped) return childSchema(wrapped, key);
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
  const refused = firstUnstorable(input);
  if (refused) throw badRequest(refused.message, refused.path ? { [refused.path]: refused.message } : undefined);
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

import * as v from 'valibot';
import { MAX_FILS } from '../money';
import { isDay } from '../dates';

/** Largest page a list answers; the pickers and filter lists of SPEC.md ask for up to 1000. */
export const MAX_PAGE_LIMIT = 1000;
export const DEFAULT_PAGE_LIMIT = 10;

export const IdSchema = v.pipe(v.string(), v.uuid('Invalid id'));

/** A reference to another record, sent as its id; `message` is the field's "required" text. */
export function refSchema(message: string) {
  return v.pipe(v.string(message), v.nonEmpty(message), v.uuid(message));
}

/** A required name: trimmed, required text, maximum length, optional minimum length. */
export function nameSchema(messages: { required: string; max: string; min?: string }, min = 1, max = 100) {
  return v.pipe(
    v.string(messages.required),
    v.trim(),
    v.nonEmpty(messages.required),
    v.minLength(min, messages.min ?? messages.required),
    v.maxLength(max, messages.max),
  );
}

/** An optional name: absent, null and '' all mean "none". */
export function optionalNameSchema(maxMessage: string, max = 100) {
  return v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, maxMessage))));
}

/** A calendar day on the wire: 'YYYY-MM-DD' or its UTC-midnight ISO timestamp. */
export function daySchema(message: string) {
  return v.pipe(
    v.string(message),
    v.nonEmpty(message),
    v.check((value) => isDay(value.slice(0, 10)) && (value.length === 10 || !Number.isNaN(Date.parse(value))), message),
  );
}

/** A money amount in fils: a safe integer, within MAX_FILS. */
export function filsSchema(message: string, minimum = 0, minimumMessage = message) {
  return v.pipe(
    v.number(message),
    v.integer('Amounts are whole fils (thousandths of a KD)'),
    v.minValue(minimum, minimumMessage),
    v.maxValue(MAX_FILS, 'Amount is too large'),
  );
}

/** Query-string integer with a default, e.g. ?page=2. */
function queryInteger(fallback: number, min: number, max: number, label: string) {
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((text) => (text === '' ? fallback : Number(text))),
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );
}

/** page, limit, search: the query every list understands. Areas extend it with their filters. */
export const ListQueryEntries = {
  page: queryInteger(1, 1, 1_000_000, 'page'),
  limit: queryInteger(DEFAULT_PAGE_LIMIT, 1, MAX_PAGE_LIMIT, 'limit'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search is too long'))),
};
export const ListQuerySchema = v.strictObject(ListQueryEntries);
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
  /** Same as `pages`: one screen of the original client reads this name. */
  totalPages: number;
}

export interface ListResponse<T> {
  data: T[];
  pagination: Pagination;
}

export function paginationOf(page: number, limit: number, total: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pages, totalPages: pages };
}

/** The body of every error answer. `errors` maps a field name to its message. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

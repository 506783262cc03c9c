import * as v from 'valibot';
import { MAX_FILS, MONEY_MESSAGES, readKd } from '../money';
import { dayToUtcMidnight, isDay } from '../dates';

// Money and days carry brands in the contract's records and in what its schemas give; they are
// declared beside the helpers that read and write them, which the schemas below build on.
export { fils, type Fils } from '../money';
export { day, type Day } from '../dates';

/** Largest page a list answers; the pickers and filter lists ask for up to 1000. */
export const MAX_PAGE_LIMIT = 1000;
export const DEFAULT_PAGE_LIMIT = 10;

/** A reference to another record, sent as its id; `message` is the field's "required" text. */
export function refSchema(message: string) {
  return v.pipe(v.string(message), v.nonEmpty(message), v.uuid(message));
}

/**
 * Characters that show nothing or reorder what is shown: zero-width space, non-joiner and joiner
 * (U+200B–U+200D), word joiner (U+2060), the byte-order mark (U+FEFF), and the direction marks,
 * embeddings, overrides and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, and the Arabic
 * letter mark U+061C). In a name they make two records look the same on screen while the database
 * sees two different names, or make a name display as another ('\u202Eevil' shows 'live').
 */
const INVISIBLE_OR_BIDI = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
export const INVISIBLE_NAME_MESSAGE = 'Name cannot contain invisible or direction-control characters';

/**
 * Control characters (tab, line breaks, the rest of C0, DEL and C1) in a one-line field: pasted
 * from a spreadsheet or a document, they were stored and broke lists, prints and exports. Each run
 * of them becomes one space ('Al<tab>Sabah' is 'Al Sabah'); a run at either end is then trimmed.
 * Notes keep their lines (optionalText).
 */
const CONTROL_CHARACTERS = new RegExp('[\\u0000-\\u001F\\u007F-\\u009F]+', 'g');
export const oneLine = () => v.transform((text: string) => text.replace(CONTROL_CHARACTERS, ' '));

/** Refuses invisible and direction-control characters, then brings the text to Unicode NFC. */
function visibleText(message?: string) {
  return v.pipe(
    v.string(message),
    oneLine(),
    v.check((text) => !INVISIBLE_OR_BIDI.test(text), INVISIBLE_NAME_MESSAGE),
    // 'é' typed as e + U+0301 and as U+00E9 is one name: stored and compared in one form.
    v.normalize('NFC'),
    v.trim(),
  );
}

/**
 * A required name: no invisible or direction-control characters, NFC, trimmed, required text,
 * maximum length, optional minimum length. Duplicates are compared on this form.
 */
export function nameSchema(messages: { required: string; max: string; min?: string }, min = 1, max = 100) {
  return v.pipe(
    visibleText(messages.required),
    v.nonEmpty(messages.required),
    v.minLength(min, messages.min ?? messages.required),
    v.maxLength(max, messages.max),
  );
}

/** An optional name: absent, null and '' all mean "none"; otherwise as nameSchema. */
export function optionalNameSchema(maxMessage: string, max = 100) {
  return v.optional(v.nullable(v.pipe(visibleText(), v.maxLength(max, maxMessage))));
}

/** An optional text: absent, null and '' all mean "none"; stored trimmed. Lines are kept (notes). */
export function optionalText(max: number, maxMessage: string) {
  return v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, maxMessage))));
}

/** An optional one-line text (a reference number): as optionalText, control characters as spaces. */
export function optionalLine(max: number, maxMessage: string) {
  return v.optional(v.nullable(v.pipe(v.string(), oneLine(), v.trim(), v.maxLength(max, maxMessage))));
}

/**
 * A day on the wire: 'YYYY-MM-DD' or its UTC midnight ('2026-11-21T00:00:00.000Z', also without
 * milliseconds or seconds, or with +00:00). Anything else is refused with `message`: another time
 * of day or another offset would name a different day in another zone, and a lenient parse of
 * '2026-01-01 ' reads the server's local time. The output is always the UTC-midnight form, a Day.
 */
const DAY_ON_THE_WIRE = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0{1,3})?)?(?:Z|[+-]00:?00))?$/;

/** What a typed date that names no day is told, wherever a date is typed. */
export const REAL_DATE_MESSAGE = 'Enter a real date (dd/mm/yyyy)';

/**
 * `message` says the day is missing; `invalidMessage` that what was given names no day
 * (31/02/2026, 2026-13-01, text): never "required" for a field that is not empty.
 */
export function daySchema(message: string, invalidMessage: string = REAL_DATE_MESSAGE) {
  return v.pipe(
    v.string(message),
    v.nonEmpty(message),
    v.check((value) => {
      const day = DAY_ON_THE_WIRE.exec(value)?.[1];
      return day !== undefined && isDay(day);
    }, invalidMessage),
    // A transformation ends the pipe: a refused day stays untyped, so no later check (end after
    // start…) ever reads it.
    v.transform((value) => dayToUtcMidnight(value.slice(0, 10))),
    v.brand('Day'),
  );
}

/**
 * A money amount, the one schema of every amount and price field in the browser and the API.
 * It takes integer fils (1.500 KD = 1500, what requests carry) or the KD text staff typed
 * ('12.5', '١٢٫٥'), and gives fils. Text that is not an exact amount gets a message saying what is
 * wrong ('Use a point for decimals', 'At most 3 decimals', 'Enter an amount such as 12.500');
 * `message` (the "required" text) is only for a missing or empty amount. The output is Fils.
 */
export function moneySchema(message: string, minimum = 0, minimumMessage = message) {
  return v.pipe(
    v.union([v.number(), v.string()], message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (typeof value === 'number') {
        if (Number.isSafeInteger(value)) return value;
        addIssue({ message: Number.isFinite(value) ? 'Amounts are whole fils (thousandths of a KD)' : message });
        return NEVER;
      }
      if (value.trim() === '') {
        addIssue({ message });
        return NEVER;
      }
      const reading = readKd(value);
      if ('fils' in reading) return reading.fils;
      addIssue({ message: reading.problem });
      return NEVER;
    }),
    v.minValue(minimum, minimumMessage),
    v.maxValue(MAX_FILS, MONEY_MESSAGES.tooLarge),
    v.brand('Fils'),
  );
}
/**
 * Query-string integer with a default, e.g. ?page=2: digits only (an optional minus), so '0x10',
 * '1e3', ' 5' and '5.0' are refused rather than read as 16, 1000 or 5.
 */
function queryInteger(fallback: number, min: number, max: number, label: string) {
  const notWhole = `${label} must be a whole number`;
  return v.pipe(
    v.optional(v.string(notWhole), String(fallback)),
    v.check((text) => text === '' || /^-?\d+$/.test(text), notWhole),
    v.transform((text) => (text === '' ? fallback : Number(text))),
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
  /** The request's id (also the X-Request-Id header and on every log line of the request): quote it to support. */
  requestId?: string;
}

/*
 * The fields of a record as the API answers it (its answer schemas, shared/src/contract/answers.ts).
 * They read an answer rather than what staff typed: money is already whole fils and a day already
 * its UTC midnight, so they check the form and give the same brands the input schemas give.
 */

/** An amount in an answer: whole fils. */
export const FilsField = v.pipe(v.number(), v.integer(), v.brand('Fils'));
/** A day in an answer: its UTC midnight ('2026-11-21T00:00:00.000Z'). */
export const DayField = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/), v.brand('Day'));
/** What every stored record carries: its id, and when it was created and last changed (ISO times). */
export const StampEntries = { _id: v.string(), createdAt: v.string(), updatedAt: v.string() };

/** A filter from the query string: '' (the "All" choice) means no filter. */
export function queryFilter<T>(schema: v.GenericSchema<string, T>) {
  return v.pipe(
    v.optional(v.string()),
    v.transform((value) => (value === '' ? undefined : value)),
    v.optional(schema),
  );
}

/** A day in a query, optional: an empty value is absent; `message` names the wire form. */
export const optionalDay = (message: string) => queryFilter(daySchema(message, message));

/** ?status=unpaid or ?status=sent,unpaid,overdue */
export function statusListFilter<S extends string>(statuses: readonly S[]) {
  return queryFilter(
    v.pipe(
      v.string(),
      v.transform((text) => text.split(',').map((part) => part.trim())),
      v.array(v.picklist(statuses, 'Invalid status')),
    ),
  );
}

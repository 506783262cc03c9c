import * as v from 'valibot';
import { LANGUAGES } from './languages';
import { PERIOD_ENTRIES, PERIOD_MESSAGES, periodInOrder } from './receivables';

/** A document's language: English, Arabic, or both side by side (the print view's ?print). */
export const DOCUMENT_LANGUAGES = [...LANGUAGES, 'both'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

const lang = v.optional(v.picklist(DOCUMENT_LANGUAGES, 'Language must be en, ar or both'));

/**
 * GET /invoices/{id}/pdf, /payments/{id}/receipt.pdf (and later documents): the language, by
 * default the customer's preferred one.
 */
export const DocumentQuerySchema = v.strictObject({ lang });
export type DocumentQuery = v.InferOutput<typeof DocumentQuerySchema>;

/** GET /customers/{id}/statement.pdf: the statement's period and the language. */
export const StatementDocumentQuerySchema = v.pipe(
  v.strictObject({ ...PERIOD_ENTRIES, lang }),
  v.forward(v.partialCheck([['from'], ['to']], periodInOrder, PERIOD_MESSAGES.order), ['from']),
);
export type StatementDocumentQuery = v.InferOutput<typeof StatementDocumentQuerySchema>;

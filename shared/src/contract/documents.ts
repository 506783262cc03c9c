import * as v from 'valibot';
import { CONTACT_MESSAGES, EmailListSchema } from './customers';
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

export const DOCUMENT_LINK_DAYS = { default: 7, max: 30 } as const;

export const DOCUMENT_LINK_MESSAGES = {
  days: `A link lasts 1 to ${DOCUMENT_LINK_DAYS.max} days`,
  notFound: 'This link is not valid',
  expired: 'This link has expired',
} as const;

const days = v.optional(
  v.pipe(
    v.number(DOCUMENT_LINK_MESSAGES.days),
    v.integer(DOCUMENT_LINK_MESSAGES.days),
    v.minValue(1, DOCUMENT_LINK_MESSAGES.days),
    v.maxValue(DOCUMENT_LINK_DAYS.max, DOCUMENT_LINK_MESSAGES.days),
  ),
  DOCUMENT_LINK_DAYS.default,
);

/** POST /invoices/{id}/link, /payments/{id}/receipt/link: the language, and how many days the link opens the PDF. */
export const DocumentLinkInputSchema = v.strictObject({ lang, days });
export type DocumentLinkInput = v.InferOutput<typeof DocumentLinkInputSchema>;

/** POST /customers/{id}/statement/link: the statement's period too. */
export const StatementLinkInputSchema = v.pipe(
  v.strictObject({ ...PERIOD_ENTRIES, lang, days }),
  v.forward(v.partialCheck([['from'], ['to']], periodInOrder, PERIOD_MESSAGES.order), ['from']),
);
export type StatementLinkInput = v.InferOutput<typeof StatementLinkInputSchema>;

/** A shared document's address: it opens the PDF, as it was when shared, without signing in, until `expiresAt`. */
export interface DocumentLink {
  url: string;
  expiresAt: string;
}

export const DOCUMENT_SEND_MESSAGES = {
  noEmail: 'The customer has no e-mail address: enter one',
  declined: "This customer does not accept e-mail: tick 'Accepts e-mail' on the customer to send them documents",
  language: 'Language must be English, Arabic or both',
} as const;

/**
 * POST /invoices/{id}/send, /credit-notes/{id}/send, /payments/{id}/send and
 * /customers/{id}/statement/send (its period in the query, as GET …/statement): `to` one or several
 * addresses separated by commas, by default the customer's; `language` by default the customer's.
 */
export const DocumentSendInputSchema = v.strictObject({
  to: EmailListSchema,
  language: v.optional(v.picklist(DOCUMENT_LANGUAGES, DOCUMENT_SEND_MESSAGES.language)),
});
export type DocumentSendInput = v.InferOutput<typeof DocumentSendInputSchema>;

/**
 * The Send dialog's check: the API's body with a To that is never empty (the API would send to the
 * customer's addresses instead). The area's print pages hand it to the kit's dialog, so the host,
 * which holds the kit, holds none of these messages.
 */
export const DocumentSendFormSchema = v.pipe(
  DocumentSendInputSchema,
  v.forward(
    v.check((input) => Boolean(input.to), CONTACT_MESSAGES.email),
    ['to'],
  ),
);

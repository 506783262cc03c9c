import * as v from 'valibot';
import { ListQueryEntries, statusListFilter } from './common';
import { LANGUAGES } from './languages';

// E-mail: the mail server an admin configures (PUT /settings/mail), and the outbox every message
// goes through ('Sent mail': GET /outbox). docs/api-mail.md describes the calls.

/** Where the mail server's settings are read and saved (and a test message sent, under /test). */
export const MAIL_SETTINGS_PATH = '/settings/mail';

export const MAIL_MESSAGES = {
  host: 'Mail server host is required',
  hostMax: 'Mail server host cannot exceed 253 characters',
  hostFormat: 'Enter a host name such as smtp.example.com',
  port: 'Port must be a whole number from 1 to 65535',
  secure: 'TLS must be on or off',
  userMax: 'User cannot exceed 254 characters',
  passwordMax: 'Password cannot exceed 1024 characters',
  from: 'Enter a valid sender address',
  to: 'Enter a valid email address',
  notConfigured: 'No mail server is configured: save the mail settings first',
  unreachable: 'The mail server could not be reached: {{reason}}',
  refused: 'The mail server refused the message: {{reason}}',
  notFound: 'Message not found',
  notSentYet: 'This message is still in the outbox: it will be sent or retried without a resend',
} as const;

/** What a message waiting for a mail server says (its lastError) until one is configured. */
export const NO_MAIL_SERVER = 'not sent: no mail server configured';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const email = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.maxLength(254, message), v.regex(EMAIL, message));

/** An optional text: absent leaves it as it is, null or '' clears it. */
const clearable = (max: number, message: string) =>
  v.optional(v.nullable(v.pipe(v.string(message), v.maxLength(max, message))));

/**
 * PUT /settings/mail. `password`: absent keeps the one kept, null or '' removes it; it is never
 * answered. `secure`: TLS from the first byte (port 465); off, the connection is upgraded with
 * STARTTLS when the server offers it (port 587).
 */
export const MailSettingsInputSchema = v.strictObject({
  host: v.pipe(
    v.string(MAIL_MESSAGES.host),
    v.trim(),
    v.nonEmpty(MAIL_MESSAGES.host),
    v.maxLength(253, MAIL_MESSAGES.hostMax),
    v.regex(/^[A-Za-z0-9.\-:[\]]+$/, MAIL_MESSAGES.hostFormat),
  ),
  port: v.pipe(
    v.number(MAIL_MESSAGES.port),
    v.integer(MAIL_MESSAGES.port),
    v.minValue(1, MAIL_MESSAGES.port),
    v.maxValue(65535, MAIL_MESSAGES.port),
  ),
  secure: v.boolean(MAIL_MESSAGES.secure),
  user: clearable(254, MAIL_MESSAGES.userMax),
  password: clearable(1024, MAIL_MESSAGES.passwordMax),
  from: email(MAIL_MESSAGES.from),
});
export type MailSettingsInput = v.InferOutput<typeof MailSettingsInputSchema>;

/** GET /settings/mail: the server as kept, never its password; `smtpUrl` when SMTP_URL overrides it. */
export const MailSettingsSchema = v.strictObject({
  configured: v.boolean(),
  host: v.string(),
  port: v.number(),
  secure: v.boolean(),
  user: v.nullable(v.string()),
  passwordSet: v.boolean(),
  from: v.string(),
  /** The server's SMTP_URL is set: mail goes there, whatever is kept here. */
  smtpUrl: v.boolean(),
  updatedAt: v.nullable(v.string()),
});
export type MailSettings = v.InferOutput<typeof MailSettingsSchema>;

/** POST /settings/mail/test: a test message to `to`, sent at once. */
export const MailTestSchema = v.strictObject({ to: email(MAIL_MESSAGES.to) });
export type MailTest = v.InferOutput<typeof MailTestSchema>;

/** What the mail server said to the test message. */
export const MailTestResultSchema = v.strictObject({
  /** The outbox message the test was. */
  _id: v.string(),
  messageId: v.string(),
  response: v.string(),
});
export type MailTestResult = v.InferOutput<typeof MailTestResultSchema>;

/**
 * queued: waiting for its next attempt (or for a mail server); sending: an instance holds it;
 * sent: the mail server accepted it; failed: refused for good or out of attempts (resend sends a copy).
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /outbox: newest first. `search` finds the address or the subject. */
export const OutboxListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: statusListFilter(OUTBOX_STATUSES),
});
export type OutboxListQuery = v.InferOutput<typeof OutboxListQuerySchema>;

export const OutboxAttachmentSchema = v.strictObject({
  filename: v.string(),
  contentType: v.string(),
  size: v.number(),
});
export type OutboxAttachment = v.InferOutput<typeof OutboxAttachmentSchema>;

/** One message of the outbox, as 'Sent mail' lists it: exactly these fields. */
export const OutboxMessageSchema = v.strictObject({
  _id: v.string(),
  to: v.string(),
  subject: v.string(),
  language: v.picklist(LANGUAGES),
  status: v.picklist(OUTBOX_STATUSES),
  /** Why it has not gone yet or failed: 'not sent: no mail server configured', the server's answer. */
  lastError: v.nullable(v.string()),
  attempts: v.number(),
  nextAttemptAt: v.nullable(v.string()),
  sentAt: v.nullable(v.string()),
  /** The Message-ID it carries, chosen at its first attempt and the same at every later one. */
  messageId: v.nullable(v.string()),
  relatesTo: v.nullable(v.strictObject({ kind: v.string(), id: v.string() })),
  /** The message this one is a resend of. */
  resendOf: v.nullable(v.string()),
  createdBy: v.string(),
  createdAt: v.string(),
  attachments: v.array(OutboxAttachmentSchema),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;

/** One attempt to hand a message to the mail server. */
export const OutboxAttemptSchema = v.strictObject({
  at: v.string(),
  outcome: v.picklist(['sent', 'failed', 'lost']),
  /** The server's answer (sent) or the error (failed, lost). */
  detail: v.string(),
});
export type OutboxAttempt = v.InferOutput<typeof OutboxAttemptSchema>;

/** GET /outbox/:id: the message with its texts and every attempt, oldest first. */
export const OutboxMessageDetailSchema = v.strictObject({
  ...OutboxMessageSchema.entries,
  text: v.string(),
  html: v.nullable(v.string()),
  attemptLog: v.array(OutboxAttemptSchema),
});
export type OutboxMessageDetail = v.InferOutput<typeof OutboxMessageDetailSchema>;

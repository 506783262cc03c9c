import * as v from 'valibot';
import { DayField, daySchema } from './common';
import { CUSTOMER_STATUSES, type CustomerStatus } from './customer-statuses';

// Payment reminders (dunning): the steps an admin sets (GET/PUT /settings/reminders), the texts
// they send, and a customer's promise to pay (POST /invoices/:id/promise). docs/api-reminders.md.

/** Where the reminder settings are read and kept. */
export const REMINDER_SETTINGS_PATH = '/settings/reminders';

/** The invoice's fields a template may name, as {invoiceNumber}. */
export const REMINDER_PLACEHOLDERS = [
  'invoiceNumber',
  'customerName',
  'dueDate',
  'remainingAmount',
  'totalAmount',
  'companyName',
] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

/** A step's offset from the due date: a month before it at most, a year after it at most. */
export const REMINDER_OFFSET_MIN = -30;
export const REMINDER_OFFSET_MAX = 365;
export const MAX_REMINDER_STEPS = 10;

export const REMINDER_MESSAGES = {
  enabled: 'Reminders must be on or off',
  offset: `Days from the due date must be a whole number from ${REMINDER_OFFSET_MIN} to ${REMINDER_OFFSET_MAX}`,
  statuses: 'Choose at least one customer status',
  status: 'Invalid customer status',
  stepEnabled: 'Each step must be on or off',
  steps: `At most ${MAX_REMINDER_STEPS} reminder steps`,
  duplicateOffset: 'Each step needs its own number of days: {{days}} is used twice',
  subject: 'Subject is required',
  subjectMax: 'Subject cannot exceed 200 characters',
  body: 'Message is required',
  bodyMax: 'Message cannot exceed 5000 characters',
  placeholder:
    'Unknown placeholder {{placeholder}}: use {invoiceNumber}, {customerName}, {dueDate}, {remainingAmount}, {totalAmount} or {companyName}',
  promiseDate: 'Promise date is required',
  promisePast: 'The promise date must be today or later',
  promiseNoteMax: 'Note cannot exceed 500 characters',
  promiseNotOpen: 'Only an invoice that still owes money can have a promise to pay',
  monthlyStatements: 'Monthly statements must be on or off',
} as const;

/** The first {name} in `text` that is not one of REMINDER_PLACEHOLDERS, or undefined. */
export function unknownPlaceholder(text: string): string | undefined {
  for (const [whole, name] of text.matchAll(/\{([^{}]*)\}/g))
    if (!(REMINDER_PLACEHOLDERS as readonly string[]).includes(name ?? '')) return whole;
  return undefined;
}

/** `text` with each {placeholder} replaced by its value. */
export function fillPlaceholders(text: string, values: Record<ReminderPlaceholder, string>): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    name in values ? values[name as ReminderPlaceholder] : whole,
  );
}

const templateText = (required: string, max: number, maxMessage: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, maxMessage),
    v.check(
      (text) => unknownPlaceholder(text) === undefined,
      (issue) =>
        REMINDER_MESSAGES.placeholder.replace('{{placeholder}}', unknownPlaceholder(String(issue.input)) ?? ''),
    ),
  );

const ReminderTemplateSchema = v.strictObject({
  subject: templateText(REMINDER_MESSAGES.subject, 200, REMINDER_MESSAGES.subjectMax),
  body: templateText(REMINDER_MESSAGES.body, 5000, REMINDER_MESSAGES.bodyMax),
});
export type ReminderTemplate = v.InferOutput<typeof ReminderTemplateSchema>;

/**
 * One step: sent `offsetDays` after the due date (negative: before it) to customers of the chosen
 * statuses. A step is known by its offset, so it is sent once per invoice whatever else changes.
 */
const ReminderStepSchema = v.strictObject({
  offsetDays: v.pipe(
    v.number(REMINDER_MESSAGES.offset),
    v.integer(REMINDER_MESSAGES.offset),
    v.minValue(REMINDER_OFFSET_MIN, REMINDER_MESSAGES.offset),
    v.maxValue(REMINDER_OFFSET_MAX, REMINDER_MESSAGES.offset),
  ),
  statuses: v.pipe(
    v.array(v.picklist(CUSTOMER_STATUSES, REMINDER_MESSAGES.status), REMINDER_MESSAGES.statuses),
    v.nonEmpty(REMINDER_MESSAGES.statuses),
    v.transform((statuses) => CUSTOMER_STATUSES.filter((status) => statuses.includes(status))),
  ),
  enabled: v.boolean(REMINDER_MESSAGES.stepEnabled),
});
export type ReminderStep = v.InferOutput<typeof ReminderStepSchema>;

/** The first offset two steps share, or undefined. */
function repeatedOffset(steps: { offsetDays: number }[]): number | undefined {
  const seen = new Set<number>();
  for (const { offsetDays } of steps) {
    if (seen.has(offsetDays)) return offsetDays;
    seen.add(offsetDays);
  }
  return undefined;
}

/** PUT /settings/reminders: the whole settings, replacing the ones kept. */
export const ReminderSettingsInputSchema = v.strictObject({
  /** Off: the job sends nothing; the steps and texts are kept. */
  enabled: v.boolean(REMINDER_MESSAGES.enabled),
  steps: v.pipe(
    v.array(ReminderStepSchema),
    v.maxLength(MAX_REMINDER_STEPS, REMINDER_MESSAGES.steps),
    v.check(
      (steps) => repeatedOffset(steps) === undefined,
      (issue) => REMINDER_MESSAGES.duplicateOffset.replace('{{days}}', String(repeatedOffset(issue.input))),
    ),
    // Kept and shown in the order they come due.
    v.transform((steps) => [...steps].sort((a, b) => a.offsetDays - b.offsetDays)),
  ),
  templates: v.strictObject({ en: ReminderTemplateSchema, ar: ReminderTemplateSchema }),
  /**
   * On: on each business day from the month's first, every customer who owes a balance at the end
   * of the month before and takes e-mail is sent that month's statement with its PDF, once.
   */
  monthlyStatements: v.optional(v.boolean(REMINDER_MESSAGES.monthlyStatements), false),
});
export type ReminderSettingsInput = v.InferOutput<typeof ReminderSettingsInputSchema>;

/** GET /settings/reminders. */
const KeptTemplateSchema = v.strictObject({ subject: v.string(), body: v.string() });
export const ReminderSettingsSchema = v.strictObject({
  enabled: v.boolean(),
  /** In the order they come due. */
  steps: v.array(
    v.strictObject({ offsetDays: v.number(), statuses: v.array(v.picklist(CUSTOMER_STATUSES)), enabled: v.boolean() }),
  ),
  templates: v.strictObject({ en: KeptTemplateSchema, ar: KeptTemplateSchema }),
  monthlyStatements: v.boolean(),
  /** null until an admin first saves them (the defaults are answered). */
  updatedAt: v.nullable(v.string()),
  /**
   * Who the monthly statements are drawn as (their PDFs show what this staff member may read):
   * the admin who last saved the settings with statements on; null while they are off.
   */
  statementsSentAs: v.nullable(v.string()),
});
export type ReminderSettings = v.InferOutput<typeof ReminderSettingsSchema>;

const ALL_STATUSES: CustomerStatus[] = [...CUSTOMER_STATUSES];

/**
 * What a new install has: off, with the usual five steps (3 days before the due date, on it, and
 * 7, 14 and 30 days after) for every customer status, so turning reminders on is one switch.
 */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsInput = {
  enabled: false,
  monthlyStatements: false,
  steps: [-3, 0, 7, 14, 30].map((offsetDays) => ({ offsetDays, statuses: ALL_STATUSES, enabled: true })),
  templates: {
    en: {
      subject: 'Payment reminder: invoice {invoiceNumber} due {dueDate}',
      body: 'Dear {customerName},\n\nThis is a reminder that invoice {invoiceNumber} of {totalAmount} was due on {dueDate}; {remainingAmount} remains to be paid.\n\nIf you have already paid, please disregard this message.\n\n{companyName}',
    },
    ar: {
      subject: 'تذكير بالدفع: الفاتورة {invoiceNumber} المستحقة في {dueDate}',
      body: 'عزيزنا {customerName}،\n\nنذكّركم بأن الفاتورة {invoiceNumber} بمبلغ {totalAmount} مستحقة في {dueDate}، والمتبقي منها {remainingAmount}.\n\nإذا كنتم قد سددتم المبلغ فيرجى تجاهل هذه الرسالة.\n\n{companyName}',
    },
  },
};

/** POST /invoices/:id/promise: the day the customer promised to pay by, and what they said. */
export const PromiseToPayInputSchema = v.strictObject({
  date: daySchema(REMINDER_MESSAGES.promiseDate),
  note: v.optional(
    v.pipe(v.string(REMINDER_MESSAGES.promiseNoteMax), v.trim(), v.maxLength(500, REMINDER_MESSAGES.promiseNoteMax)),
    '',
  ),
});
export type PromiseToPayInput = v.InferOutput<typeof PromiseToPayInputSchema>;

/** An invoice's promise to pay: reminders wait until the day after `date`. */
export const PromiseToPaySchema = v.strictObject({ date: DayField, note: v.nullable(v.string()) });
export type PromiseToPay = v.InferOutput<typeof PromiseToPaySchema>;

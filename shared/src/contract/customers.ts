import * as v from 'valibot';
import {
  DayField,
  daySchema,
  FilsField,
  moneySchema,
  ListQueryEntries,
  nameSchema,
  optionalNameSchema,
  optionalText,
  queryFilter,
  refSchema,
  StampEntries,
} from './common';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { CUSTOMER_STATUSES, DEFAULT_CUSTOMER_STATUS } from './customer-statuses';

const NAME_TOO_LONG = 'Name cannot exceed 100 characters';

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_PAYMENT_TERMS_DAYS = 365;
const TERMS_RANGE = `Payment terms must be between 0 and ${MAX_PAYMENT_TERMS_DAYS} days`;

/** Days a Credit invoice of the customer has until it is due: a whole number, 0–365. */
export const PaymentTermsSchema = v.pipe(
  v.number(TERMS_RANGE),
  v.integer('Payment terms must be a whole number of days'),
  v.minValue(0, TERMS_RANGE),
  v.maxValue(MAX_PAYMENT_TERMS_DAYS, TERMS_RANGE),
);

export const CONTACT_MESSAGES = {
  email: 'Enter e-mail addresses like name@example.com, separated by commas',
  emailMax: 'E-mail addresses cannot exceed 320 characters',
  mobile: 'Mobile must be digits, spaces or dashes, with an optional + and country code, e.g. +965 5555 1234',
  address: 'Address cannot exceed 500 characters',
  idNumber: 'Civil ID or CR number must be letters, digits or dashes, at most 30',
} as const;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * The customer's e-mail addresses, one or several separated by commas (or semicolons, as mail
 * programs copy them): kept as 'a@x.com, b@y.com'; none is null.
 */
export const EmailListSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(CONTACT_MESSAGES.email),
      v.trim(),
      v.maxLength(320, CONTACT_MESSAGES.emailMax),
      v.transform((text) =>
        text
          .split(/[,;]/)
          .map((address) => address.trim())
          .filter(Boolean),
      ),
      v.check((addresses) => addresses.every((address) => EMAIL.test(address)), CONTACT_MESSAGES.email),
      v.transform((addresses) => (addresses.length ? addresses.join(', ') : null)),
    ),
  ),
);

/** The addresses of an EmailListSchema value, for a mail's To. */
export const emailAddresses = (emails: string | null): string[] => (emails ? emails.split(', ') : []);

export const CREDIT_MESSAGES = {
  limit: 'Credit limit must be an amount such as 5000.000',
  negative: 'Credit limit cannot be negative',
  overdueDays: 'Maximum overdue days must be a whole number of days',
  overdueRange: 'Maximum overdue days must be between 0 and 3650',
} as const;

/** Why a Credit invoice is refused by its customer's credit (filled by fillMessage). */
export const CREDIT_REFUSALS = {
  limit: 'Credit limit {{limit}}: this invoice would bring {{customer}} to {{exposure}}',
  overdue:
    'Invoice {{invoice}} of {{customer}} is {{days}} days overdue: new Credit invoices wait until it is paid (at most {{allowed}} days allowed)',
} as const;

/**
 * Credit control: the most the customer may owe (fils, or KD text with at most 3 decimals) and how
 * many days past its due date an invoice may be before new Credit invoices are refused. Null or
 * absent: no limit, no rule.
 */
const creditEntries = {
  creditLimit: v.optional(v.nullable(moneySchema(CREDIT_MESSAGES.limit, 0, CREDIT_MESSAGES.negative)), null),
  maxOverdueDays: v.optional(
    v.nullable(
      v.pipe(
        v.number(CREDIT_MESSAGES.overdueDays),
        v.integer(CREDIT_MESSAGES.overdueDays),
        v.minValue(0, CREDIT_MESSAGES.overdueRange),
        v.maxValue(3650, CREDIT_MESSAGES.overdueRange),
      ),
    ),
    null,
  ),
};

/** POST /customers and PUT /customers/{id}; references go in as ids. */
export const CustomerInputSchema = v.strictObject({
  customerName: nameSchema({ required: 'Customer name is required', max: NAME_TOO_LONG }),
  customerAlternateName: optionalNameSchema(NAME_TOO_LONG),
  customerOldName: optionalNameSchema(NAME_TOO_LONG),
  customerNewName: optionalNameSchema(NAME_TOO_LONG),
  dateOfCreation: daySchema('Date of creation is required'),
  customerKind: refSchema('Customer kind is required'),
  customerNationality: refSchema('Customer nationality is required'),
  customerCity: refSchema('Customer city is required'),
  /** Kept with the customer; the form has no input for it. */
  cityLocated: optionalNameSchema('City located cannot exceed 100 characters'),
  status: v.optional(v.picklist(CUSTOMER_STATUSES, 'Status is required'), DEFAULT_CUSTOMER_STATUS),
  paymentTermsDays: v.optional(PaymentTermsSchema, DEFAULT_PAYMENT_TERMS_DAYS),
  /** The language the customer's invoices and statements are printed in by default. */
  preferredLanguage: v.optional(
    v.picklist(LANGUAGES, 'Preferred language must be English or Arabic'),
    DEFAULT_LANGUAGE,
  ),
  /** Contacts, printed on the customer's documents and statements. */
  email: EmailListSchema,
  mobile: v.optional(
    v.nullable(
      v.pipe(
        v.string(CONTACT_MESSAGES.mobile),
        v.trim(),
        v.regex(/^$|^\+?[0-9][0-9 -]{5,18}[0-9]$/, CONTACT_MESSAGES.mobile),
      ),
    ),
  ),
  address: optionalText(500, CONTACT_MESSAGES.address),
  /** Civil ID of a person or commercial registration number of a company. */
  idNumber: v.optional(
    v.nullable(
      v.pipe(
        v.string(CONTACT_MESSAGES.idNumber),
        v.trim(),
        v.regex(/^[\p{L}\p{N}-]{0,30}$/u, CONTACT_MESSAGES.idNumber),
      ),
    ),
  ),
  /** Whether documents and reminders may be sent to the customer's e-mail. */
  acceptsEmail: v.optional(v.boolean('Accepts e-mail must be true or false'), true),
  /** Whether the reminders job writes to this customer about their unpaid invoices (docs/api-reminders.md). */
  sendReminders: v.optional(v.boolean('Send payment reminders must be on or off'), true),
  ...creditEntries,
});
export type CustomerInput = v.InferOutput<typeof CustomerInputSchema>;

/** GET /customers: page, limit, search (all four names), status and the three lookups. */
export const CustomerListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: queryFilter(v.picklist(CUSTOMER_STATUSES, 'Invalid status')),
  customerKind: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer kind'), v.toLowerCase())),
  customerNationality: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer nationality'), v.toLowerCase())),
  customerCity: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer city'), v.toLowerCase())),
  ...sortEntries(LIST_SORTS.customers),
});
export type CustomerListQuery = v.InferOutput<typeof CustomerListQuerySchema>;

/** A customer as the API answers it: exactly these fields, its kind, nationality and city named. */
export const CustomerSchema = v.strictObject({
  ...StampEntries,
  customerName: v.string(),
  customerAlternateName: v.nullable(v.string()),
  customerOldName: v.nullable(v.string()),
  customerNewName: v.nullable(v.string()),
  dateOfCreation: DayField,
  customerKind: v.strictObject({ _id: v.string(), kindName: v.string() }),
  customerNationality: v.strictObject({ _id: v.string(), nationalityName: v.string() }),
  customerCity: v.strictObject({ _id: v.string(), cityName: v.string() }),
  cityLocated: v.nullable(v.string()),
  status: v.picklist(CUSTOMER_STATUSES),
  /** Days after a Credit invoice's date until it is due. */
  paymentTermsDays: v.number(),
  /** The language of the customer's printed documents unless staff pick another on the print view. */
  preferredLanguage: v.picklist(LANGUAGES),
  /** 'a@x.com, b@y.com', or null. */
  email: v.nullable(v.string()),
  mobile: v.nullable(v.string()),
  address: v.nullable(v.string()),
  /** Civil ID or commercial registration number. */
  idNumber: v.nullable(v.string()),
  acceptsEmail: v.boolean(),
  sendReminders: v.boolean(),
  /** The most the customer may owe (exposure, see CreditPosition); null: no limit. */
  creditLimit: v.nullable(FilsField),
  /** Days past due an invoice may be before new Credit invoices are refused; null: no rule. */
  maxOverdueDays: v.nullable(v.number()),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

/**
 * GET /customers/{id}/credit, and each row of the aging report: the customer's credit now.
 * exposure = what their invoices still owe − their advance balance; a post-dated cheque in hand is
 * in it once, in the invoices it is meant for (docs/decisions.md, "Credit limits").
 */
export const CreditPositionSchema = v.strictObject({
  creditLimit: v.nullable(FilsField),
  maxOverdueDays: v.nullable(v.number()),
  exposure: FilsField,
  /** creditLimit − exposure (negative when over it); null without a limit. */
  headroom: v.nullable(FilsField),
});
export type CreditPosition = v.InferOutput<typeof CreditPositionSchema>;

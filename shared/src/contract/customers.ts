import * as v from 'valibot';
import type { Day } from '../dates';
import { daySchema, ListQueryEntries, nameSchema, optionalNameSchema, queryFilter, refSchema } from './common';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import type { CustomerCity, CustomerKind, CustomerNationality } from './lookups';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';

export const CUSTOMER_STATUSES = ['high', 'medium', 'low'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const DEFAULT_CUSTOMER_STATUS: CustomerStatus = 'medium';

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

export interface Customer {
  _id: string;
  customerName: string;
  customerAlternateName: string | null;
  customerOldName: string | null;
  customerNewName: string | null;
  dateOfCreation: Day;
  customerKind: Pick<CustomerKind, '_id' | 'kindName'>;
  customerNationality: Pick<CustomerNationality, '_id' | 'nationalityName'>;
  customerCity: Pick<CustomerCity, '_id' | 'cityName'>;
  cityLocated: string | null;
  status: CustomerStatus;
  /** Days after a Credit invoice's date until it is due. */
  paymentTermsDays: number;
  /** The language of the customer's printed documents unless staff pick another on the print view. */
  preferredLanguage: Language;
  createdAt: string;
  updatedAt: string;
}

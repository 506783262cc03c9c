import * as v from 'valibot';
import {
  CUSTOMER_STATUSES,
  CustomerInputSchema,
  DEFAULT_CUSTOMER_STATUS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  DEFAULT_PAYMENT_TERMS_DAYS,
  type Customer,
  type CustomerInput,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import { emptyToNull, formSchema, type Option, type ResourceFormConfig } from '@admin/shared/ui-kit';
import type { Translate } from '../i18n';
import { CustomerCredit } from './customer-credit';

/** What the dialog edits: the request's fields, with the date as the day typed ('YYYY-MM-DD'). */
export type CustomerFormValues = v.InferInput<typeof CustomerInputSchema>;

/** The customer statuses as choices, in the active language. */
export const statusOptions = (t: Translate): Option[] =>
  CUSTOMER_STATUSES.map((status) => ({ value: status, label: t(`customers.status.${status}`) }));

export interface CustomerChoices {
  kinds: Option[];
  nationalities: Option[];
  cities: Option[];
}

const choose = (prompt: string, options: Option[]): Option[] => [{ value: '', label: prompt }, ...options];

/** The request: the day goes as UTC midnight (the contract's), an empty optional name as null, so clearing one on edit removes it. */
const customerSchema = formSchema(
  (values: CustomerFormValues) => ({
    ...values,
    customerAlternateName: emptyToNull(values.customerAlternateName),
    customerOldName: emptyToNull(values.customerOldName),
    customerNewName: emptyToNull(values.customerNewName),
    cityLocated: emptyToNull(values.cityLocated),
    email: emptyToNull(values.email),
    mobile: emptyToNull(values.mobile),
    address: emptyToNull(values.address),
    idNumber: emptyToNull(values.idNumber),
    // An emptied number box reads NaN: no rule.
    maxOverdueDays: Number.isNaN(values.maxOverdueDays) ? null : values.maxOverdueDays,
  }),
  CustomerInputSchema,
);

/** The add/edit dialog of a customer; `t` gives its texts in the active language. */
export function customerForm(
  choices: CustomerChoices,
  t: Translate,
): ResourceFormConfig<Customer, CustomerFormValues, CustomerInput> {
  return {
    titles: { create: t('customers.dialog.create'), edit: t('customers.dialog.edit') },
    schema: customerSchema,
    empty: () => ({
      customerName: '',
      customerAlternateName: '',
      customerOldName: '',
      customerNewName: '',
      dateOfCreation: businessToday(),
      customerKind: '',
      customerNationality: '',
      customerCity: '',
      cityLocated: '',
      status: DEFAULT_CUSTOMER_STATUS,
      paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
      preferredLanguage: DEFAULT_LANGUAGE,
      email: '',
      mobile: '',
      address: '',
      idNumber: '',
      acceptsEmail: true,
      sendReminders: true,
      creditLimit: null,
      maxOverdueDays: null,
    }),
    fromRow: (row) => ({
      customerName: row.customerName,
      customerAlternateName: row.customerAlternateName ?? '',
      customerOldName: row.customerOldName ?? '',
      customerNewName: row.customerNewName ?? '',
      dateOfCreation: row.dateOfCreation ? toDay(row.dateOfCreation) : businessToday(),
      customerKind: row.customerKind?._id ?? '',
      customerNationality: row.customerNationality?._id ?? '',
      customerCity: row.customerCity?._id ?? '',
      cityLocated: row.cityLocated ?? '',
      status: row.status ?? DEFAULT_CUSTOMER_STATUS,
      paymentTermsDays: row.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
      preferredLanguage: row.preferredLanguage ?? DEFAULT_LANGUAGE,
      email: row.email ?? '',
      mobile: row.mobile ?? '',
      address: row.address ?? '',
      idNumber: row.idNumber ?? '',
      acceptsEmail: row.acceptsEmail ?? true,
      sendReminders: row.sendReminders ?? true,
      creditLimit: row.creditLimit ?? null,
      maxOverdueDays: row.maxOverdueDays ?? null,
    }),
    fields: [
      { name: 'customerName', label: t('customers.fields.customerName'), required: true },
      { name: 'customerAlternateName', label: t('customers.fields.alternateName') },
      { name: 'customerOldName', label: t('customers.fields.oldName') },
      { name: 'customerNewName', label: t('customers.fields.newName') },
      { name: 'dateOfCreation', label: t('customers.fields.dateOfCreation'), kind: 'date', required: true },
      {
        name: 'customerKind',
        label: t('customers.fields.kind'),
        kind: 'select',
        required: true,
        options: choose(t('customers.fields.selectKind'), choices.kinds),
      },
      {
        name: 'customerNationality',
        label: t('customers.fields.nationality'),
        kind: 'select',
        required: true,
        options: choose(t('customers.fields.selectNationality'), choices.nationalities),
      },
      {
        name: 'customerCity',
        label: t('customers.fields.city'),
        kind: 'select',
        required: true,
        options: choose(t('customers.fields.selectCity'), choices.cities),
      },
      {
        name: 'status',
        label: t('customers.fields.status'),
        kind: 'select',
        required: true,
        options: statusOptions(t),
      },
      {
        name: 'paymentTermsDays',
        label: t('customers.fields.paymentTerms'),
        kind: 'number',
        required: true,
        hint: t('customers.fields.paymentTermsHint'),
      },
      {
        name: 'preferredLanguage',
        label: t('customers.fields.preferredLanguage'),
        kind: 'select',
        options: LANGUAGES.map((language) => ({ value: language, label: t(`customers.fields.language.${language}`) })),
        hint: t('customers.fields.preferredLanguageHint'),
      },
      {
        name: 'email',
        label: t('customers.fields.email'),
        kind: 'email',
        hint: t('customers.fields.emailHint'),
      },
      { name: 'mobile', label: t('customers.fields.mobile'), kind: 'tel' },
      { name: 'idNumber', label: t('customers.fields.idNumber') },
      { name: 'acceptsEmail', label: t('customers.fields.acceptsEmail'), kind: 'switch' },
      { name: 'sendReminders', label: t('customers.fields.sendReminders'), kind: 'switch' },
      { name: 'address', label: t('customers.fields.address'), kind: 'textarea' },
      {
        name: 'creditLimit',
        label: t('customers.fields.creditLimit'),
        kind: 'money',
        hint: t('customers.fields.creditLimitHint'),
      },
      {
        name: 'maxOverdueDays',
        label: t('customers.fields.maxOverdueDays'),
        kind: 'number',
        hint: t('customers.fields.maxOverdueDaysHint'),
      },
    ],
    // Editing a customer shows where their credit stands now, beside the limit being set.
    children: (_form, row) => row && <CustomerCredit customerId={row._id} />,
  };
}

import * as v from 'valibot';
import {
  CUSTOMER_STATUSES,
  CustomerInputSchema,
  DEFAULT_CUSTOMER_STATUS,
  DEFAULT_PAYMENT_TERMS_DAYS,
  type Customer,
  type CustomerInput,
} from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight, toDay } from '@admin/shared/dates';
import type { Option, ResourceFormConfig } from '@admin/shared/ui-kit';

/** What the dialog edits: the request's fields, with the date as the day typed ('YYYY-MM-DD'). */
export type CustomerFormValues = v.InferInput<typeof CustomerInputSchema>;

export const STATUS_OPTIONS: Option[] = CUSTOMER_STATUSES.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));

export interface CustomerChoices {
  kinds: Option[];
  nationalities: Option[];
  cities: Option[];
}

const choose = (what: string, options: Option[]): Option[] => [{ value: '', label: `Select ${what}` }, ...options];

/** Empty optional names are sent as null, so clearing one on edit removes it. */
const orNull = (name: string | null | undefined) => (name ? name : null);

export function customerForm(choices: CustomerChoices): ResourceFormConfig<Customer, CustomerFormValues, CustomerInput, CustomerInput> {
  return {
    titles: { create: 'Add New Customer', edit: 'Edit Customer' },
    schema: CustomerInputSchema,
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
    }),
    toInput: (values) => ({
      ...values,
      customerAlternateName: orNull(values.customerAlternateName),
      customerOldName: orNull(values.customerOldName),
      customerNewName: orNull(values.customerNewName),
      cityLocated: orNull(values.cityLocated),
      dateOfCreation: dayToUtcMidnight(toDay(values.dateOfCreation)),
    }),
    fields: [
      { name: 'customerName', label: 'Customer Name', required: true },
      { name: 'customerAlternateName', label: 'Alternate Name' },
      { name: 'customerOldName', label: 'Old Name' },
      { name: 'customerNewName', label: 'New Name' },
      { name: 'dateOfCreation', label: 'Date of Creation', kind: 'date', required: true },
      { name: 'customerKind', label: 'Customer Kind', kind: 'select', required: true, options: choose('kind', choices.kinds) },
      {
        name: 'customerNationality',
        label: 'Customer Nationality',
        kind: 'select',
        required: true,
        options: choose('nationality', choices.nationalities),
      },
      { name: 'customerCity', label: 'Customer City', kind: 'select', required: true, options: choose('city', choices.cities) },
      { name: 'status', label: 'Status', kind: 'select', required: true, options: STATUS_OPTIONS },
      {
        name: 'paymentTermsDays',
        label: 'Payment terms (days)',
        kind: 'number',
        required: true,
        hint: 'Credit invoices are due this many days after their date.',
      },
    ],
  };
}

import * as v from 'valibot';
import {
  DEFAULT_INVOICE_STATUS,
  INVOICE_STATUSES,
  InvoiceInputSchema,
  STAFF_INVOICE_STATUSES,
  type Invoice,
  type InvoiceInput,
  type InvoiceStatus,
} from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight, isDay, toDay } from '@admin/shared/dates';
import { FormField, SimpleGrid, Stack, Text } from '@admin/shared/ui';
import {
  ConfiguredField,
  Controller,
  CustomerPicker,
  NativeSelect,
  useWatch,
  type UseFormReturn,
  type Option,
  type ResourceFormConfig,
} from '@admin/shared/ui-kit';
import { LinesEditor } from '../lines/lines-editor';
import { emptyLine, linesFromRecord, linesInput, optionalText, type LinesFormValues } from '../lines/line-values';

/** What the invoice dialog edits; turned into the request by the same schema the API validates with. */
export interface InvoiceFormValues extends LinesFormValues {
  customer: string;
  /** Shown in the customer box; not sent. */
  customerName: string;
  /** The day typed, 'YYYY-MM-DD'. */
  dateOfCreation: string;
  /** 'true' Credit, 'false' Cash: the values of the list's Payment Type filter too. */
  credit: 'true' | 'false';
  manualInvoiceNumber: string;
  referenceNumber: string;
  notes: string;
  status: InvoiceStatus;
}

const titleCase = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
export const INVOICE_STATUS_OPTIONS: Option[] = INVOICE_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));
export const PAYMENT_TYPE_OPTIONS: Option[] = [
  { value: 'true', label: 'Credit' },
  { value: 'false', label: 'Cash' },
];

/** The request body: dates as UTC midnight, empty optional texts left out, and 'paid' (the system's) not sent. */
export function toInvoiceInput(values: InvoiceFormValues) {
  return {
    customer: values.customer,
    dateOfCreation: isDay(values.dateOfCreation) ? dayToUtcMidnight(values.dateOfCreation) : values.dateOfCreation,
    credit: values.credit === 'true',
    manualInvoiceNumber: optionalText(values.manualInvoiceNumber),
    referenceNumber: optionalText(values.referenceNumber),
    notes: optionalText(values.notes),
    status: values.status === 'paid' ? undefined : values.status,
    ...linesInput(values.products),
  };
}

/** The contract's InvoiceInputSchema applied to the dialog's values: its messages land under the matching fields. */
export const invoiceFormSchema = v.pipe(
  v.custom<InvoiceFormValues>(() => true),
  v.transform((values) => toInvoiceInput(values) as v.InferInput<typeof InvoiceInputSchema>),
  InvoiceInputSchema,
);

export const invoiceForm: ResourceFormConfig<Invoice, InvoiceFormValues, InvoiceInput, InvoiceInput> = {
  titles: { create: 'Add New Invoice', edit: 'Edit Invoice' },
  schema: invoiceFormSchema,
  size: 'xl',
  empty: () => ({
    customer: '',
    customerName: '',
    dateOfCreation: businessToday(),
    credit: 'true',
    manualInvoiceNumber: '',
    referenceNumber: '',
    notes: '',
    status: DEFAULT_INVOICE_STATUS,
    products: [emptyLine()],
  }),
  fromRow: (row) => ({
    customer: row.customer._id,
    customerName: row.customer.customerName,
    dateOfCreation: toDay(row.dateOfCreation),
    credit: row.credit ? 'true' : 'false',
    manualInvoiceNumber: row.manualInvoiceNumber ?? '',
    referenceNumber: row.referenceNumber ?? '',
    notes: row.notes ?? '',
    status: row.status,
    products: linesFromRecord(row.products),
  }),
  toInput: (input) => input,
  children: (form, row) => <InvoiceFields form={form} row={row} />,
};

function InvoiceFields({ form, row }: { form: UseFormReturn<InvoiceFormValues>; row: Invoice | null }) {
  const credit = useWatch({ control: form.control, name: 'credit' });
  const customerName = useWatch({ control: form.control, name: 'customerName' });
  // Paid belongs to the system: it is offered only to show an invoice that is paid already.
  const statuses = row?.status === 'paid' ? INVOICE_STATUSES : STAFF_INVOICE_STATUSES;
  const cashOnCreate = !row && credit === 'false';
  const errors = form.formState.errors;

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Customer" required error={errors.customer?.message}>
          <Controller
            control={form.control}
            name="customer"
            render={({ field }) => (
              <CustomerPicker
                name={field.name}
                value={field.value}
                valueLabel={customerName}
                invalid={Boolean(errors.customer)}
                onBlur={field.onBlur}
                onChange={(customer) => {
                  form.setValue('customerName', customer?.customerName ?? '');
                  field.onChange(customer?._id ?? '');
                }}
              />
            )}
          />
        </FormField>
        <ConfiguredField form={form} field={{ name: 'dateOfCreation', label: 'Date', kind: 'date', required: true }} />
        <FormField label="Payment Type" error={errors.credit?.message} disabled={Boolean(row)}>
          <Controller
            control={form.control}
            name="credit"
            render={({ field }) => (
              <NativeSelect.Root>
                <NativeSelect.Field name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  {PAYMENT_TYPE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          />
          {row && (
            <Text fontSize="xs" color="fg.muted">
              The payment type cannot change after the invoice is created.
            </Text>
          )}
        </FormField>
        <FormField label="Status" error={errors.status?.message} disabled={cashOnCreate}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <NativeSelect.Root>
                <NativeSelect.Field name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  {INVOICE_STATUS_OPTIONS.filter((o) => (statuses as readonly string[]).includes(o.value)).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          />
          {cashOnCreate && (
            <Text fontSize="xs" color="fg.muted">
              A Cash invoice is paid in full when it is created.
            </Text>
          )}
        </FormField>
        <ConfiguredField form={form} field={{ name: 'manualInvoiceNumber', label: 'Manual Invoice #', placeholder: 'Automatic when empty' }} />
        <ConfiguredField form={form} field={{ name: 'referenceNumber', label: 'Reference #' }} />
      </SimpleGrid>
      {/* The editor needs only the lines; the invoice's other fields are invisible to it. */}
      <LinesEditor form={form as unknown as UseFormReturn<LinesFormValues>} />
      <ConfiguredField form={form} field={{ name: 'notes', label: 'Notes', kind: 'textarea' }} />
    </Stack>
  );
}

import {
  DEFAULT_INVOICE_STATUS,
  INVOICE_STATUSES,
  InvoiceInputSchema,
  STAFF_INVOICE_STATUSES,
  type CreditNote,
  type Invoice,
  type InvoiceInput,
  type InvoiceStatus,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { useEffect, useState } from 'react';
import { Alert, Stack, Text } from '@admin/shared/ui';
import {
  CustomerField,
  FieldGrid,
  emptyToAbsent,
  formSchema,
  useAllowed,
  useStatusLabel,
  useWatch,
  type UseFormReturn,
  type Option,
  type ResourceFormConfig,
} from '@admin/shared/ui-kit';
import { SALES_NAMESPACE, salesText } from '../../i18n';
import { LinesAndNotes } from '../lines/lines-and-notes';
import { emptyLines, linesFromRecord, linesInput, type LinesFormValues } from '../lines/line-values';

/** What the invoice dialog edits; turned into the request by the same schema the API validates with. */
export interface InvoiceFormValues extends LinesFormValues {
  customer: string;
  /** Shown in the customer box; not sent. */
  customerName: string;
  /** The day typed, 'YYYY-MM-DD'. */
  dateOfCreation: string;
  /** Credit invoices: the day typed, or '' for the customer's payment terms. */
  dueDate: string;
  /** 'true' Credit, 'false' Cash: the values of the list's Payment Type filter too. */
  credit: 'true' | 'false';
  manualInvoiceNumber: string;
  referenceNumber: string;
  notes: string;
  status: InvoiceStatus;
  /** A new debit note: the credit note it corrects ('' for an invoice); the link is never edited. */
  debitNoteFor: string;
  /** Shown above the fields of a debit note; not sent. */
  debitNoteNumber: string;
  /** Sent only with a reason: issuing over the customer's credit limit (accountants, admins). */
  override: { reason: string };
}

/** The statuses and payment types (the values of the list's filters too) in the active language. */
export function useInvoiceOptions(): { statusOptions: Option[]; paymentTypeOptions: Option[] } {
  const t = useT(SALES_NAMESPACE);
  const statusLabel = useStatusLabel();
  return {
    statusOptions: INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
    paymentTypeOptions: [
      { value: 'true', label: t('paymentType.credit') },
      { value: 'false', label: t('paymentType.cash') },
    ],
  };
}

/**
 * The request body, checked by the contract's InvoiceInputSchema (its messages land under the
 * matching fields; days go as UTC midnight): empty optional texts left out, and 'paid' (the
 * system's) not sent. A Credit invoice without a due date is due by the customer's terms (null);
 * a Cash one sends none, as it is due on its date.
 */
export const invoiceFormSchema = formSchema((values: InvoiceFormValues) => {
  const credit = values.credit === 'true';
  return {
    customer: values.customer,
    dateOfCreation: values.dateOfCreation,
    ...(credit ? { dueDate: values.dueDate || null } : {}),
    credit,
    manualInvoiceNumber: emptyToAbsent(values.manualInvoiceNumber),
    referenceNumber: emptyToAbsent(values.referenceNumber),
    notes: emptyToAbsent(values.notes),
    status: values.status === 'paid' ? undefined : values.status,
    ...(values.debitNoteFor ? { debitNoteFor: values.debitNoteFor } : {}),
    ...(values.override.reason.trim() ? { override: values.override } : {}),
    ...linesInput(values),
  };
}, InvoiceInputSchema);

export const invoiceForm: ResourceFormConfig<Invoice, InvoiceFormValues, InvoiceInput> = {
  // Read as the dialog renders, so they are in the language of the moment.
  get titles() {
    return { create: salesText('invoices.addTitle'), edit: salesText('invoices.editTitle') };
  },
  schema: invoiceFormSchema,
  size: 'xl',
  empty: () => ({
    customer: '',
    customerName: '',
    dateOfCreation: businessToday(),
    dueDate: '',
    credit: 'true',
    manualInvoiceNumber: '',
    referenceNumber: '',
    notes: '',
    status: DEFAULT_INVOICE_STATUS,
    debitNoteFor: '',
    debitNoteNumber: '',
    override: { reason: '' },
    ...emptyLines(),
  }),
  fromRow: (row) => ({
    customer: row.customer._id,
    customerName: row.customer.customerName,
    dateOfCreation: toDay(row.dateOfCreation),
    dueDate: toDay(row.dueDate),
    credit: row.credit ? 'true' : 'false',
    manualInvoiceNumber: row.manualInvoiceNumber ?? '',
    referenceNumber: row.referenceNumber ?? '',
    notes: row.notes ?? '',
    status: row.status,
    debitNoteFor: '',
    debitNoteNumber: row.debitNoteFor?.creditNoteNumber ?? '',
    override: { reason: '' },
    ...linesFromRecord(row),
  }),
  children: (form, row) => <InvoiceFields form={form} row={row} />,
};

/**
 * A new debit note correcting `note`: an invoice to its customer, billing again what the credit
 * note took back (its lines at their credited worth; an amount's credit note starts from an empty line).
 */
export function debitNoteValues(note: CreditNote): InvoiceFormValues {
  return {
    ...invoiceForm.empty(),
    customer: note.customer._id,
    customerName: note.customer.customerName,
    debitNoteFor: note._id,
    debitNoteNumber: note.creditNoteNumber,
    ...linesFromRecord({ products: note.lines }),
  };
}

function InvoiceFields({
  form,
  row,
}: {
  form: UseFormReturn<InvoiceFormValues, unknown, InvoiceInput>;
  row: Invoice | null;
}) {
  const t = useT(SALES_NAMESPACE);
  const { statusOptions, paymentTypeOptions } = useInvoiceOptions();
  const credit = useWatch({ control: form.control, name: 'credit' });
  // Paid belongs to the system: it is offered only to show an invoice that is paid already.
  const statuses = row?.status === 'paid' ? INVOICE_STATUSES : STAFF_INVOICE_STATUSES;
  const cashOnCreate = !row && credit === 'false';
  const debitNoteNumber = form.getValues('debitNoteNumber');
  const mayOverride = useAllowed('invoices.overrideCreditLimit');
  // The API's refusal for the customer's credit (errors.override), kept once shown: typing the
  // reason re-validates the form, which would otherwise clear it and hide the reason's box.
  const refusal = form.formState.errors.override?.message;
  const [refused, setRefused] = useState<string>();
  useEffect(() => {
    if (refusal) setRefused(refusal);
  }, [refusal]);

  return (
    <Stack gap="4">
      {debitNoteNumber && <Text>{t('invoices.debitNoteFor', { number: debitNoteNumber })}</Text>}
      <FieldGrid
        form={form}
        fields={[
          <CustomerField keepName />,
          { name: 'dateOfCreation', label: t('fields.date'), kind: 'date', required: true },
          {
            name: 'credit',
            label: t('fields.paymentType'),
            kind: 'select',
            options: paymentTypeOptions,
            disabled: Boolean(row),
            hint: row && t('invoices.hints.paymentTypeFixed'),
          },
          {
            name: 'dueDate',
            label: t('fields.dueDate'),
            kind: 'date',
            disabled: credit === 'false',
            hint: credit === 'false' ? t('invoices.hints.cashDue') : t('invoices.hints.creditDue'),
          },
          {
            name: 'status',
            label: t('fields.status'),
            kind: 'select',
            options: statusOptions.filter((o) => (statuses as readonly string[]).includes(o.value)),
            disabled: cashOnCreate,
            hint: cashOnCreate && t('invoices.hints.cashPaid'),
          },
          {
            name: 'manualInvoiceNumber',
            label: t('fields.manualInvoiceNumber'),
            placeholder: t('fields.manualInvoiceNumberPlaceholder'),
          },
          { name: 'referenceNumber', label: t('fields.referenceNumber') },
        ]}
      />
      <LinesAndNotes />
      {refused && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{refused}</Alert.Title>
        </Alert.Root>
      )}
      {refused && mayOverride && (
        <FieldGrid
          form={form}
          fields={[
            {
              name: 'override.reason',
              label: t('invoices.overrideReason'),
              required: true,
              hint: t('invoices.overrideHint'),
            },
          ]}
        />
      )}
    </Stack>
  );
}

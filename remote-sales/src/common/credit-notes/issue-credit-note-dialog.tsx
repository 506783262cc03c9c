import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { isApprovalRequest, type Invoice } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { fils, formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Alert, Text, notifySuccess } from '@admin/shared/ui';
import {
  ConfiguredField,
  CustomerField,
  DataTable,
  DialogFormBody,
  DialogShell,
  Fact,
  MoneyText,
  useIdempotencyKey,
  useSchemaForm,
  useWatch,
  type Column,
  type UseFormReturn,
} from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../../i18n';
import { customerInvoicesQuery, invoiceCreditNotesQuery, invoiceRecordQuery, issueCreditNote } from './api';
import {
  creditLines,
  creditNoteSchema,
  creditPricing,
  creditTotal,
  emptyCreditNote,
  ISSUED_REASONS,
  type CreditLine,
  type CreditNoteValues,
} from './credit-note-form';

/** Only billed invoices can be credited: not drafts, not cancelled ones. */
const creditable = (invoice: Invoice) => invoice.status !== 'draft' && invoice.status !== 'cancelled';

export interface IssueCreditNoteDialogProps {
  open: boolean;
  /** Started from an invoice's row: its customer and it are chosen already. */
  invoice?: Invoice;
  onClose: () => void;
}

/** 'Issue Credit Note': against one invoice, for some of its lines or for an amount. */
export function IssueCreditNoteDialog({ open, invoice, onClose }: IssueCreditNoteDialogProps) {
  const t = useT(SALES_NAMESPACE);
  return (
    <DialogShell
      open={open}
      title={invoice ? t('creditNotes.issueFor', { number: invoice.invoiceNumber }) : t('creditNotes.issue')}
      onClose={onClose}
      size="lg"
      closeOnInteractOutside={false}
    >
      {/* Mounted only while open, so every opening starts afresh. */}
      {open && <IssueCreditNoteForm invoice={invoice} onClose={onClose} />}
    </DialogShell>
  );
}

function IssueCreditNoteForm({ invoice, onClose }: { invoice?: Invoice; onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  const form = useSchemaForm(creditNoteSchema, emptyCreditNote(invoice));
  const keyFor = useIdempotencyKey();
  const [customer, invoiceId, by] = useWatch({ control: form.control, name: ['customer', 'invoice', 'by'] });
  const invoices = useQuery({ ...customerInvoicesQuery(customer), enabled: Boolean(customer) && !invoice });
  const chosen = useQuery({ ...invoiceRecordQuery(invoiceId), enabled: Boolean(invoiceId) });
  const earlier = useQuery({ ...invoiceCreditNotesQuery(invoiceId), enabled: Boolean(invoiceId) });

  // The chosen invoice's lines, each with what is left of it, once both are known.
  const { setValue } = form;
  useEffect(() => {
    if (!chosen.data || !earlier.data) return;
    const pricing = creditPricing(chosen.data, earlier.data);
    setValue('pricing', pricing);
    setValue('lines', creditLines(chosen.data, pricing));
  }, [chosen.data, earlier.data, setValue]);

  const invoiceOptions = [
    { value: '', label: t('creditNotes.selectInvoice') },
    ...(invoices.data ?? []).filter(creditable).map((i) => ({
      value: i._id,
      label: t('creditNotes.invoiceOption', {
        number: i.invoiceNumber,
        date: formatDay(i.dateOfCreation),
        total: formatKd(i.totalAmount),
      }),
    })),
  ];

  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={t('creditNotes.issueSubmit')}
      onClose={onClose}
      onSubmit={async (body) => {
        const note = await issueCreditNote(body, keyFor(body), t('creditNotes.issueFailed'));
        notifySuccess(
          isApprovalRequest(note)
            ? t('creditNotes.waits', { amount: formatKd(note.amount) })
            : t('creditNotes.issued', { number: note.creditNoteNumber, invoice: note.invoice.invoiceNumber }),
        );
      }}
    >
      {invoice ? (
        <Text>
          {t('creditNotes.forInvoice', { number: invoice.invoiceNumber, customer: invoice.customer.customerName })}
        </Text>
      ) : (
        <>
          <CustomerField onChange={(id, previousId) => id !== previousId && form.setValue('invoice', '')} />
          <ConfiguredField
            form={form}
            field={{
              name: 'invoice',
              label: t('creditNotes.fields.invoice'),
              kind: 'select',
              required: true,
              options: invoiceOptions,
              disabled: !customer,
            }}
          />
        </>
      )}
      {chosen.data && (
        <>
          <Fact label={t('creditNotes.invoiceTotal')}>
            <MoneyText fils={chosen.data.totalAmount} dir="ltr" />
          </Fact>
          <Fact label={t('creditNotes.notYetCredited')}>
            <MoneyText fils={fils(chosen.data.totalAmount - (chosen.data.creditedAmount ?? 0))} dir="ltr" />
          </Fact>
        </>
      )}
      <ConfiguredField
        form={form}
        field={{ name: 'date', label: t('creditNotes.fields.date'), kind: 'date', required: true }}
      />
      <ConfiguredField
        form={form}
        field={{
          name: 'reason',
          label: t('creditNotes.fields.reason'),
          kind: 'select',
          required: true,
          options: ISSUED_REASONS.map((reason) => ({ value: reason, label: t(`creditNotes.reason.${reason}`) })),
        }}
      />
      <ConfiguredField
        form={form}
        field={{
          name: 'by',
          label: t('creditNotes.fields.by'),
          kind: 'select',
          options: [
            { value: 'lines', label: t('creditNotes.by.lines') },
            { value: 'amount', label: t('creditNotes.by.amount') },
          ],
        }}
      />
      {by === 'lines' ? (
        chosen.data && <CreditLinesTable form={form} />
      ) : (
        <ConfiguredField
          form={form}
          field={{ name: 'amount', label: t('creditNotes.fields.amount'), kind: 'money', required: true }}
        />
      )}
      <CreditTotal form={form} />
      <ConfiguredField form={form} field={{ name: 'notes', label: t('fields.notes'), kind: 'textarea' }} />
    </DialogFormBody>
  );
}

type Form = UseFormReturn<CreditNoteValues, unknown, unknown>;

/** Each invoice line with a quantity to credit, at most what is left of it. */
function CreditLinesTable({ form }: { form: Form }) {
  const t = useT(SALES_NAMESPACE);
  const lines = useWatch({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines;
  const columns: Column<CreditLine>[] = [
    { header: t('lines.product'), cell: (line) => line.productName },
    {
      header: t('lines.unitPrice'),
      numeric: true,
      cell: (line) =>
        line.unitPrices.map((price, i) => (
          <Fragment key={price}>
            {i > 0 && ' / '}
            <MoneyText fils={price} dir="ltr" />
          </Fragment>
        )),
    },
    { header: t('creditNotes.columns.left'), numeric: true, cell: (line) => line.left },
    {
      header: t('creditNotes.columns.toCredit'),
      cell: (line, i) => (
        <ConfiguredField
          form={form}
          field={{
            name: `lines.${i}.quantity`,
            label: t('creditNotes.quantityOf', { product: line.productName }),
            kind: 'number',
            disabled: line.left === 0,
          }}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable label={t('creditNotes.linesTable')} columns={columns} rows={lines} rowKey={(line) => line.product} />
      {(linesError?.message ?? linesError?.root?.message) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{linesError?.message ?? linesError?.root?.message}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}

/** What the credit note will credit, as the staff member fills it in. */
function CreditTotal({ form }: { form: Form }) {
  const t = useT(SALES_NAMESPACE);
  const [by, lines, amount, pricing] = useWatch({
    control: form.control,
    name: ['by', 'lines', 'amount', 'pricing'],
  });
  return (
    <Fact label={t('creditNotes.willCredit')}>
      <MoneyText fils={creditTotal({ by, lines, amount, pricing })} dir="ltr" />
    </Fact>
  );
}

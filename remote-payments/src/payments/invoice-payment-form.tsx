import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentMode } from '@admin/shared/contract';
import { useLocalizeMessage, useT } from '@admin/shared/i18n';
import { fils, formatKd, type Fils } from '@admin/shared/money';
import { Box, Field, Stack, Text, notifySuccess } from '@admin/shared/ui';
import {
  useSchemaForm,
  Controller,
  CustomerField,
  MoneyInput,
  Switch,
  MoneyText,
  useFieldArray,
  useWatch,
  DialogFormBody,
  Fact,
  useIdempotencyKey,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { createInvoicePayment, customerBalanceQuery, type PayableInvoice } from '../common/payments-api';
import { PayableInvoicesTable } from '../common/payable-invoices-table';
import { breakdownOf } from './breakdown';
import { usePaymentLabels } from '../common/payment-labels';
import { PaymentFields } from '../common/payment-fields';
import { emptyInvoicePayment, invoicePaymentSchema } from '../common/payment-forms';

/** The Invoice Payment tab: settles some of the customer's due invoices, optionally from the advance balance first. */
export function InvoicePaymentForm({ onClose }: { onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const localize = useLocalizeMessage();
  const { modeLabel } = usePaymentLabels();
  const [schema] = useState(() =>
    invoicePaymentSchema((remaining) => t('invoicePayment.exceedsRemaining', { amount: formatKd(remaining) })),
  );
  const form = useSchemaForm(schema, emptyInvoicePayment());
  const keyFor = useIdempotencyKey();
  const lines = useFieldArray({ control: form.control, name: 'relatedInvoices' });
  const [customer, useAdvance, chosen, mode] = useWatch({
    control: form.control,
    name: ['customer', 'useAdvanceBalance', 'relatedInvoices', 'paymentMode'],
  });
  const advanceBalance = useQuery(customerBalanceQuery(customer)).data?.advanceBalance ?? fils(0);
  const { total, advanceUsed, rest } = breakdownOf(
    (chosen ?? []).map((line) => line.paidAmount),
    useAdvance,
    advanceBalance,
  );
  const { errors } = form.formState;
  /** Where the invoice stands in the payment's lines, -1 when it is not being paid. */
  const lineOf = (invoice: PayableInvoice) => lines.fields.findIndex((line) => line.invoice === invoice._id);
  const tick = {
    header: t('invoicePayment.columns.pay'),
    label: (invoice: PayableInvoice) => t('invoicePayment.payInvoice', { invoice: invoice.invoiceNumber }),
    ticked: (invoice: PayableInvoice) => lineOf(invoice) >= 0,
    onChange: (invoice: PayableInvoice, ticked: boolean) =>
      ticked
        ? lines.append({
            invoice: invoice._id,
            invoiceNumber: invoice.invoiceNumber,
            totalAmount: invoice.totalAmount,
            remainingAmount: invoice.remainingAmount,
            // The whole remaining amount, unless staff enter less.
            paidAmount: invoice.remainingAmount,
          })
        : lines.remove(lineOf(invoice)),
  };
  const invoiceColumns: Column<PayableInvoice>[] = [
    {
      header: t('breakdown.total'),
      numeric: true,
      cell: (invoice) => <MoneyText fils={invoice.totalAmount} dir="ltr" />,
    },
    {
      header: t('invoicePayment.columns.remaining'),
      numeric: true,
      cell: (invoice) => <MoneyText fils={invoice.remainingAmount} dir="ltr" />,
    },
    {
      header: t('invoicePayment.columns.amountToPay'),
      minW: '150px',
      cell: (invoice) => {
        const index = lineOf(invoice);
        const tickedLine = lines.fields[index]; // none while the invoice is not ticked (index -1)
        if (!tickedLine) return null;
        const lineError = errors.relatedInvoices?.[index]?.paidAmount?.message;
        return (
          <Field.Root invalid={Boolean(lineError)}>
            <Controller
              key={tickedLine.id}
              control={form.control}
              name={`relatedInvoices.${index}.paidAmount`}
              render={({ field }) => (
                <MoneyInput
                  size="sm"
                  aria-label={t('invoicePayment.amountFor', { invoice: invoice.invoiceNumber })}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            {lineError && <Field.ErrorText>{localize(lineError)}</Field.ErrorText>}
          </Field.Root>
        );
      },
    },
  ];
  const noInvoiceError = errors.relatedInvoices?.message ?? errors.relatedInvoices?.root?.message;
  // What the payment settled and how: the advance's part and the rest by its mode, never 'Amount paid: 0.000'.
  const successToast = (advanceUsed: Fils, paid: Fils, mode: PaymentMode) => {
    const total = formatKd(fils(advanceUsed + paid));
    if (advanceUsed === 0) return t('invoicePayment.processed');
    if (paid === 0) return t('invoicePayment.settledFromAdvance', { total });
    return t('invoicePayment.settled', {
      total,
      advanceUsed: formatKd(advanceUsed),
      paid: formatKd(paid),
      mode: modeLabel(mode),
    });
  };

  return (
    <DialogFormBody
      form={form}
      mode="create"
      onClose={onClose}
      onSubmit={async (body) => {
        const result = await createInvoicePayment(body, keyFor(body), t('invoicePayment.failed'));
        notifySuccess(successToast(result.advanceUsed, result.remainingAmountPaid, body.paymentMode));
      }}
    >
      <CustomerField
        onChange={(id, previousId) => {
          // Another customer's invoices and advance are not this one's.
          if (id !== previousId) {
            lines.replace([]);
            form.setValue('useAdvanceBalance', false);
          }
        }}
      />

      {customer && (
        <PayableInvoicesTable
          customer={customer}
          heading={t('invoicePayment.unpaidInvoices')}
          tableLabel={t('invoicePayment.unpaidInvoicesTable')}
          tick={tick}
          columns={invoiceColumns}
        />
      )}
      {noInvoiceError && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {localize(noInvoiceError)}
        </Text>
      )}

      {advanceBalance > 0 && (
        <Controller
          control={form.control}
          name="useAdvanceBalance"
          render={({ field }) => (
            <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('invoicePayment.useAdvanceBalance', { amount: formatKd(advanceBalance) })}</Switch.Label>
            </Switch.Root>
          )}
        />
      )}

      <PaymentFields withCheque />

      <Breakdown total={total} advanceUsed={useAdvance ? advanceUsed : null} rest={rest} mode={mode} />
    </DialogFormBody>
  );
}

/** Total, the part from the advance balance, and what is paid now in the chosen mode. */
function Breakdown({
  total,
  advanceUsed,
  rest,
  mode,
}: {
  total: Fils;
  advanceUsed: Fils | null;
  rest: Fils;
  mode: string;
}) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { modeLabel } = usePaymentLabels();
  return (
    <Box as="section" aria-label={t('breakdown.label')} bg="bg.muted" rounded="md" p="3">
      <Stack gap="1">
        <Fact label={t('breakdown.total')}>
          <MoneyText fils={total} dir="ltr" />
        </Fact>
        {advanceUsed !== null && (
          <Fact label={t('breakdown.advanceUsed')}>
            <MoneyText fils={advanceUsed} dir="ltr" />
          </Fact>
        )}
        <Fact label={t('breakdown.paidIn', { mode: modeLabel(mode) })}>
          <MoneyText fils={rest} dir="ltr" />
        </Fact>
        {advanceUsed !== null && total > 0 && rest === 0 && (
          <Text color="fg.success" fontWeight="medium">
            {t('breakdown.coveredByAdvance')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

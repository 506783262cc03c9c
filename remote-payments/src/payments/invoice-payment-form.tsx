import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '@admin/shared/dates';
import { useLocalizeMessage, useT } from '@admin/shared/i18n';
import { formatKd } from '@admin/shared/money';
import { Box, Center, Field, Spinner, Stack, Text, notifySuccess } from '@admin/shared/ui';
import {
  useSchemaForm,
  Controller,
  CustomerField,
  MoneyInput,
  Switch,
  MoneyText,
  Table,
  useFieldArray,
  useWatch,
  DialogFormBody,
  Fact,
  useIdempotencyKey,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { createInvoicePayment, customerBalanceQuery, payableInvoicesQuery } from '../common/payments-api';
import { breakdownOf } from './breakdown';
import { usePaymentLabels } from '../common/payment-labels';
import { PaymentFields } from '../common/payment-fields';
import { emptyInvoicePayment, invoicePaymentSchema } from '../common/payment-forms';

/** The Invoice Payment tab: settles some of the customer's due invoices, optionally from the advance balance first. */
export function InvoicePaymentForm({ onClose }: { onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const localize = useLocalizeMessage();
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
  const invoices = useQuery(payableInvoicesQuery(customer));
  const advanceBalance = useQuery(customerBalanceQuery(customer)).data?.advanceBalance ?? 0;
  const { total, advanceUsed, rest } = breakdownOf(
    (chosen ?? []).map((line) => line.paidAmount),
    useAdvance,
    advanceBalance,
  );
  const { errors } = form.formState;
  const noInvoiceError = errors.relatedInvoices?.message ?? errors.relatedInvoices?.root?.message;
  // Only the advance's part is worth a mention: 'Advance used: …, Amount paid: …'.
  const successToast = (advanceUsed: number, amountPaid: number) =>
    advanceUsed > 0
      ? t('invoicePayment.processedWithAdvance', {
          advanceUsed: formatKd(advanceUsed),
          amountPaid: formatKd(amountPaid),
        })
      : t('invoicePayment.processed');

  return (
    <DialogFormBody
      form={form}
      mode="create"
      onClose={onClose}
      onSubmit={async (body) => {
        const result = await createInvoicePayment(body, keyFor(body), t('invoicePayment.failed'));
        notifySuccess(successToast(result.advanceUsed, result.remainingAmountPaid));
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
        <Box>
          <Text fontWeight="medium" mb="2">
            {t('invoicePayment.unpaidInvoices')}
          </Text>
          {invoices.isPending ? (
            <Center py="4">
              <Spinner aria-label={t('invoicePayment.loadingInvoices')} />
            </Center>
          ) : !invoices.data?.length ? (
            <Text color="fg.muted">{t('invoicePayment.noUnpaidInvoices')}</Text>
          ) : (
            <Box borderWidth="1px" rounded="md" overflowX="auto">
              <Table.Root size="sm" aria-label={t('invoicePayment.unpaidInvoicesTable')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('invoicePayment.columns.pay')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('invoicePayment.columns.invoiceNumber')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('columns.date')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('breakdown.total')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('invoicePayment.columns.remaining')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('invoicePayment.columns.amountToPay')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {invoices.data.map((invoice) => {
                    const index = lines.fields.findIndex((line) => line.invoice === invoice._id);
                    const lineError = index >= 0 ? errors.relatedInvoices?.[index]?.paidAmount?.message : undefined;
                    return (
                      <Table.Row key={invoice._id}>
                        <Table.Cell>
                          <input
                            type="checkbox"
                            aria-label={t('invoicePayment.payInvoice', { invoice: invoice.invoiceNumber })}
                            checked={index >= 0}
                            onChange={(e) =>
                              e.target.checked
                                ? lines.append({
                                    invoice: invoice._id,
                                    invoiceNumber: invoice.invoiceNumber,
                                    totalAmount: invoice.totalAmount,
                                    remainingAmount: invoice.remainingAmount,
                                    // The whole remaining amount, unless staff enter less.
                                    paidAmount: invoice.remainingAmount,
                                  })
                                : lines.remove(index)
                            }
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <bdi>{invoice.invoiceNumber}</bdi>
                        </Table.Cell>
                        <Table.Cell>
                          <bdi>{formatDay(invoice.dateOfCreation)}</bdi>
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <MoneyText fils={invoice.totalAmount} dir="ltr" />
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <MoneyText fils={invoice.remainingAmount} dir="ltr" />
                        </Table.Cell>
                        <Table.Cell minW="150px">
                          {index >= 0 && (
                            <Field.Root invalid={Boolean(lineError)}>
                              <Controller
                                key={lines.fields[index].id}
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
                          )}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Box>
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

      <PaymentFields />

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
  total: number;
  advanceUsed: number | null;
  rest: number;
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

import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { Box, Center, Field, HStack, Spinner, Stack, Text, notifySuccess } from '@admin/shared/ui';
import {
  useSchemaForm,
  Controller,
  MoneyInput,
  Switch,
  Table,
  useFieldArray,
  useWatch,
  type UseFormReturn,
  DialogForm,
  useIdempotencyKey,
} from '@admin/shared/ui-kit';
import { CustomerField } from './customer-field';
import { createInvoicePayment, customerBalanceQuery, payableInvoicesQuery, refreshMoney } from './api';
import { breakdownOf } from './breakdown';
import { PaymentFields } from './payment-fields';
import {
  emptyInvoicePayment,
  invoicePaymentRequest,
  invoicePaymentSchema,
  invoicePaymentToast,
  type EditValues,
} from './payment-forms';

/** The Invoice Payment tab: settles some of the customer's due invoices, optionally from the advance balance first. */
export function InvoicePaymentForm({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(invoicePaymentSchema, emptyInvoicePayment());
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

  return (
    <DialogForm
      form={form}
      mode="create"
      onClose={onClose}
      onSubmit={async (values) => {
        const body = invoicePaymentRequest(values);
        const result = await createInvoicePayment(body, keyFor(body));
        notifySuccess(invoicePaymentToast(result.advanceUsed, result.remainingAmountPaid));
        await refreshMoney();
      }}
    >
      <Controller
        control={form.control}
        name="customer"
        render={({ field }) => (
          <CustomerField
            field={field}
            error={errors.customer?.message}
            onChange={(id) => {
              // Another customer's invoices and advance are not this one's.
              if (id !== field.value) {
                lines.replace([]);
                form.setValue('useAdvanceBalance', false);
              }
              field.onChange(id);
            }}
          />
        )}
      />

      {customer && (
        <Box>
          <Text fontWeight="medium" mb="2">
            Unpaid Invoices
          </Text>
          {invoices.isPending ? (
            <Center py="4">
              <Spinner aria-label="Loading invoices" />
            </Center>
          ) : !invoices.data?.length ? (
            <Text color="fg.muted">No unpaid invoices found for this customer</Text>
          ) : (
            <Box borderWidth="1px" rounded="md" overflowX="auto">
              <Table.Root size="sm" aria-label="Unpaid invoices">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Pay</Table.ColumnHeader>
                    <Table.ColumnHeader>Invoice #</Table.ColumnHeader>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Remaining</Table.ColumnHeader>
                    <Table.ColumnHeader>Amount to Pay (KD)</Table.ColumnHeader>
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
                            aria-label={`Pay ${invoice.invoiceNumber}`}
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
                        <Table.Cell>{invoice.invoiceNumber}</Table.Cell>
                        <Table.Cell>{formatDay(invoice.dateOfCreation)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatKd(invoice.totalAmount)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatKd(invoice.remainingAmount)}</Table.Cell>
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
                                    aria-label={`Amount for ${invoice.invoiceNumber}`}
                                    name={field.name}
                                    value={field.value}
                                    onChange={field.onChange}
                                    onBlur={field.onBlur}
                                  />
                                )}
                              />
                              {lineError && <Field.ErrorText>{lineError}</Field.ErrorText>}
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
          {noInvoiceError}
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
              <Switch.Label>Use Advance Balance ({formatKd(advanceBalance)} available)</Switch.Label>
            </Switch.Root>
          )}
        />
      )}

      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} />

      <Breakdown total={total} advanceUsed={useAdvance ? advanceUsed : null} rest={rest} mode={mode} />
    </DialogForm>
  );
}

/** Total, the part from the advance balance, and what is paid now in the chosen mode. */
function Breakdown({ total, advanceUsed, rest, mode }: { total: number; advanceUsed: number | null; rest: number; mode: string }) {
  return (
    <Box as="section" aria-label="Payment breakdown" bg="bg.muted" rounded="md" p="3">
      <Stack gap="1">
        <Row label="Total" value={formatKd(total)} />
        {advanceUsed !== null && <Row label="Advance used" value={formatKd(advanceUsed)} />}
        <Row label={`Paid in ${mode}`} value={formatKd(rest)} />
        {advanceUsed !== null && total > 0 && rest === 0 && (
          <Text color="fg.success" fontWeight="medium">
            Full payment will be covered by advance balance
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between">
      <Text>{label}</Text>
      <Text fontVariantNumeric="tabular-nums" fontWeight="medium">
        {value}
      </Text>
    </HStack>
  );
}

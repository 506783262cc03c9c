import { ADVANCE_MODE, type Payment } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { HStack, Stack, Text, notifySuccess } from '@admin/shared/ui';
import { DialogForm, useSchemaForm, type UseFormReturn } from '@admin/shared/ui-kit';
import { payments, refreshMoney } from './api';
import { PaymentFields } from './payment-fields';
import { MODE_OPTIONS, TYPE_LABELS, editRequest, editSchema, editValuesOf, type EditValues } from './payment-forms';

/**
 * A recorded payment's date, mode, reference and notes. Its money is fixed:
 * the amounts are shown, not edited; to change them, delete the payment and record it again.
 */
export function EditPaymentForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const form = useSchemaForm(editSchema, editValuesOf(payment));
  // The mode keeps saying where the money came from: 'Advance' only for a payment made wholly from the advance.
  const fromAdvanceOnly = payment.paymentType === 'invoice_payment' && payment.advanceUsed === payment.amount;
  const modes = MODE_OPTIONS.filter((o) => (o.value === ADVANCE_MODE) === fromAdvanceOnly);
  return (
    <DialogForm
      form={form}
      mode="edit"
      onClose={onClose}
      onSubmit={async (values) => {
        await payments.update(payment._id, editRequest(values), { errorToast: 'Failed to update payment' });
        notifySuccess('Payment updated successfully');
        await refreshMoney();
      }}
    >
      <Stack gap="1" bg="bg.muted" rounded="md" p="3" aria-label="Recorded amounts" as="section">
        <Fact label="Payment #" value={payment.paymentNumber} />
        <Fact label="Customer" value={payment.customer.customerName} />
        <Fact label="Type" value={TYPE_LABELS[payment.paymentType]} />
        <Fact label="Amount" value={formatKd(payment.amount)} />
        {payment.paymentType === 'invoice_payment' && (
          <>
            <Fact label="Advance used" value={formatKd(payment.advanceUsed)} />
            <Fact label="Paid in mode" value={formatKd(payment.remainingAmountPaid)} />
            {payment.allocations.map((line) => (
              <Fact key={line.invoice} label={line.invoiceNumber} value={formatKd(line.amount)} />
            ))}
          </>
        )}
        <Text fontSize="xs" color="fg.muted">
          Amounts cannot be changed; delete the payment and record it again.
        </Text>
      </Stack>
      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} modes={modes} />
    </DialogForm>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </HStack>
  );
}

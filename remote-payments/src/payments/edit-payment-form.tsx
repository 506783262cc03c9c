import { ADVANCE_MODE, PAYMENT_MODES, type Payment } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { HStack, Stack, Text, notifySuccess } from '@admin/shared/ui';
import { DialogForm, MoneyText, useSchemaForm, type UseFormReturn } from '@admin/shared/ui-kit';
import type { ReactNode } from 'react';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { payments, refreshMoney } from './api';
import { usePaymentLabels } from './labels';
import { PaymentFields } from './payment-fields';
import { editRequest, editSchema, editValuesOf, type EditValues } from './payment-forms';

/**
 * A recorded payment's date, mode, reference and notes. Its money is fixed:
 * the amounts are shown, not edited; to change them, delete the payment and record it again.
 */
export function EditPaymentForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { typeLabel } = usePaymentLabels();
  const form = useSchemaForm(editSchema, editValuesOf(payment));
  // The mode keeps saying where the money came from: 'Advance' only for a payment made wholly from the advance.
  const fromAdvanceOnly = payment.paymentType === 'invoice_payment' && payment.advanceUsed === payment.amount;
  const modes = PAYMENT_MODES.filter((mode) => (mode === ADVANCE_MODE) === fromAdvanceOnly);
  return (
    <DialogForm
      form={form}
      mode="edit"
      onClose={onClose}
      onSubmit={async (values) => {
        await payments.update(payment._id, editRequest(values), { errorToast: t('edit.failed') });
        notifySuccess(t('edit.updated'));
        await refreshMoney();
      }}
    >
      <Stack gap="1" bg="bg.muted" rounded="md" p="3" aria-label={t('edit.recordedAmounts')} as="section">
        <Fact label={t('columns.paymentNumber')} value={<bdi>{payment.paymentNumber}</bdi>} />
        <Fact label={t('fields.customer')} value={payment.customer.customerName} />
        <Fact label={t('columns.type')} value={typeLabel(payment.paymentType)} />
        <Fact label={t('columns.amount')} value={<MoneyText fils={payment.amount} dir="ltr" />} />
        {payment.paymentType === 'invoice_payment' && (
          <>
            <Fact label={t('breakdown.advanceUsed')} value={<MoneyText fils={payment.advanceUsed} dir="ltr" />} />
            <Fact label={t('edit.paidInMode')} value={<MoneyText fils={payment.remainingAmountPaid} dir="ltr" />} />
            {payment.allocations.map((line) => (
              <Fact key={line.invoice} label={<bdi>{line.invoiceNumber}</bdi>} value={<MoneyText fils={line.amount} dir="ltr" />} />
            ))}
          </>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('edit.amountsFixed')}
        </Text>
      </Stack>
      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} modes={modes} />
    </DialogForm>
  );
}

function Fact({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <HStack justify="space-between">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </HStack>
  );
}

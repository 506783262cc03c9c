import { ADVANCE_MODE, PAYMENT_MODES, type Payment } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Stack, Text, notifySuccess } from '@admin/shared/ui';
import { DialogFormBody, Fact, MoneyText, useSchemaForm } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { updatePayment } from '../common/payments-api';
import { usePaymentLabels } from '../common/payment-labels';
import { PaymentFields } from '../common/payment-fields';
import { editSchema, editValuesOf } from '../common/payment-forms';

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
    <DialogFormBody
      form={form}
      mode="edit"
      onClose={onClose}
      onSubmit={async (body) => {
        await updatePayment(payment._id, body, { errorToast: t('edit.failed') });
        notifySuccess(t('edit.updated'));
      }}
    >
      <Stack gap="1" bg="bg.muted" rounded="md" p="3" aria-label={t('edit.recordedAmounts')} as="section">
        <Fact quiet label={t('columns.paymentNumber')}>
          <bdi>{payment.paymentNumber}</bdi>
        </Fact>
        <Fact quiet label={t('fields.customer')}>
          {payment.customer.customerName}
        </Fact>
        <Fact quiet label={t('columns.type')}>
          {typeLabel(payment.paymentType)}
        </Fact>
        <Fact quiet label={t('columns.amount')}>
          <MoneyText fils={payment.amount} dir="ltr" />
        </Fact>
        {payment.paymentType === 'invoice_payment' && (
          <>
            <Fact quiet label={t('breakdown.advanceUsed')}>
              <MoneyText fils={payment.advanceUsed} dir="ltr" />
            </Fact>
            <Fact quiet label={t('edit.paidInMode')}>
              <MoneyText fils={payment.remainingAmountPaid} dir="ltr" />
            </Fact>
            {payment.allocations.map((line) => (
              <Fact key={line.invoice} quiet label={<bdi>{line.invoiceNumber}</bdi>}>
                <MoneyText fils={line.amount} dir="ltr" />
              </Fact>
            ))}
          </>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('edit.amountsFixed')}
        </Text>
      </Stack>
      <PaymentFields modes={modes} />
    </DialogFormBody>
  );
}

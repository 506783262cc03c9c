import * as v from 'valibot';
import { RefundInputSchema, type RefundInput } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { FormField, Text, notifySuccess } from '@admin/shared/ui';
import { useSchemaForm, Controller, MoneyInput, type UseFormReturn } from '@admin/shared/ui-kit';
import { useIdempotencyKey } from '../idempotency';
import { createRefund, refreshMoney } from '../payments/api';
import { DialogForm } from '../payments/dialog-form';
import { PaymentFields } from '../payments/payment-fields';
import { advanceRequest, emptyAdvance, PAID_NOW_MODE_OPTIONS, type AdvanceValues, type EditValues } from '../payments/payment-forms';

/** The contract's refund rules, plus the balance the screen knows: no refund above what the customer holds. */
export function refundSchema(advanceBalance: number) {
  return v.pipe(
    RefundInputSchema,
    v.forward(
      v.check((input) => input.amount <= advanceBalance, `Amount cannot exceed the advance balance of ${formatKd(advanceBalance)}`),
      ['amount'],
    ),
  ) as unknown as v.GenericSchema<AdvanceValues, RefundInput>;
}

/** Pays back part or all of a customer's advance balance; recorded as a refund with a negative amount. */
export function RefundForm({ customerId, advanceBalance, onDone }: { customerId: string; advanceBalance: number; onDone: () => void }) {
  const form = useSchemaForm(refundSchema(advanceBalance), { ...emptyAdvance(customerId), amount: advanceBalance });
  const keyFor = useIdempotencyKey();
  return (
    <DialogForm
      form={form}
      mode="create"
      submitLabel="Refund"
      onClose={onDone}
      onSubmit={async (values) => {
        const body = advanceRequest(values);
        await createRefund(body, keyFor(body));
        notifySuccess('Refund processed successfully');
        await refreshMoney();
      }}
    >
      <Text>Advance balance available: {formatKd(advanceBalance)}</Text>
      <FormField label="Refund Amount (KD)" error={form.formState.errors.amount?.message} required>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <MoneyInput name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder="0.000" />
          )}
        />
      </FormField>
      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} modes={PAID_NOW_MODE_OPTIONS} />
    </DialogForm>
  );
}

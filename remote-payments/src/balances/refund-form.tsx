import * as v from 'valibot';
import { RefundInputSchema, type RefundInput } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { Text } from '@admin/shared/ui';
import { useSchemaForm } from '@admin/shared/ui-kit';
import { AmountForm } from '../payments/amount-form';
import { createRefund } from '../payments/api';
import { emptyAdvance, type AdvanceValues } from '../payments/payment-forms';

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
  return (
    <AmountForm
      form={form}
      amountLabel="Refund Amount (KD)"
      submitLabel="Refund"
      send={createRefund}
      successToast="Refund processed successfully"
      onClose={onDone}
    >
      <Text>Advance balance available: {formatKd(advanceBalance)}</Text>
    </AmountForm>
  );
}

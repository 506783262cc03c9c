import type { ReactNode } from 'react';
import type { AdvancePaymentInput } from '@admin/shared/contract';
import { notifySuccess } from '@admin/shared/ui';
import { ConfiguredField, DialogForm, useIdempotencyKey, type UseFormReturn } from '@admin/shared/ui-kit';
import { refreshMoney } from './api';
import { PaymentFields } from './payment-fields';
import { advanceRequest, PAID_NOW_MODES, type AdvanceValues, type EditValues } from './payment-forms';

export interface AmountFormProps {
  form: UseFormReturn<AdvanceValues, unknown, AdvancePaymentInput>;
  /** The texts are given in the active language. */
  amountLabel: string;
  submitLabel?: string;
  /** Records the money; the key makes a repeated send record nothing new. */
  send: (body: AdvancePaymentInput, idempotencyKey: string) => Promise<unknown>;
  successToast: string;
  onClose: () => void;
  /** What comes before the amount, e.g. the customer. */
  children: ReactNode;
}

/** Money that comes in or goes out now (an advance, a refund): an amount and the payment's details. */
export function AmountForm({ form, amountLabel, submitLabel, send, successToast, onClose, children }: AmountFormProps) {
  const keyFor = useIdempotencyKey();
  return (
    <DialogForm
      form={form}
      mode="create"
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = advanceRequest(values);
        await send(body, keyFor(body));
        notifySuccess(successToast);
        await refreshMoney();
      }}
    >
      {children}
      <ConfiguredField form={form as unknown as UseFormReturn<AdvanceValues>} field={{ name: 'amount', label: amountLabel, kind: 'money', required: true }} />
      <PaymentFields form={form as unknown as UseFormReturn<EditValues>} modes={PAID_NOW_MODES} />
    </DialogForm>
  );
}

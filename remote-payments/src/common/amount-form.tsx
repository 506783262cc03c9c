import type { ReactNode } from 'react';
import type { AdvancePaymentInput } from '@admin/shared/contract';
import { notifySuccess } from '@admin/shared/ui';
import { ConfiguredField, DialogFormBody, useIdempotencyKey, type UseFormReturn } from '@admin/shared/ui-kit';
import { PaymentFields } from './payment-fields';
import { PAID_NOW_MODES, type AdvanceValues } from './payment-forms';

export interface AmountFormProps {
  form: UseFormReturn<AdvanceValues, unknown, AdvancePaymentInput>;
  /** The texts are given in the active language. */
  amountLabel: string;
  submitLabel?: string;
  /** Records the money (a payments change); the key makes a repeated send record nothing new. */
  send: (body: AdvancePaymentInput, idempotencyKey: string) => Promise<unknown>;
  /** What staff read once sent: a text, or one chosen by the answer (a refund may wait for approval). */
  successToast: string | ((answer: unknown) => string);
  onClose: () => void;
  /** What comes before the amount, e.g. the customer. */
  children: ReactNode;
  /** Money received: in mode Check, the cheque's details too. */
  withCheque?: boolean;
}

/** Money that comes in or goes out now (an advance, a refund): an amount and the payment's details. */
export function AmountForm({
  form,
  amountLabel,
  submitLabel,
  send,
  successToast,
  onClose,
  children,
  withCheque,
}: AmountFormProps) {
  const keyFor = useIdempotencyKey();
  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={async (body) => {
        const answer = await send(body, keyFor(body));
        notifySuccess(typeof successToast === 'string' ? successToast : successToast(answer));
      }}
    >
      {children}
      <ConfiguredField form={form} field={{ name: 'amount', label: amountLabel, kind: 'money', required: true }} />
      <PaymentFields modes={PAID_NOW_MODES} withCheque={withCheque} />
    </DialogFormBody>
  );
}

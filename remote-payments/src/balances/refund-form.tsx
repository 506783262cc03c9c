import { useState } from 'react';
import * as v from 'valibot';
import { isApprovalRequest, RefundInputSchema } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { formatKd, type Fils } from '@admin/shared/money';
import { Text } from '@admin/shared/ui';
import { formSchema, useSchemaForm } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { AmountForm } from '../common/amount-form';
import { createRefund } from '../common/payments-api';
import { emptyAdvance, paidNowRequest } from '../common/payment-forms';

/**
 * The contract's refund rules, plus the balance the screen knows: no refund above what the
 * customer holds (`exceedsBalance` words that refusal).
 */
export function refundSchema(advanceBalance: Fils, exceedsBalance: string) {
  return v.pipe(
    formSchema(paidNowRequest, RefundInputSchema),
    v.forward(
      v.check((input) => input.amount <= advanceBalance, exceedsBalance),
      ['amount'],
    ),
  );
}

/** Pays back part or all of a customer's advance balance; recorded as a refund with a negative amount. */
export function RefundForm({
  customerId,
  advanceBalance,
  onDone,
}: {
  customerId: string;
  advanceBalance: Fils;
  onDone: () => void;
}) {
  const t = useT(PAYMENTS_NAMESPACE);
  const [schema] = useState(() =>
    refundSchema(advanceBalance, t('refund.exceedsBalance', { amount: formatKd(advanceBalance) })),
  );
  const form = useSchemaForm(schema, { ...emptyAdvance(customerId), amount: advanceBalance });
  return (
    <AmountForm
      form={form}
      amountLabel={t('refund.amount')}
      submitLabel={t('refund.submit')}
      send={(body, key) => createRefund(body, key, t('refund.failed'))}
      // Above the company's approval amount the refund waits for a second staff member: nothing moved yet.
      successToast={(answer) =>
        isApprovalRequest(answer) ? t('refund.waits', { amount: formatKd(answer.amount) }) : t('refund.processed')
      }
      onClose={onDone}
    >
      <Text>{t('refund.available', { amount: formatKd(advanceBalance) })}</Text>
    </AmountForm>
  );
}

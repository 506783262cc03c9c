import { useT } from '@admin/shared/i18n';
import { CustomerField, useSchemaForm } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { AmountForm } from '../common/amount-form';
import { createAdvancePayment } from '../common/payments-api';
import { advanceSchema, emptyAdvance } from '../common/payment-forms';

/** The Advance Payment tab: credit for the customer, recorded once however often it is sent. */
export function AdvanceForm({ onClose }: { onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const form = useSchemaForm(advanceSchema, emptyAdvance());
  return (
    <AmountForm
      form={form}
      amountLabel={t('advance.amount')}
      send={(body, key) => createAdvancePayment(body, key, t('advance.failed'))}
      successToast={t('advance.created')}
      onClose={onClose}
      withCheque
    >
      <CustomerField />
    </AmountForm>
  );
}

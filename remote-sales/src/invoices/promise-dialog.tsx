import { PromiseToPayInputSchema, type Invoice } from '@admin/shared/contract';
import { businessToday, formatDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Text, notifySuccess } from '@admin/shared/ui';
import { ConfiguredField, DialogFormBody, DialogShell, formSchema, useSchemaForm } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';
import { promiseToPay } from './api';

interface PromiseValues {
  date: string;
  note: string;
}

const promiseSchema = formSchema((values: PromiseValues) => values, PromiseToPayInputSchema);

/**
 * 'Promise to pay': the day the customer said they will pay by, and what they said. The payment
 * reminders wait until the day after; a day in the past is refused under its field.
 */
export function PromiseToPayDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  return (
    <DialogShell
      open={invoice !== null}
      title={invoice ? t('promise.title', { number: invoice.invoiceNumber }) : ''}
      onClose={onClose}
      closeOnInteractOutside={false}
    >
      {invoice && <PromiseForm key={invoice._id} invoice={invoice} onClose={onClose} />}
    </DialogShell>
  );
}

function PromiseForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const t = useT(SALES_NAMESPACE);
  const form = useSchemaForm(promiseSchema, {
    date: invoice.promise ? invoice.promise.date.slice(0, 10) : businessToday(),
    note: invoice.promise?.note ?? '',
  });
  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={t('promise.submit')}
      onClose={onClose}
      onSubmit={async (body) => {
        const saved = await promiseToPay(invoice, body, t('promise.failed'));
        notifySuccess(t('promise.done', { number: invoice.invoiceNumber, date: formatDay(saved.promise?.date) }));
      }}
    >
      <Text>
        {t('promise.explain', {
          number: invoice.invoiceNumber,
          customer: invoice.customer.customerName,
          remaining: formatKd(invoice.remainingAmount),
        })}
      </Text>
      <ConfiguredField form={form} field={{ name: 'date', label: t('promise.date'), kind: 'date', required: true }} />
      <ConfiguredField form={form} field={{ name: 'note', label: t('promise.note'), kind: 'textarea' }} />
    </DialogFormBody>
  );
}

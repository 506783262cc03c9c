import { isApprovalRequest, type Cheque, type ChequeStep } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Text, notifySuccess } from '@admin/shared/ui';
import {
  ConfiguredField,
  DialogFormBody,
  DialogShell,
  useIdempotencyKey,
  useSchemaForm,
  type FieldConfig,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { useBankOptions } from '../common/banks';
import { takeChequeStep } from './api';
import { STEP_FORMS, emptyStep, type StepValues } from './cheque-steps';

export interface StepChoice {
  cheque: Cheque;
  step: ChequeStep;
}

/** A step of a cheque (deposit, clear, bounce, return, replace), confirmed in a dialog that asks what the step needs. */
export function ChequeStepDialog({ choice, onClose }: { choice: StepChoice | null; onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <DialogShell
      open={choice !== null}
      title={choice ? t(`cheques.step.${choice.step}.title`, { cheque: choice.cheque.chequeNumber }) : ''}
      onClose={onClose}
      closeOnInteractOutside={false}
    >
      {choice && <StepForm key={`${choice.cheque._id}-${choice.step}`} {...choice} onClose={onClose} />}
    </DialogShell>
  );
}

function StepForm({ cheque, step, onClose }: StepChoice & { onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { fields, schema } = STEP_FORMS[step];
  const form = useSchemaForm(schema, emptyStep(step === 'replace' ? cheque.amount : null));
  const bankOptions = useBankOptions();
  const keyFor = useIdempotencyKey();
  const configs: Record<keyof StepValues, FieldConfig<StepValues, unknown>> = {
    date: { name: 'date', label: t('cheques.fields.stepDate'), kind: 'date', required: true },
    bankAccount: { name: 'bankAccount', label: t('cheques.fields.bankAccount') },
    reason: { name: 'reason', label: t('cheques.fields.reason'), kind: 'textarea', required: true },
    charge: { name: 'charge', label: t('cheques.fields.charge'), kind: 'money', hint: t('cheques.chargeHint') },
    chequeNumber: { name: 'chequeNumber', label: t('cheques.fields.newChequeNumber'), required: true },
    bank: { name: 'bank', label: t('cheques.fields.bank'), kind: 'select', options: bankOptions, required: true },
    chequeDate: { name: 'chequeDate', label: t('cheques.fields.chequeDate'), kind: 'date', required: true },
    amount: { name: 'amount', label: t('cheques.fields.amount'), kind: 'money', required: true },
  };
  return (
    <DialogFormBody
      form={form}
      mode="create"
      submitLabel={t(`cheques.step.${step}`)}
      onClose={onClose}
      onSubmit={async (body) => {
        const answer: unknown = await takeChequeStep(cheque, step, body, keyFor(body), t('cheques.stepFailed'));
        // Above the company's approval amount a bounce waits for a second staff member: nothing moved yet.
        notifySuccess(
          isApprovalRequest(answer)
            ? t('cheques.step.waits', { cheque: cheque.chequeNumber, amount: formatKd(answer.amount) })
            : t(`cheques.step.${step}.done`, { cheque: cheque.chequeNumber }),
        );
      }}
    >
      <Text>
        {t(`cheques.step.${step}.explain`, {
          cheque: cheque.chequeNumber,
          customer: cheque.customer.customerName,
          amount: formatKd(cheque.amount),
        })}
      </Text>
      {fields.map((name) => (
        <ConfiguredField key={name} form={form} field={configs[name]} />
      ))}
    </DialogFormBody>
  );
}

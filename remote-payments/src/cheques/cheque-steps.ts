import * as v from 'valibot';
import {
  CHEQUE_STEPS,
  ChequeBounceSchema,
  ChequeClearSchema,
  ChequeDepositSchema,
  ChequeReplaceSchema,
  ChequeReturnSchema,
  type ChequeStatus,
  type ChequeStep,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import { emptyToAbsent, formSchema, type MoneyValue } from '@admin/shared/ui-kit';

/**
 * A step's dialog values: every step has a date; some a reason, a bank account or a charge; a
 * replacement the new cheque's number, bank, date and amount.
 */
export interface StepValues {
  date: string;
  reason: string;
  bankAccount: string;
  charge: MoneyValue;
  chequeNumber: string;
  bank: string;
  chequeDate: string;
  amount: MoneyValue;
}

/** A step's first values; a replacement starts at the bounced cheque's amount. */
export const emptyStep = (amount: MoneyValue = null): StepValues => {
  const today = businessToday();
  return {
    date: today,
    reason: '',
    bankAccount: '',
    charge: null,
    chequeNumber: '',
    bank: '',
    chequeDate: today,
    amount,
  };
};

/** The fields each step asks for, and its request from the dialog's values. */
export const STEP_FORMS = {
  deposit: {
    fields: ['date', 'bankAccount'],
    schema: formSchema(
      (values: StepValues) => ({ date: values.date, bankAccount: emptyToAbsent(values.bankAccount) }),
      ChequeDepositSchema,
    ),
  },
  clear: {
    fields: ['date'],
    schema: formSchema((values: StepValues) => ({ date: values.date }), ChequeClearSchema),
  },
  bounce: {
    fields: ['date', 'reason', 'charge'],
    schema: formSchema(
      (values: StepValues) => ({
        date: values.date,
        reason: values.reason,
        // An empty box is no charge; text that is not an amount goes as typed, for the contract to name.
        charge: values.charge === null || values.charge === '' ? null : values.charge,
      }),
      ChequeBounceSchema,
    ),
  },
  return: {
    fields: ['date', 'reason'],
    schema: formSchema((values: StepValues) => ({ date: values.date, reason: values.reason }), ChequeReturnSchema),
  },
  replace: {
    fields: ['date', 'chequeNumber', 'bank', 'chequeDate', 'amount'],
    schema: formSchema(
      (values: StepValues) => ({
        date: values.date,
        chequeNumber: values.chequeNumber,
        bank: values.bank,
        chequeDate: values.chequeDate,
        amount: values.amount ?? '',
      }),
      ChequeReplaceSchema,
    ),
  },
} as const satisfies Record<
  ChequeStep,
  { fields: readonly (keyof StepValues)[]; schema: v.GenericSchema<StepValues, unknown> }
>;

/** The steps a cheque in `status` can take, in the order the buttons show them. */
export const stepsFrom = (status: ChequeStatus): ChequeStep[] =>
  (Object.keys(CHEQUE_STEPS) as ChequeStep[]).filter((step) => CHEQUE_STEPS[step].from === status);

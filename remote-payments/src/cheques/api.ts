import { queryOptions } from '@tanstack/react-query';
import { api, IDEMPOTENCY_HEADER, dataOf } from '@admin/shared/api';
import {
  RESOURCES,
  type Cheque,
  type ChequeInput,
  type ChequeStep,
  type ChequesToDeposit,
} from '@admin/shared/contract';
import { createResource, mutateChange } from '@admin/shared/query';

/** The cheque register's list. */
export const cheques = createResource<Cheque>(RESOURCES.cheques);

export const TO_DEPOSIT_PATH = `${cheques.path}/to-deposit`;

/** GET /cheques/to-deposit: the cheques in hand dated up to the next business day after `asOf` (default today), with their count and sum. */
export function chequesToDepositQuery(asOf?: string) {
  const params = asOf ? { asOf } : {};
  return queryOptions({
    queryKey: [...cheques.keys.all, 'to-deposit', params] as const,
    queryFn: ({ signal }) => api.get<{ data: ChequesToDeposit }>(TO_DEPOSIT_PATH, { params, signal }).then(dataOf),
  });
}

/**
 * A cheque's write: recorded, or taken one step on. Each carries an Idempotency-Key, so a repeated
 * click records nothing new, and is a cheques change: it resolves once the lists, balances and
 * figures it touched are refetched.
 */
function chequeWrite(route: string, body: unknown, idempotencyKey: string, errorToast: string): Promise<Cheque> {
  return mutateChange(RESOURCES.cheques, () =>
    api
      .post<{ data: Cheque }>(route, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, errorToast })
      .then(dataOf),
  );
}

export const recordCheque = (input: ChequeInput, idempotencyKey: string, errorToast: string) =>
  chequeWrite(cheques.path, input, idempotencyKey, errorToast);

export const takeChequeStep = (
  cheque: Pick<Cheque, '_id'>,
  step: ChequeStep,
  body: unknown,
  idempotencyKey: string,
  errorToast: string,
) => chequeWrite(`${cheques.path}/${cheque._id}/${step}`, body, idempotencyKey, errorToast);

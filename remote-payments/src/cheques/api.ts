import { queryOptions } from '@tanstack/react-query';
import { api, IDEMPOTENCY_HEADER } from '@admin/shared/api';
import {
  RESOURCES,
  type Bank,
  type Cheque,
  type ChequeInput,
  type ChequeStep,
  type ChequesToDeposit,
  type ListResponse,
} from '@admin/shared/contract';
import { createKeys, createResource, mutateChange } from '@admin/shared/query';

/** The cheque register's list. */
export const cheques = createResource<Cheque>('cheques');

/** GET /cheques/to-deposit: the cheques in hand dated up to the next business day, with their count and sum. */
export function chequesToDepositQuery() {
  return queryOptions({
    queryKey: [...cheques.keys.all, 'to-deposit'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ChequesToDeposit }>(`${cheques.path}/to-deposit`, { signal }).then((r) => r.data.data),
  });
}

/** The banks a cheque can be drawn on, for the record form's choice. */
export function banksQuery() {
  const params = { limit: 1000, sort: 'name', order: 'asc' };
  return queryOptions({
    queryKey: createKeys('banks').list(params),
    queryFn: ({ signal }) =>
      api.get<ListResponse<Bank>>(RESOURCES.banks.path, { params, signal }).then((r) => r.data.data),
    staleTime: 60_000,
  });
}

/**
 * A cheque's write: recorded, or taken one step on. Each carries an Idempotency-Key, so a repeated
 * click records nothing new, and is a cheques change: it resolves once the lists, balances and
 * figures it touched are refetched.
 */
function chequeWrite(route: string, body: unknown, idempotencyKey: string, errorToast: string): Promise<Cheque> {
  return mutateChange('cheques', () =>
    api
      .post<{ data: Cheque }>(route, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, errorToast })
      .then((r) => r.data.data),
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

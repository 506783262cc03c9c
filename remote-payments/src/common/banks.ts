import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { RESOURCES, type Bank, type ListResponse } from '@admin/shared/contract';
import { useLanguage, useT } from '@admin/shared/i18n';
import { createKeys } from '@admin/shared/query';
import type { Option } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';

/** The banks a cheque can be drawn on, for the forms' choice. */
export function banksQuery() {
  const params = { limit: 1000, sort: 'name', order: 'asc' };
  return queryOptions({
    queryKey: createKeys(RESOURCES.banks).list(params),
    queryFn: ({ signal }) => api.get<ListResponse<Bank>>(RESOURCES.banks.path, { params, signal }).then(dataOf),
    staleTime: 60_000,
  });
}

/** A bank as staff read it: its Arabic name in Arabic when it has one. */
export function useBankName(): (bank: Pick<Bank, 'bankName' | 'bankNameAr'>) => string {
  const language = useLanguage();
  return (bank) => (language === 'ar' && bank.bankNameAr) || bank.bankName;
}

/** The choice of a bank: 'Choose a bank', then the banks by name in the active language. */
export function useBankOptions(): Option[] {
  const t = useT(PAYMENTS_NAMESPACE);
  const bankName = useBankName();
  const banks = useQuery(banksQuery());
  return [
    { value: '', label: t('cheques.fields.chooseBank') },
    ...(banks.data ?? []).map((bank) => ({ value: bank._id, label: bankName(bank) })),
  ];
}

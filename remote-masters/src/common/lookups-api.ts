import {
  RESOURCES,
  type Bank,
  type BankInput,
  type CustomerCity,
  type CustomerCityInput,
  type CustomerKind,
  type CustomerKindInput,
  type CustomerNationality,
  type CustomerNationalityInput,
  type ProductType,
  type ProductTypeInput,
} from '@admin/shared/contract';
import { api, dataOf } from '@admin/shared/api';
import { createResource, type Resource } from '@admin/shared/query';
import type { Option } from '@admin/shared/ui-kit';

export const productTypes = createResource<ProductType, ProductTypeInput>(RESOURCES.productTypes);
export const customerKinds = createResource<CustomerKind, CustomerKindInput>(RESOURCES.customerKinds);
export const customerNationalities = createResource<CustomerNationality, CustomerNationalityInput>(
  RESOURCES.customerNationalities,
);
export const customerCities = createResource<CustomerCity, CustomerCityInput>(RESOURCES.customerCities);
export const banks = createResource<Bank, BankInput>(RESOURCES.banks);

/**
 * Every record of a collection in name order (GET /<collection>/active), for filters and pickers.
 * Its key sits under the collection's, so any change to the collection refreshes it.
 */
export function activeQuery<T, TInput>(resource: Resource<T, TInput>) {
  return {
    queryKey: [...resource.keys.all, 'active'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<{ data: T[] }>(`${resource.path}/active`, { signal }).then(dataOf),
  };
}

/** Records as choices of a select, labelled by their name field. */
export function toOptions<T extends { _id: string }>(rows: T[] | undefined, label: (row: T) => string): Option[] {
  return (rows ?? []).map((row) => ({ value: row._id, label: label(row) }));
}

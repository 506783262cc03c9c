import type { Customer, CustomerInput, Product } from '@admin/shared/contract';
import type { TestApp } from './harness';
import { create } from './requests';

/** One kind, nationality and city, for tests that need a valid customer. */
export async function customerLookups(t: TestApp, suffix = '') {
  const kind = await create(t, '/api/customer-kinds', { kindName: `Individual${suffix}` });
  const nationality = await create(t, '/api/customer-nationalities', { nationalityName: `Kuwaiti${suffix}` });
  const city = await create(t, '/api/customer-cities', { cityName: `Hawalli${suffix}` });
  return { kind, nationality, city };
}

export type CustomerLookups = Awaited<ReturnType<typeof customerLookups>>;

export function customerBody(lookups: CustomerLookups, overrides: Partial<Record<keyof CustomerInput, unknown>> = {}) {
  return {
    customerName: 'Fatima Al-Sabah',
    dateOfCreation: '2026-11-21T00:00:00.000Z',
    customerKind: lookups.kind._id,
    customerNationality: lookups.nationality._id,
    customerCity: lookups.city._id,
    ...overrides,
  };
}

export const createCustomer = (
  t: TestApp,
  lookups: CustomerLookups,
  overrides: Parameters<typeof customerBody>[1] = {},
) => create<Customer>(t, '/api/customers', customerBody(lookups, overrides));

export async function createProduct(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Product> {
  const productType =
    overrides.productType ?? (await create(t, '/api/types', { productTypeName: `Type ${Math.random()}` }))._id;
  return create<Product>(t, '/api/products', {
    productName: 'Router',
    productPrice: 12_500,
    ...overrides,
    productType,
  });
}

import type { Customer, Product } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { createTestApp, setUpApp } from '../test';
import { seedDemoData } from '.';

const t = setUpApp();

describe('demo data', () => {
  it('fills an empty database once with Kuwaiti customers, products and masters', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);

    const customers = (await t.request('GET', '/api/customers?limit=1000')).json();
    expect(customers.pagination.total).toBe(40);
    const arabic = customers.data.filter((c: Customer) => /[\u0600-\u06FF]/.test(c.customerAlternateName ?? ''));
    expect(arabic.length).toBeGreaterThan(10);

    const cities = (await t.request('GET', '/api/customer-cities/active'))
      .json()
      .data.map((c: { cityName: string }) => c.cityName);
    expect(cities).toEqual(
      expect.arrayContaining(['Kuwait City', 'Hawalli', 'Salmiya', 'Farwaniya', 'Jahra', 'Ahmadi']),
    );
    const kinds = (await t.request('GET', '/api/customer-kinds/active'))
      .json()
      .data.map((k: { kindName: string }) => k.kindName);
    expect(kinds).toEqual(expect.arrayContaining(['Individual', 'Company', 'Government']));
    const banks = (await t.request('GET', '/api/banks/active')).json().data;
    expect(banks).toContainEqual(
      expect.objectContaining({ bankName: 'National Bank of Kuwait', bankNameAr: 'بنك الكويت الوطني' }),
    );

    const products = (await t.request('GET', '/api/products?limit=1000')).json();
    expect(products.pagination.total).toBe(20);
    expect(products.data.every((p: Product) => Number.isInteger(p.productPrice) && p.productPrice > 0)).toBe(true);
  });

  it('leaves a database that already has data alone', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.request('POST', '/api/types', { productTypeName: 'Own type' });
      expect(await seedDemoData(fresh.db)).toBe(false);
      expect((await fresh.request('GET', '/api/customers')).json().pagination.total).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

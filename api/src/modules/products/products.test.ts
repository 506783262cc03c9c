import type { Product } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { create, createProduct, expectFieldRefusal, setUpApp } from '../../test';

let hardware: { _id: string };
let services: { _id: string };
const t = setUpApp();
beforeAll(async () => {
  hardware = await create(t, '/api/types', { productTypeName: 'Hardware' });
  services = await create(t, '/api/types', { productTypeName: 'Services' });
});

const body = (overrides: Record<string, unknown> = {}) => ({
  productName: 'Wi-Fi Router',
  productPrice: 12_500,
  productType: hardware._id,
  ...overrides,
});
const names = (list: { data: Product[] }) => list.data.map((p) => p.productName);

describe('products CRUD', () => {
  it('creates with the type populated and the price in fils, reads, updates and deletes', async () => {
    const created = await create<Product>(
      t,
      '/api/products',
      body({ productName: '  Wi-Fi Router ', productPrice: 1005 }),
    );
    expect(created).toEqual({
      _id: expect.any(String),
      productName: 'Wi-Fi Router',
      productPrice: 1005,
      productType: { _id: hardware._id, productTypeName: 'Hardware' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', `/api/products/${created._id}`)).json().data).toEqual(created);

    const updated = await t.request(
      'PUT',
      `/api/products/${created._id}`,
      body({ productName: 'Installation', productPrice: 0, productType: services._id }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      productName: 'Installation',
      productPrice: 0,
      productType: { _id: services._id, productTypeName: 'Services' },
    });

    expect((await t.request('DELETE', `/api/products/${created._id}`)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/products/${created._id}`)).statusCode).toBe(404);
  });

  it('keeps large prices exact', async () => {
    const product = await createProduct(t, { productType: hardware._id, productPrice: 999_999_999_999 });
    expect((await t.request('GET', `/api/products/${product._id}`)).json().data.productPrice).toBe(999_999_999_999);
  });
});

describe('product validation', () => {
  const expectError = (payload: object, field: string, message: string) =>
    expectFieldRefusal(t, '/api/products', payload, field, message);

  it('names every missing field with its message', async () => {
    const response = await t.request('POST', '/api/products', {});
    expect(response.json()).toEqual({
      requestId: expect.any(String),
      message: 'Product name is required',
      errors: {
        productName: 'Product name is required',
        productPrice: 'Product price is required',
        productType: 'Product type is required',
      },
    });
  });

  it('checks name length, price and type', async () => {
    await expectError(body({ productName: ' ' }), 'productName', 'Product name is required');
    for (const name of ['A', 'Ab', 'x'.repeat(100)]) {
      expect((await t.request('POST', '/api/products', body({ productName: name }))).statusCode).toBe(201);
    }
    await expectError(
      body({ productName: 'x'.repeat(101) }),
      'productName',
      'Product name cannot exceed 100 characters',
    );
    await expectError(body({ productPrice: null }), 'productPrice', 'Product price is required');
    await expectError(body({ productPrice: '' }), 'productPrice', 'Product price is required');
    // KD text is read exactly as the product dialog reads it, and refused with the same words.
    await expectError(body({ productPrice: '12,5' }), 'productPrice', 'Use a point for decimals');
    await expectError(body({ productPrice: '0.0001' }), 'productPrice', 'At most 3 decimals');
    await expectError(body({ productPrice: 'twelve' }), 'productPrice', 'Enter an amount such as 12.500');
    const typed = await t.request('POST', '/api/products', body({ productName: 'Typed price', productPrice: '١٢٫٥' }));
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.productPrice).toBe(12_500);
    await expectError(body({ productPrice: 12.5 }), 'productPrice', 'Amounts are whole fils (thousandths of a KD)');
    await expectError(body({ productPrice: -1 }), 'productPrice', 'Product price cannot be negative');
    await expectError(body({ productType: '' }), 'productType', 'Product type is required');
    await expectError(
      body({ productType: '00000000-0000-4000-8000-000000000000' }),
      'productType',
      'Product type not found',
    );
    await expectError(body({ sku: 'X1' }), 'sku', 'Unknown field "sku"');
  });
});

describe('product list', () => {
  let tools: { _id: string };
  beforeAll(async () => {
    tools = await create(t, '/api/types', { productTypeName: 'Tools' });
    for (const productName of ['Drill 500W', 'Hammer', 'drill bits set', 'مثقاب كهربائي']) {
      await createProduct(t, { productName, productType: tools._id });
    }
  });

  it('searches by name case-insensitively and in Arabic, and filters by type', async () => {
    const list = async (query: string) => (await t.request('GET', `/api/products?${query}`)).json();
    expect(names(await list(`productType=${tools._id}`))).toEqual([
      'مثقاب كهربائي',
      'drill bits set',
      'Hammer',
      'Drill 500W',
    ]);
    expect(names(await list(`productType=${tools._id}&search=DRILL`))).toEqual(['drill bits set', 'Drill 500W']);
    expect(names(await list(`search=${encodeURIComponent('مثقاب')}`))).toEqual(['مثقاب كهربائي']);
    expect(names(await list(`productType=${services._id}&search=drill`))).toEqual([]);
    const page = await list(`productType=${tools._id}&limit=3&page=2`);
    expect(names(page)).toEqual(['Drill 500W']);
    expect(page.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2, totalPages: 2 });
    expect((await t.request('GET', '/api/products?productType=zzz')).statusCode).toBe(400);
  });
});

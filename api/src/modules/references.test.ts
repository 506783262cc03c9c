import { describe, expect, it } from '@rstest/core';
import { setUpApp, create, createCustomer, createProduct, customerLookups } from '../test';

describe('deleting a customer or product that invoices and payments use', () => {
  const t = setUpApp();

  it('is refused with a message naming what uses it, and the record stays', async () => {
    const customer = await createCustomer(t, await customerLookups(t));
    const product = await createProduct(t, { productPrice: 2_500 });
    const line = { product: product._id, quantity: 2, unitPrice: 2_500 };
    const invoice = (credit: boolean) =>
      create(t, '/api/invoices', {
        customer: customer._id,
        dateOfCreation: '2026-11-21',
        credit,
        products: [line, line],
      });
    await invoice(true);
    // A Cash invoice is settled at the counter: it also records a payment.
    await invoice(false);

    const customerDelete = await t.request('DELETE', `/api/customers/${customer._id}`);
    expect(customerDelete.statusCode).toBe(409);
    expect(customerDelete.json().message).toBe('Cannot delete: 2 invoices and 1 payment use this customer');

    // Two lines of one invoice count as one invoice.
    const productDelete = await t.request('DELETE', `/api/products/${product._id}`);
    expect(productDelete.statusCode).toBe(409);
    expect(productDelete.json().message).toBe('Cannot delete: 2 invoices use this product');

    expect((await t.request('GET', `/api/customers/${customer._id}`)).statusCode).toBe(200);
    expect((await t.request('GET', `/api/products/${product._id}`)).statusCode).toBe(200);
  });
});

import { describe, expect, it } from '@rstest/core';
import { api } from '../api';
import { customerRecord, productRecord } from '.';
import { answer, fakeApi, list, takeRefusals } from './fake-api';

const FATIMA = customerRecord({ _id: 'c1', customerName: 'Fatima' });

// Each test takes the refusals it caused: the kit's setup would otherwise fail it for them. The
// answers the API could not give are type errors too (each marked where a test gives one on purpose).
describe('the fake API', () => {
  it('answers what the API declares, with the route’s own status', async () => {
    fakeApi({
      'POST /customers': () => answer(FATIMA),
      'GET /customers': () => list([FATIMA]),
      'DELETE /customers/c1': () => undefined,
    });
    const created = await api.post('/customers', {});
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ data: FATIMA });
    expect((await api.get('/customers')).data.pagination.total).toBe(1);
    expect((await api.delete('/customers/c1')).status).toBe(204);
    expect(takeRefusals()).toEqual([]);
  });

  it('refuses a record answered bare, outside the { data } envelope', async () => {
    // @ts-expect-error: a record is answered under data
    fakeApi({ 'GET /customers/c1': () => FATIMA });
    await expect(api.get('/customers/c1')).rejects.toThrow('The fake API refused an answer');
    expect(takeRefusals()).toEqual(["GET /customers/:id 200 does not fit the contract's answer (at: data)"]);
  });

  it('refuses a record with a field of the wrong type, or one the API does not answer', async () => {
    fakeApi({
      // @ts-expect-error: a price is answered in fils, not as the KD text staff type
      'GET /products/p1': () => answer({ ...productRecord(), productPrice: '12.500' }),
      // A field the record does not have is refused when answered (the serializer would drop it).
      'GET /customers/c1': () => answer({ ...FATIMA, balance: 5 }),
    });
    await expect(api.get('/products/p1')).rejects.toThrow();
    await expect(api.get('/customers/c1')).rejects.toThrow();
    expect(takeRefusals()).toEqual([
      "GET /products/:id 200 does not fit the contract's answer (at: data.productPrice)",
      "GET /customers/:id 200 does not fit the contract's answer (at: data.balance)",
    ]);
  });

  it('refuses a list without its pagination, and a field of the wrong type the contract names', async () => {
    fakeApi({
      // @ts-expect-error: a list answers its pagination
      'GET /invoices': () => ({ data: [] }),
      'GET /invoices/i1/payment-status': () => ({
        // @ts-expect-error: amounts are fils, numbers
        data: { paymentStatus: { totalAmount: 1000, totalPaid: 0, remainingAmount: '1.000', status: 'unpaid' } },
      }),
    });
    await expect(api.get('/invoices')).rejects.toThrow();
    await expect(api.get('/invoices/i1/payment-status')).rejects.toThrow();
    expect(takeRefusals()).toEqual([
      "GET /invoices 200 does not fit the contract's answer (at: pagination)",
      "GET /invoices/:id/payment-status 200 does not fit the contract's answer (at: data.paymentStatus.remainingAmount)",
    ]);
  });

  it('refuses a status the route never answers, an error without its message, and a route the API lacks', async () => {
    fakeApi({
      'PUT /customers/c1': () => ({ status: 201, body: answer(FATIMA) }),
      // @ts-expect-error: an error answers { message, errors? }
      'POST /customers': () => ({ status: 400, body: { error: 'Bad' } }),
      'GET /customers/c1/history': () => ({ data: [] }),
    });
    await expect(api.put('/customers/c1', {})).rejects.toThrow();
    await expect(api.post('/customers', {})).rejects.toThrow();
    await expect(api.get('/customers/c1/history')).rejects.toThrow();
    expect(takeRefusals()).toEqual([
      'PUT /customers/:id never answers 201',
      'POST /customers 400: an error answers { message, errors? }',
      'GET /customers/c1/history is no route of the API',
    ]);
  });
});

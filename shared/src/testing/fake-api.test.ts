import { describe, expect, it } from '@rstest/core';
import { api } from '../api';
import { fakeApi, list, takeRefusals } from './fake-api';

// Each test takes the refusals it caused: the kit's setup would otherwise fail it for them.
describe('the fake API', () => {
  it('answers what the API declares, with the route’s own status', async () => {
    fakeApi({
      'POST /customers': () => ({ data: { _id: 'c1', customerName: 'Fatima' } }),
      'GET /customers': () => list([{ _id: 'c1', customerName: 'Fatima' }]),
      'DELETE /customers/c1': () => undefined,
    });
    const created = await api.post('/customers', {});
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ data: { _id: 'c1', customerName: 'Fatima' } });
    expect((await api.get('/customers')).data.pagination.total).toBe(1);
    expect((await api.delete('/customers/c1')).status).toBe(204);
    expect(takeRefusals()).toEqual([]);
  });

  it('refuses a record answered bare, outside the { data } envelope', async () => {
    fakeApi({ 'GET /customers/c1': () => ({ _id: 'c1', customerName: 'Fatima' }) });
    await expect(api.get('/customers/c1')).rejects.toThrow('The fake API refused an answer');
    expect(takeRefusals()).toEqual(["GET /customers/:id 200 does not fit the contract's answer (at: data)"]);
  });

  it('refuses a list without its pagination, and a field of the wrong type the contract names', async () => {
    fakeApi({
      'GET /invoices': () => ({ data: [] }),
      'GET /invoices/i1/payment-status': () => ({
        data: { paymentStatus: { remainingAmount: '1.000', totalPaid: 0 } },
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
      'PUT /customers/c1': () => ({ status: 201, body: { data: { _id: 'c1' } } }),
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

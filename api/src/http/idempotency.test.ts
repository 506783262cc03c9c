import { describe, expect, it } from '@rstest/core';
import { count, eq } from 'drizzle-orm';
import { payments } from '../db/schema';
import { AuthService } from '../modules/auth/service';
import { createProduct, setUpApp, setUpLedger, setUpSession } from '../test';
import { KEY_REUSED } from './idempotency';
import { onlyRow } from '../db/rows';

const t = setUpApp();
const f = setUpLedger(t);
const auth = setUpSession(t);

const send = (url: string, payload: object, key?: string, headers: Record<string, string> = auth) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });

const paymentsOf = async (customer: string) =>
  onlyRow(await t.db.select({ n: count() }).from(payments).where(eq(payments.customerId, customer))).n;

describe('Idempotency-Key on money-creating calls', () => {
  it('100 retries of one key, 25 at a time, create exactly one payment and all get its answer', async () => {
    const customer = await f.customer();
    const body = f.advanceBody(customer._id, 1_250);
    const answers = [];
    for (let wave = 0; wave < 4; wave++) {
      answers.push(
        ...(await Promise.all(Array.from({ length: 25 }, () => send('/api/payments/advance', body, 'retry-me')))),
      );
    }
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
    const ids = new Set(answers.map((r) => r.json().data._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(99);
    expect(await paymentsOf(customer._id)).toBe(1);
    expect((await f.balance(customer._id)).advanceBalance).toBe(1_250);
  });

  it('replays an invoice payment without paying the invoice twice', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 1_000);
    const body = f.payBody(customer._id, [[invoice.id, 600]]);
    const first = await send('/api/payments/invoice', body, 'pay-once');
    const again = await send('/api/payments/invoice', body, 'pay-once');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 600 });
  });

  it('refuses a key reused for a different body', async () => {
    const customer = await f.customer();
    await send('/api/payments/advance', f.advanceBody(customer._id, 500), 'reused');
    const otherBody = await send('/api/payments/advance', f.advanceBody(customer._id, 501), 'reused');
    expect([otherBody.statusCode, otherBody.json().message]).toEqual([409, KEY_REUSED]);
    // The same body with its keys in another order is the same request.
    const { amount, ...rest } = f.advanceBody(customer._id, 500);
    expect((await send('/api/payments/advance', { amount, ...rest }, 'reused')).statusCode).toBe(201);
    expect(await paymentsOf(customer._id)).toBe(1);
  });

  it('refuses a key reused on another route, whatever the route, and records nothing there', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 1_000);
    const product = await createProduct(t, { productName: 'Key product', productPrice: 1_000 });
    expect((await send('/api/payments/advance', f.advanceBody(customer._id, 500), 'one-key')).statusCode).toBe(201);
    const elsewhere = [
      await send('/api/payments/refund', f.advanceBody(customer._id, 100), 'one-key'),
      await send('/api/payments/invoice', f.payBody(customer._id, [[invoice.id, 100]]), 'one-key'),
      await send(
        '/api/invoices',
        {
          customer: customer._id,
          dateOfCreation: f.day,
          credit: false,
          products: [{ product: product._id, quantity: 1, unitPrice: 1_000 }],
          totalAmount: 1_000,
        },
        'one-key',
      ),
    ];
    expect(elsewhere.map((r) => [r.statusCode, r.json().message])).toEqual(Array(3).fill([409, KEY_REUSED]));
    expect(await paymentsOf(customer._id)).toBe(1);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 0 });
    // The first route still replays its answer.
    const again = await send('/api/payments/advance', f.advanceBody(customer._id, 500), 'one-key');
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
  });

  it('does not remember a refused request, so the retry runs once the cause is gone', async () => {
    const customer = await f.customer();
    const refund = f.advanceBody(customer._id, 300);
    const early = await send('/api/payments/refund', refund, 'refund-1');
    expect(early.statusCode).toBe(409);
    await f.advance(customer._id, 300);
    const later = await send('/api/payments/refund', refund, 'refund-1');
    expect(later.statusCode).toBe(201);
    expect((await f.balance(customer._id)).advanceBalance).toBe(0);
  });

  it('keeps keys per user and works without a key', async () => {
    const customer = await f.customer();
    const body = f.advanceBody(customer._id, 100);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: await t.login() });
    // Another session of the same user shares the key; requests without a key are never deduplicated.
    expect((await send('/api/payments/advance', body, 'k', await t.login())).statusCode).toBe(201);
    expect((await send('/api/payments/advance', body, 'k')).headers['idempotent-replayed']).toBe('true');
    // Another user's key is another key.
    await new AuthService(t.db, t.config).createUser({
      username: 'second',
      name: 'Second',
      password: 'another long password',
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'second', password: 'another long password' },
    });
    const other = await send('/api/payments/advance', body, 'k', {
      authorization: `Bearer ${second.json().data.token}`,
    });
    expect([other.statusCode, other.headers['idempotent-replayed']]).toEqual([201, undefined]);
    await send('/api/payments/advance', body);
    await send('/api/payments/advance', body);
    expect(await paymentsOf(customer._id)).toBe(4);
    const tooLong = await send('/api/payments/advance', body, 'x'.repeat(256));
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'Idempotency-Key must be 1 to 255 characters']);
  });
});

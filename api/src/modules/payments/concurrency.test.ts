import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from '@rstest/core';
import { fullOnPostgres, ledgerViolations, runPool, setUpApp, setUpLedger } from '../../test';

/**
 * Many staff paying, refunding and deleting at once, through the real HTTP path. On PostgreSQL the
 * transactions really contend for the row locks (the harness's pool has several connections);
 * PGlite runs them one after another, which must give the same guarantees.
 */
const t = setUpApp();
const f = setUpLedger(t);

const ATTEMPTS = fullOnPostgres(1_000);
const IN_FLIGHT = 50;

/** A small seeded generator, so a failing mix can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const statusesOf = (responses: LightMyRequestResponse[]) => {
  const tally: Record<number, number> = {};
  for (const response of responses) tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
  return tally;
};

describe('concurrent money on one invoice and one advance balance', () => {
  it(`${ATTEMPTS} invoice payments, ${IN_FLIGHT} at a time: never overpaid, never below zero, every refusal a clean 409`, async () => {
    // Half the payments of 0.100 KD settle the invoice, the first of them drawing the advance.
    const accepted = ATTEMPTS / 2;
    const total = accepted * 100;
    const advance = 20 * ATTEMPTS + 50;
    const customer = await f.customer();
    for (let i = 0; i < 4; i++) await f.advance(customer._id, 5 * ATTEMPTS);
    await f.advance(customer._id, 50);
    const invoice = await f.invoice(customer._id, total);

    const responses = await runPool(ATTEMPTS, IN_FLIGHT, () =>
      t.request(
        'POST',
        '/api/payments/invoice',
        f.payBody(customer._id, [[invoice.id, 100]], { useAdvanceBalance: true }),
      ),
    );

    expect(statusesOf(responses)).toEqual({ 201: accepted, 409: ATTEMPTS - accepted });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toMatch(
        new RegExp(`^Payment of 0\\.100 KD exceeds the remaining 0\\.000 KD on ${invoice.invoiceNumber}$`),
      );
    }
    const payments = responses.filter((r) => r.statusCode === 201).map((r) => r.json().data);
    expect(payments.reduce((sum, result) => sum + result.advanceUsed, 0)).toBe(advance);
    expect(payments.reduce((sum, result) => sum + result.remainingAmountPaid, 0)).toBe(total - advance);
    expect(new Set(payments.map((result) => result.payment.paymentNumber)).size).toBe(accepted);
    expect(await f.invoiceState(invoice.id)).toEqual({
      totalAmount: total,
      paidAmount: total,
      status: 'paid',
      remaining: 0,
    });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 0, totalPaid: total });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it(`${ATTEMPTS} payments, refunds, advances and deletes mixed, ${IN_FLIGHT} at a time: every fils accounted for`, async () => {
    const customer = await f.customer();
    const created: { id: string; type: string }[] = [];
    for (let i = 0; i < 10; i++) created.push({ id: (await f.advance(customer._id, 3_000))._id, type: 'advance' });
    const invoice = await f.invoice(customer._id, 20_000);
    const next = random(20261121);

    const outcomes = await runPool(ATTEMPTS, IN_FLIGHT, async () => {
      const roll = next();
      // Each payment is deleted at most once, so a refusal can only be the ledger's 409.
      const target =
        roll < 0.25 && created.length ? created.splice(Math.floor(next() * created.length), 1)[0] : undefined;
      if (target) {
        return { kind: `delete ${target.type}`, response: await t.request('DELETE', `/api/payments/${target.id}`) };
      }
      let kind = 'pay';
      let request: Promise<LightMyRequestResponse>;
      if (roll < 0.35) {
        kind = 'advance';
        request = t.request('POST', '/api/payments/advance', f.advanceBody(customer._id, 1_000));
      } else if (roll < 0.5) {
        kind = 'refund';
        request = t.request('POST', '/api/payments/refund', f.advanceBody(customer._id, 200));
      } else {
        request = t.request(
          'POST',
          '/api/payments/invoice',
          f.payBody(customer._id, [[invoice.id, 100]], { useAdvanceBalance: true }),
        );
      }
      const response = await request;
      if (response.statusCode === 201) {
        const data = response.json().data;
        created.push({ id: (data.payment ?? data)._id, type: kind });
      }
      return { kind, response };
    });

    const unexpected = outcomes.filter(({ response }) => ![201, 204, 409].includes(response.statusCode));
    expect(unexpected.map(({ kind, response }) => `${kind}: ${response.statusCode} ${response.body}`)).toEqual([]);
    const refusals = new Set(
      outcomes
        .filter(({ response }) => response.statusCode === 409)
        .map(({ kind, response }) => `${kind}: ${response.json().message.replace(/[\d.]+ KD/g, 'n KD')}`),
    );
    for (const refusal of refusals) {
      expect([
        `pay: Payment of n KD exceeds the remaining n KD on ${invoice.invoiceNumber}`,
        'refund: Refund of n KD exceeds the advance balance of n KD',
        'delete advance: This advance has already been used',
      ]).toContain(refusal);
    }
    // Some of each kind really happened, so the mix exercised what it claims to.
    const done = (kind: string, status: number) =>
      outcomes.filter((o) => o.kind === kind && o.response.statusCode === status).length;
    expect(done('pay', 201)).toBeGreaterThan(0);
    expect(done('refund', 201)).toBeGreaterThan(0);
    expect(done('delete pay', 204) + done('delete advance', 204) + done('delete refund', 204)).toBeGreaterThan(0);

    expect(await ledgerViolations(t.db)).toEqual([]);
    const state = await f.invoiceState(invoice.id);
    expect(state.paidAmount).toBeLessThanOrEqual(20_000);
    expect(state.status).toBe(state.paidAmount === 20_000 ? 'paid' : 'unpaid');
    expect((await f.balance(customer._id)).advanceBalance).toBeGreaterThanOrEqual(0);
  });
});

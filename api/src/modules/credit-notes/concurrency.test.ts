import type { CreditNote } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { creditNotes } from '../../db/schema';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';

/**
 * Staff issuing credit notes on one invoice at once through two API instances of one database. On
 * PostgreSQL each instance has its own pool, so the issues really contend for the account, invoice
 * and counter rows; PGlite runs them one after another, which must give the same answers.
 */
const t = setUpApp();
const f = setUpLedger(t);

const CLICKS = 20;

describe(`${CLICKS} credit notes at once over two instances`, () => {
  it('never credit more than the invoice, and are numbered without a gap or a repeat', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    await f.pay(customer._id, [[invoice.id, 4_000]]);
    const other = await t.anotherInstance();
    const headers = await t.login();

    // Each asks 1.500 KD: at most six fit in the 10.000 KD.
    const responses = await Promise.all(
      Array.from({ length: CLICKS }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/credit-notes',
          headers,
          payload: { invoice: invoice.id, date: f.day, reason: 'price_adjustment', amount: 1_500 },
        }),
      ),
    );

    const issued = responses.filter((r) => r.statusCode === 201).map((r) => r.json().data as CreditNote);
    expect(issued).toHaveLength(6);
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(/^Credit of 1\.500 KD exceeds the (0|1)\.000 KD not yet credited on /);
    }
    const numbers = (await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id)))
      .map((note) => Number(note.creditNoteNumber.slice(3)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => numbers[0]! + i));
    // The first six fill what was owed (6.000 KD), the sixth's last 3.000 KD had been paid: advance.
    expect(issued.reduce((sum, note) => sum + note.toAdvance, 0)).toBe(3_000);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 1_000, remaining: 0, status: 'paid' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 3_000, totalDue: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

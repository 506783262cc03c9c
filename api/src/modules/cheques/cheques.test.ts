import { CHEQUE_STATUSES, type Cheque, type ChequeStatus } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, customers, invoices } from '../../db/schema';
import { onlyRow } from '../../db/rows';
import { ledgerViolations, read, setUpApp, setUpLedger } from '../../test';

/** Thursday 26 November 2026 in Kuwait: the next business day is Sunday the 29th. */
const t = setUpApp({ now: () => new Date('2026-11-26T06:00:00.000Z') });
const f = setUpLedger(t);
let bank: string;
beforeAll(async () => {
  bank = (await f.bank('Gulf Bank'))._id;
});

const POST_DATED = { chequeDate: '2027-01-15' };
const AFTER_DATE = '2027-01-17';

const getCheque = async (id: string) => (await read<{ data: Cheque }>(t, `/api/cheques/${id}`)).data;
const getInvoice = async (id: string) =>
  (await read<{ data: { coveredByCheques?: unknown[] } }>(t, `/api/invoices/${id}`)).data;
const auditEntries = async (entityId: string, action?: string) =>
  onlyRow(
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action as 'create') : undefined)),
  ).n;
const customerStatus = async (id: string) =>
  onlyRow(await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, id))).status;

describe('recording a cheque', () => {
  it('dated on or before the day received: posts at once, its invoices first, the rest an advance', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const cheque = await f.cheque(customer._id, bank, 15_000, [[invoice.id, 6_000]], { drawerName: 'Ali Hassan' });

    expect(cheque).toMatchObject({
      status: 'in_hand',
      postDated: false,
      postedDate: '2026-11-21T00:00:00.000Z',
      amount: 15_000,
      drawerName: 'Ali Hassan',
      bank: { _id: bank, bankName: 'Gulf Bank', bankNameAr: null },
      customer: { _id: customer._id, customerName: customer.customerName },
      relatedInvoices: [{ invoice: invoice.id, invoiceNumber: invoice.invoiceNumber, paidAmount: 6_000 }],
      reversals: [],
    });
    expect(cheque.payments.map((p) => [p.paymentType, p.amount, p.paymentDate])).toEqual([
      ['invoice_payment', 6_000, '2026-11-21T00:00:00.000Z'],
      ['advance', 9_000, '2026-11-21T00:00:00.000Z'],
    ]);
    const payment = (
      await read<{ data: { paymentMode: string; referenceNumber: string } }>(
        t,
        `/api/payments/${cheque.payments[0]!._id}`,
      )
    ).data;
    expect(payment).toMatchObject({ paymentMode: 'Check', referenceNumber: cheque.chequeNumber });
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 6_000, remaining: 4_000, status: 'unpaid' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 9_000, totalDue: 4_000, totalPaid: 6_000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('without invoices: all of it an advance', async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 5_000, [], { chequeDate: '2026-11-21' });
    expect(cheque.payments.map((p) => [p.paymentType, p.amount])).toEqual([['advance', 5_000]]);
    expect((await f.balance(customer._id)).advanceBalance).toBe(5_000);
  });

  it('post-dated: posts nothing, leaves its invoices due and shows on them as cover', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const before = await f.balance(customer._id);
    const cheque = await f.cheque(customer._id, bank, 8_000, [[invoice.id, 8_000]], POST_DATED);

    expect(cheque).toMatchObject({ postDated: true, postedDate: null, payments: [], status: 'in_hand' });
    expect(await f.balance(customer._id)).toEqual(before);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 0, remaining: 10_000 });
    expect((await getInvoice(invoice.id)).coveredByCheques).toEqual([
      { _id: cheque._id, chequeNumber: cheque.chequeNumber, chequeDate: '2027-01-15T00:00:00.000Z', amount: 8_000 },
    ]);
    const listed = await read<{ data: { _id: string; coveredByCheques?: unknown }[] }>(
      t,
      `/api/invoices?customer=${customer._id}`,
    );
    expect(listed.data.find((row) => row._id === invoice.id)?.coveredByCheques).toHaveLength(1);

    await f.step(cheque._id, 'deposit', { date: AFTER_DATE });
    expect(await f.balance(customer._id)).toEqual(before);
    const cleared = await f.step(cheque._id, 'clear', { date: AFTER_DATE });
    expect(cleared).toMatchObject({ status: 'cleared', postedDate: `${AFTER_DATE}T00:00:00.000Z` });
    expect(cleared.payments.map((p) => [p.paymentType, p.amount, p.paymentDate])).toEqual([
      ['invoice_payment', 8_000, `${AFTER_DATE}T00:00:00.000Z`],
    ]);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 8_000, remaining: 2_000 });
    expect((await getInvoice(invoice.id)).coveredByCheques).toBeUndefined();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('post-dated, cleared after its invoice was partly paid: the invoice takes what it needs, the rest is an advance', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const cheque = await f.cheque(customer._id, bank, 8_000, [[invoice.id, 8_000]], POST_DATED);
    await f.pay(customer._id, [[invoice.id, 5_000]]);
    await f.step(cheque._id, 'deposit', { date: AFTER_DATE });
    const cleared = await f.step(cheque._id, 'clear', { date: AFTER_DATE });
    expect(cleared.payments.map((p) => [p.paymentType, p.amount])).toEqual([
      ['invoice_payment', 5_000],
      ['advance', 3_000],
    ]);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 10_000, status: 'paid' });
    expect((await f.balance(customer._id)).advanceBalance).toBe(3_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('a payment made with a cheque', () => {
  const chequeOf = (number: string) => ({ chequeNumber: number, bank, chequeDate: '2026-11-21' });
  const chequesOf = async (customer: string) =>
    (await read<{ data: Cheque[] }>(t, `/api/cheques?customer=${customer}`)).data;

  it('an advance in mode Check enters the register, posted at once; a bounce takes it back', async () => {
    const customer = await f.customer();
    const payment = await f.advance(customer._id, 7_000, { paymentMode: 'Check', cheque: chequeOf('300101') });
    expect(payment).toMatchObject({ paymentType: 'advance', paymentMode: 'Check', amount: 7_000 });
    const [cheque] = await chequesOf(customer._id);
    expect(cheque).toMatchObject({ chequeNumber: '300101', status: 'in_hand', amount: 7_000, postDated: false });
    expect(cheque!.payments.map((p) => p._id)).toEqual([payment._id]);
    expect((await f.balance(customer._id)).advanceBalance).toBe(7_000);

    await f.step(cheque!._id, 'deposit');
    await f.step(cheque!._id, 'bounce', { reason: 'Insufficient funds' });
    expect((await f.balance(customer._id)).advanceBalance).toBe(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('with the advance balance: the advance part is a payment of its own, so a bounce takes back only the cheque', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 60_000);
    await f.advance(customer._id, 45_000);
    const result = await f.pay(customer._id, [[invoice.id, 60_000]], {
      paymentMode: 'Check',
      useAdvanceBalance: true,
      cheque: chequeOf('300102'),
    });
    expect(result).toMatchObject({
      advanceUsed: 45_000,
      remainingAmountPaid: 15_000,
      payment: { paymentMode: 'Check', amount: 15_000, advanceUsed: 0 },
    });
    const listed = await read<{ data: { paymentMode: string; amount: number; advanceUsed: number }[] }>(
      t,
      `/api/payments?customer=${customer._id}&paymentType=invoice_payment&sort=paymentNumber&order=asc`,
    );
    expect(listed.data.map((p) => [p.paymentMode, p.amount, p.advanceUsed])).toEqual([
      ['Advance', 45_000, 45_000],
      ['Check', 15_000, 0],
    ]);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ remaining: 0, status: 'paid' });

    const [cheque] = await chequesOf(customer._id);
    expect(cheque).toMatchObject({ amount: 15_000, relatedInvoices: [{ invoice: invoice.id, paidAmount: 15_000 }] });
    const refusedDelete = await t.request('DELETE', `/api/payments/${result.payment._id}`);
    expect(refusedDelete.statusCode).toBe(409);
    await f.step(cheque!._id, 'deposit');
    await f.step(cheque!._id, 'bounce', { reason: 'Signature differs' });
    expect(await f.invoiceState(invoice.id)).toMatchObject({ remaining: 15_000 });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 15_000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses cheque details in another mode, a post-dated cheque and a refund by cheque; Check alone still works', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 5_000);
    const refused = async (url: string, body: object) => {
      const response = await t.request('POST', url, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors;
    };
    expect(
      await refused('/api/payments/advance', f.advanceBody(customer._id, 1_000, { cheque: chequeOf('1') })),
    ).toEqual({
      cheque: 'Cheque details go with the payment mode Check',
    });
    const postDated = { paymentMode: 'Check', cheque: { ...chequeOf('2'), chequeDate: '2026-12-01' } };
    expect(await refused('/api/payments/invoice', f.payBody(customer._id, [[invoice.id, 1_000]], postDated))).toEqual({
      'cheque.chequeDate': 'A post-dated cheque is recorded on the Cheques page',
    });
    expect(
      await refused('/api/payments/advance', f.advanceBody(customer._id, 1_000, { paymentMode: 'Check', cheque: {} })),
    ).toEqual({
      'cheque.chequeNumber': 'Cheque number is required',
      'cheque.bank': 'Bank is required',
      'cheque.chequeDate': 'Cheque date is required',
    });
    const refund = await t.request(
      'POST',
      '/api/payments/refund',
      f.advanceBody(customer._id, 1_000, { paymentMode: 'Check', cheque: chequeOf('3') }),
    );
    expect(refund.statusCode).toBe(400);
    expect(await chequesOf(customer._id)).toEqual([]);
    expect(await f.pay(customer._id, [[invoice.id, 1_000]], { paymentMode: 'Check' })).toMatchObject({
      payment: { paymentMode: 'Check', amount: 1_000 },
    });
    expect(await chequesOf(customer._id)).toEqual([]);
  });
});

describe('the aging report', () => {
  type Aging = {
    data: { customer: { _id: string }; total: number; pdcsInHand: number; netExposure: number }[];
    totals: { total: number; pdcsInHand: number; netExposure: number };
  };
  const aging = (customer: { customerName: string }, asOf?: string) =>
    read<Aging>(
      t,
      `/api/receivables/aging?search=${encodeURIComponent(customer.customerName)}${asOf ? `&asOf=${asOf}` : ''}`,
    );

  it('shows the PDCs in hand beside what is due and the net exposure, until the cheque clears', async () => {
    const customer = await f.customer(`Exposure ${Date.now()}`);
    const invoice = await f.invoice(customer._id, 10_000, 'unpaid', '2026-11-01');
    const cheque = await f.cheque(customer._id, bank, 6_000, [[invoice.id, 6_000]], POST_DATED);
    await f.cheque(customer._id, bank, 1_500, [], POST_DATED);

    const now = await aging(customer);
    expect(now.data.map((row) => [row.total, row.pdcsInHand, row.netExposure])).toEqual([[10_000, 7_500, 2_500]]);
    expect(now.totals).toMatchObject({ total: 10_000, pdcsInHand: 7_500, netExposure: 2_500 });
    // Before they were received, the cheques were not in hand.
    expect((await aging(customer, '2026-11-20')).totals).toMatchObject({ total: 10_000, pdcsInHand: 0 });

    await f.step(cheque._id, 'deposit', { date: AFTER_DATE });
    await f.step(cheque._id, 'clear', { date: AFTER_DATE });
    // Cleared on the 17th of January: still in hand on the report of the 16th, money after.
    expect((await aging(customer, '2027-01-16')).totals).toMatchObject({ total: 10_000, pdcsInHand: 7_500 });
    expect((await aging(customer, AFTER_DATE)).totals).toMatchObject({
      total: 4_000,
      pdcsInHand: 1_500,
      netExposure: 2_500,
    });
  });
});

describe('a bounce', () => {
  it('reverses what the cheque posted by entries of their own, bills the charge and marks the customer high', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000, 'overdue');
    const other = await f.invoice(customer._id, 4_000);
    const cheque = await f.cheque(customer._id, bank, 16_000, [
      [invoice.id, 10_000],
      [other.id, 4_000],
    ]);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ status: 'paid', remaining: 0 });
    await f.step(cheque._id, 'deposit');
    const bounced = await f.step(cheque._id, 'bounce', { reason: 'Insufficient funds', charge: '2.5' });

    expect(bounced).toMatchObject({
      status: 'bounced',
      bouncedDate: '2026-11-21T00:00:00.000Z',
      bounceReason: 'Insufficient funds',
      bounceCharge: 2_500,
      shortfallInvoice: null,
    });
    // The payments stay; each has its reversal, negated.
    expect(bounced.payments.map((p) => p.amount)).toEqual([14_000, 2_000]);
    expect(bounced.reversals.map((p) => [p.paymentType, p.amount])).toEqual([
      ['invoice_payment', -14_000],
      ['advance', -2_000],
    ]);
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 0, remaining: 10_000, status: 'unpaid' });
    expect(await f.invoiceState(other.id)).toMatchObject({ paidAmount: 0, remaining: 4_000, status: 'unpaid' });
    const charge = onlyRow(await t.db.select().from(invoices).where(eq(invoices.id, bounced.chargeInvoice!._id)));
    expect(charge).toMatchObject({
      totalAmount: 2_500,
      credit: true,
      status: 'unpaid',
      referenceNumber: cheque.chequeNumber,
    });
    expect(charge.notes).toBe(`Returned cheque charge: cheque ${cheque.chequeNumber}`);
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 16_500, totalPaid: 0 });
    expect(await customerStatus(customer._id)).toBe('high');
    // The statement shows the money taken back as what it is: a debit, not a negative payment.
    const statement = await read<{
      data: { lines: { description: string; debit: number; credit: number }[]; closingBalance: number };
    }>(t, `/api/customers/${customer._id}/statement?from=2026-11-01&to=2026-11-30`);
    expect(statement.data.lines.filter((line) => line.description.endsWith('returned cheque'))).toEqual([
      expect.objectContaining({
        description: `Payment for ${invoice.invoiceNumber}, ${other.invoiceNumber} taken back: returned cheque`,
        debit: 14_000,
        credit: 0,
      }),
      expect.objectContaining({ description: 'Advance taken back: returned cheque', debit: 2_000, credit: 0 }),
    ]);
    expect(statement.data.closingBalance).toBe(16_500);
    // A cheque's payment is taken back by the cheque, never deleted.
    const deleted = await t.request('DELETE', `/api/payments/${bounced.payments[0]!._id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      `${bounced.payments[0]!.paymentNumber} came from a cheque: bounce or return the cheque instead`,
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('after the advance it funded was spent: the customer owes exactly the spent part', async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 10_000);
    const invoice = await f.invoice(customer._id, 6_000);
    await f.pay(customer._id, [[invoice.id, 6_000]], { paymentMode: 'Advance' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 4_000, netBalance: 4_000 });

    await f.step(cheque._id, 'deposit');
    const bounced = await f.step(cheque._id, 'bounce', { reason: 'Account closed' });
    expect(bounced.reversals.map((p) => [p.paymentType, p.amount])).toEqual([['advance', -4_000]]);
    const shortfall = onlyRow(await t.db.select().from(invoices).where(eq(invoices.id, bounced.shortfallInvoice!._id)));
    expect(shortfall).toMatchObject({ totalAmount: 6_000, paidAmount: 0, status: 'unpaid' });
    expect(shortfall.notes).toBe(`Returned cheque: cheque ${cheque.chequeNumber}`);
    // What it paid from the advance stays paid; the customer owes the 6.000 KD they spent.
    expect(await f.invoiceState(invoice.id)).toMatchObject({ status: 'paid' });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 6_000, netBalance: -6_000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('of a post-dated cheque reverses nothing: it had posted nothing', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 10_000);
    const cheque = await f.cheque(customer._id, bank, 7_000, [[invoice.id, 7_000]], POST_DATED);
    await f.step(cheque._id, 'deposit', { date: AFTER_DATE });
    // A deposited post-dated cheque has posted nothing: bounced, there is nothing to reverse.
    const bounced = await f.step(cheque._id, 'bounce', { date: AFTER_DATE, reason: 'Signature differs' });
    expect(bounced).toMatchObject({ payments: [], reversals: [], shortfallInvoice: null, chargeInvoice: null });
    expect(await f.invoiceState(invoice.id)).toMatchObject({ paidAmount: 0, remaining: 10_000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('a return', () => {
  it('of a cheque that posted reverses it; of a post-dated one changes no money', async () => {
    const customer = await f.customer();
    const invoice = await f.invoice(customer._id, 3_000);
    const posted = await f.cheque(customer._id, bank, 5_000, [[invoice.id, 3_000]]);
    const returned = await f.step(posted._id, 'return', { reason: 'Wrong amount' });
    expect(returned).toMatchObject({ status: 'returned', returnReason: 'Wrong amount' });
    expect(returned.reversals.map((p) => p.amount)).toEqual([-3_000, -2_000]);
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 0, totalDue: 3_000, totalPaid: 0 });

    const promised = await f.cheque(customer._id, bank, 3_000, [[invoice.id, 3_000]], POST_DATED);
    const before = await f.balance(customer._id);
    expect(await f.step(promised._id, 'return', { reason: 'Customer pays cash' })).toMatchObject({
      status: 'returned',
      reversals: [],
    });
    expect(await f.balance(customer._id)).toEqual(before);
    expect((await getInvoice(invoice.id)).coveredByCheques).toBeUndefined();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('every step from every state', () => {
  const STEPS = ['deposit', 'clear', 'bounce', 'return', 'replace'] as const;
  const BODIES = {
    deposit: {},
    clear: {},
    bounce: { reason: 'No funds' },
    return: { reason: 'Handed back' },
    replace: { chequeNumber: 'R-1', bank: '', chequeDate: '2026-11-21', amount: 4_000 },
  };
  const bodyOf = (step: (typeof STEPS)[number]) => (step === 'replace' ? { ...BODIES.replace, bank } : BODIES[step]);
  /** How a cheque of the fixture reaches each state. */
  const PATHS: Record<ChequeStatus, (typeof STEPS)[number][]> = {
    in_hand: [],
    deposited: ['deposit'],
    cleared: ['deposit', 'clear'],
    bounced: ['deposit', 'bounce'],
    returned: ['return'],
    replaced: ['deposit', 'bounce', 'replace'],
  };
  const ALLOWED: Record<ChequeStatus, string[]> = {
    in_hand: ['deposit', 'return'],
    deposited: ['clear', 'bounce'],
    cleared: [],
    bounced: ['replace'],
    returned: [],
    replaced: [],
  };
  const REFUSALS: Record<string, string> = {
    'in_hand clear': 'is in hand: only a deposited cheque can be cleared',
    'in_hand bounce': 'is in hand: only a deposited cheque can be bounced',
    'deposited deposit': 'is already deposited',
    'deposited return': 'is deposited: only a cheque in hand can be returned',
    'cleared deposit': 'is cleared: only a cheque in hand can be deposited',
    'cleared clear': 'is already cleared',
    'cleared bounce': 'is cleared: only a deposited cheque can be bounced',
    'cleared return': 'is cleared: only a cheque in hand can be returned',
    'bounced deposit': 'is bounced: only a cheque in hand can be deposited',
    'bounced clear': 'is bounced: only a deposited cheque can be cleared',
    'bounced bounce': 'is already bounced',
    'bounced return': 'is bounced: only a cheque in hand can be returned',
    'returned deposit': 'is returned: only a cheque in hand can be deposited',
    'returned clear': 'is returned: only a deposited cheque can be cleared',
    'returned bounce': 'is returned: only a deposited cheque can be bounced',
    'returned return': 'is already returned',
    'in_hand replace': 'is in hand: only a bounced cheque can be replaced',
    'deposited replace': 'is deposited: only a bounced cheque can be replaced',
    'cleared replace': 'is cleared: only a bounced cheque can be replaced',
    'returned replace': 'is returned: only a bounced cheque can be replaced',
    'replaced deposit': 'is replaced: only a cheque in hand can be deposited',
    'replaced clear': 'is replaced: only a deposited cheque can be cleared',
    'replaced bounce': 'is replaced: only a deposited cheque can be bounced',
    'replaced return': 'is replaced: only a cheque in hand can be returned',
    'replaced replace': 'is already replaced',
  };

  it.each(CHEQUE_STATUSES.flatMap((status) => STEPS.map((step) => ({ status, step }))))(
    '$step from $status',
    async ({ status, step }) => {
      const customer = await f.customer();
      const invoice = await f.invoice(customer._id, 4_000);
      const cheque = await f.cheque(customer._id, bank, 6_000, [[invoice.id, 4_000]]);
      for (const earlier of PATHS[status]) await f.step(cheque._id, earlier, bodyOf(earlier));
      const before = { cheque: await getCheque(cheque._id), balance: await f.balance(customer._id) };
      const entries = await auditEntries(cheque._id);

      const response = await t.request('POST', `/api/cheques/${cheque._id}/${step}`, {
        date: '2026-11-21',
        ...bodyOf(step),
      });
      if (ALLOWED[status]!.includes(step)) {
        expect(response.statusCode, response.body).toBe(200);
        const after = response.json().data as Cheque;
        const reverses = step === 'bounce' || step === 'return';
        expect(after.status).toBe(
          { deposit: 'deposited', clear: 'cleared', bounce: 'bounced', return: 'returned', replace: 'replaced' }[step],
        );
        // A replacement dated today posts at once: the invoice the bounce reopened is paid again.
        expect(await f.balance(customer._id)).toMatchObject(
          step === 'replace'
            ? { advanceBalance: 0, totalDue: 0 }
            : reverses
              ? { advanceBalance: 0, totalDue: 4_000, totalPaid: 0 }
              : before.balance,
        );
        expect(await f.invoiceState(invoice.id)).toMatchObject({ remaining: reverses ? 4_000 : 0 });
        expect(await auditEntries(cheque._id, step)).toBe(1);
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(`Cheque ${cheque.chequeNumber} ${REFUSALS[`${status} ${step}`]}`);
        expect(await getCheque(cheque._id)).toEqual(before.cheque);
        expect(await f.balance(customer._id)).toEqual(before.balance);
        expect(await auditEntries(cheque._id)).toBe(entries);
      }
      expect(await ledgerViolations(t.db)).toEqual([]);
    },
  );

  it('names the cheque and its state in Arabic too', async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 1_000);
    await f.step(cheque._id, 'deposit');
    const inArabic = async (step: string, body: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/cheques/${cheque._id}/${step}`,
          headers: { ...(await t.login()), 'accept-language': 'ar' },
          payload: { date: '2026-11-21', ...body },
        })
      ).json().message;
    expect(await inArabic('deposit', {})).toBe(`الشيك ${cheque.chequeNumber} حالته «مودَع» بالفعل`);
    expect(await inArabic('return', { reason: 'x' })).toBe(
      `الشيك ${cheque.chequeNumber} حالته «مودَع»: لا يصبح «مُعاد إلى العميل» إلا شيك في اليد`,
    );
  });

  it('refuses a step dated before the step it follows, and an unknown cheque', async () => {
    const customer = await f.customer();
    const promised = await f.cheque(customer._id, bank, 1_000, [], POST_DATED);
    const early = await t.request('POST', `/api/cheques/${promised._id}/deposit`, { date: '2027-01-14' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ date: 'A cheque cannot be deposited before its date (15/01/2027)' });
    await f.step(promised._id, 'deposit', { date: AFTER_DATE });
    const clearEarly = await t.request('POST', `/api/cheques/${promised._id}/clear`, { date: '2027-01-16' });
    expect(clearEarly.json().errors).toEqual({ date: 'Date cannot be before the deposit (17/01/2027)' });
    const unknown = await t.request('POST', '/api/cheques/00000000-0000-4000-8000-000000000000/deposit', {
      date: '2026-11-21',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('validation', () => {
  const errorsOf = async (body: object) => {
    const response = await t.request('POST', '/api/cheques', body);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().errors;
  };

  it("names each missing or wrong field in the contract's words", async () => {
    expect(await errorsOf({})).toEqual({
      customer: 'Customer is required',
      chequeNumber: 'Cheque number is required',
      bank: 'Bank is required',
      chequeDate: 'Cheque date is required',
      amount: 'Amount is required',
      receivedDate: 'Received date is required',
    });
    const customer = await f.customer();
    const body = (overrides: Record<string, unknown>) => f.chequeBody(customer._id, bank, 1_000, [], overrides);
    expect(await errorsOf(body({ amount: '1.2345' }))).toEqual({ amount: 'At most 3 decimals' });
    expect(await errorsOf(body({ amount: 0 }))).toEqual({ amount: 'Amount must be greater than 0' });
    expect(await errorsOf(body({ chequeNumber: '   ' }))).toEqual({ chequeNumber: 'Cheque number is required' });
    expect(await errorsOf(body({ chequeNumber: '1'.repeat(31) }))).toEqual({
      chequeNumber: 'Cheque number cannot exceed 30 characters',
    });
    expect(await errorsOf(body({ chequeDate: '2026-02-30' }))).toEqual({
      chequeDate: 'Enter a real date (dd/mm/yyyy)',
    });
    const invoice = await f.invoice(customer._id, 5_000);
    expect(await errorsOf(body({ relatedInvoices: [{ invoice: invoice.id, paidAmount: 1_001 }] }))).toEqual({
      relatedInvoices: 'The invoices cannot take more than the cheque amount',
    });
    expect(
      await errorsOf(
        body({
          relatedInvoices: [
            { invoice: invoice.id, paidAmount: 1 },
            { invoice: invoice.id.toUpperCase(), paidAmount: 1 },
          ],
        }),
      ),
    ).toEqual({ relatedInvoices: 'Each invoice can appear only once in a cheque' });
    expect(await errorsOf(body({ bank: '00000000-0000-4000-8000-000000000000' }))).toEqual({
      bank: 'Bank not found',
    });
    const stranger = await f.customer();
    const theirs = await f.invoice(stranger._id, 5_000);
    expect(await errorsOf(body({ relatedInvoices: [{ invoice: theirs.id, paidAmount: 1 }] }))).toEqual({
      'relatedInvoices.0.invoice': `Invoice ${theirs.invoiceNumber} belongs to another customer`,
    });
  });

  it('refuses invoices the ledger would not let be paid, with its 409, for post-dated cheques too', async () => {
    const customer = await f.customer();
    const draft = await f.invoice(customer._id, 5_000, 'draft');
    const due = await f.invoice(customer._id, 5_000);
    for (const dates of [{}, POST_DATED]) {
      const over = await t.request(
        'POST',
        '/api/cheques',
        f.chequeBody(customer._id, bank, 9_000, [[due.id, 5_001]], dates),
      );
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(`Payment of 5.001 KD exceeds the remaining 5.000 KD on ${due.invoiceNumber}`);
      const notDue = await t.request(
        'POST',
        '/api/cheques',
        f.chequeBody(customer._id, bank, 9_000, [[draft.id, 1]], dates),
      );
      expect(notDue.statusCode).toBe(409);
      expect(notDue.json().message).toBe(`Invoice ${draft.invoiceNumber} is draft and cannot be paid`);
    }
    expect(
      (await read<{ pagination: { total: number } }>(t, `/api/cheques?customer=${customer._id}`)).pagination.total,
    ).toBe(0);
  });

  it("checks each step's body", async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 1_000);
    const refused = async (step: string, body: object) => {
      const response = await t.request('POST', `/api/cheques/${cheque._id}/${step}`, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors;
    };
    expect(await refused('deposit', {})).toEqual({ date: 'Date is required' });
    expect(await refused('return', { date: '2026-11-21' })).toEqual({ reason: 'Reason is required' });
    await f.step(cheque._id, 'deposit');
    expect(await refused('bounce', { date: '2026-11-21', reason: 'x', charge: 0 })).toEqual({
      charge: 'Charge must be greater than 0',
    });
    expect(await refused('clear', { date: '2026-11-21', extra: 1 })).toEqual({ extra: 'Unknown field "extra"' });
  });
});

describe('who may', () => {
  it('viewers read; sales record but take no step; accountants take the steps', async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 1_000);
    const as = async (role: 'viewer' | 'sales' | 'accountant', method: 'GET' | 'POST', url: string, body?: object) =>
      t.app.inject({ method, url, headers: await t.signInAs(role), ...(body && { payload: body }) });

    expect((await as('viewer', 'GET', `/api/cheques/${cheque._id}`)).statusCode).toBe(200);
    const viewerRecords = await as('viewer', 'POST', '/api/cheques', f.chequeBody(customer._id, bank, 1_000));
    expect(viewerRecords.statusCode).toBe(403);
    expect(viewerRecords.json().message).toBe('You do not have permission to record cheques');
    expect((await as('sales', 'POST', '/api/cheques', f.chequeBody(customer._id, bank, 1_000))).statusCode).toBe(201);
    for (const role of ['viewer', 'sales'] as const) {
      const step = await as(role, 'POST', `/api/cheques/${cheque._id}/deposit`, { date: '2026-11-21' });
      expect(step.statusCode).toBe(403);
      expect(step.json().message).toBe('You do not have permission to deposit, clear, bounce or return cheques');
    }
    expect(
      (await as('accountant', 'POST', `/api/cheques/${cheque._id}/deposit`, { date: '2026-11-21' })).statusCode,
    ).toBe(200);
  });
});

describe('lists', () => {
  it('search by number or customer, filter by status, bank and dates, and export as CSV', async () => {
    const customer = await f.customer('Zaid Cheque Holder');
    const otherBank = (await f.bank())._id;
    const first = await f.cheque(customer._id, bank, 1_000, [], { chequeNumber: '770001' });
    const second = await f.cheque(customer._id, otherBank, 2_000, [], { chequeNumber: '770002', ...POST_DATED });
    await f.step(first._id, 'deposit');
    const ids = async (query: string) =>
      (await read<{ data: Cheque[] }>(t, `/api/cheques?${query}`)).data.map((c) => c._id);

    expect(await ids('search=77000')).toEqual([second._id, first._id]);
    expect(await ids('search=zaid%20cheque')).toEqual([second._id, first._id]);
    expect(await ids('search=77000&status=deposited')).toEqual([first._id]);
    expect(await ids(`search=77000&bank=${otherBank}`)).toEqual([second._id]);
    expect(await ids('search=77000&from=2027-01-01')).toEqual([second._id]);
    expect(await ids('search=77000&sort=amount')).toEqual([first._id, second._id]);
    expect(await ids(`customer=${customer._id}&sort=bank&order=asc`)).toHaveLength(2);
    const page = await read<{ pagination: unknown }>(t, '/api/cheques?search=77000&limit=1');
    expect(page.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2, totalPages: 2 });
    // Without a condition: the default order's pages, the first and a later one.
    const everyCheque = await read<{ data: Cheque[]; pagination: { total: number } }>(t, '/api/cheques?limit=1000');
    const dates = everyCheque.data.map((c) => c.chequeDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(everyCheque.data).toHaveLength(everyCheque.pagination.total);
    const pageTwo = await read<{ data: Cheque[] }>(t, '/api/cheques?limit=10&page=2');
    expect(pageTwo.data.map((c) => c._id)).toEqual(everyCheque.data.slice(10, 20).map((c) => c._id));
    expect((await t.request('GET', '/api/cheques?status=lost')).statusCode).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/cheques?search=77000',
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('Cheque #');
    expect(csv.body).toContain('770002');
  });

  it('to deposit: cheques in hand dated up to the next business day, with their count and sum', async () => {
    const customer = await f.customer();
    const bankOfTheList = (await f.bank())._id;
    const made = async (chequeDate: string, amount: number) =>
      f.cheque(customer._id, bankOfTheList, amount, [], { chequeDate, receivedDate: '2026-11-21' });
    const due = await made('2026-11-29', 1_000);
    const past = await made('2026-11-01', 2_000);
    await made('2026-11-30', 4_000);
    const deposited = await made('2026-11-02', 8_000);
    await f.step(deposited._id, 'deposit');

    const { data } = await read<{ data: { until: string; count: number; totalAmount: number; cheques: Cheque[] } }>(
      t,
      '/api/cheques/to-deposit',
    );
    expect(data.until).toBe('2026-11-29T00:00:00.000Z');
    const mine = data.cheques.filter((c) => c.bank._id === bankOfTheList).map((c) => c._id);
    expect(mine).toEqual([past._id, due._id]);
    expect(data.count).toBe(data.cheques.length);
    expect(data.totalAmount).toBe(data.cheques.reduce((sum, c) => sum + c.amount, 0));

    // As of Sunday the 29th, the next business day is Monday the 30th; as of an earlier day, fewer.
    const asOf = async (day: string) =>
      (await read<{ data: { until: string; cheques: Cheque[] } }>(t, `/api/cheques/to-deposit?asOf=${day}`)).data;
    const sunday = await asOf('2026-11-29');
    expect(sunday.until).toBe('2026-11-30T00:00:00.000Z');
    expect(sunday.cheques.filter((c) => c.bank._id === bankOfTheList)).toHaveLength(3);
    // As of Thursday 29 October: up to Sunday 1 November; as of the Wednesday before, none of them.
    const thursday = await asOf('2026-10-29');
    expect(thursday.until).toBe('2026-11-01T00:00:00.000Z');
    expect(thursday.cheques.filter((c) => c.bank._id === bankOfTheList).map((c) => c._id)).toEqual([past._id]);
    expect((await asOf('2026-10-28')).cheques.filter((c) => c.bank._id === bankOfTheList)).toEqual([]);
    // A public holiday on Sunday the 29th: as of Thursday the 26th, the next business day is Monday.
    await t.request('PUT', '/api/settings/holidays', { holidays: [{ day: '2026-11-29', name: 'A holiday' }] });
    const overHoliday = (await read<{ data: { until: string; cheques: Cheque[] } }>(t, '/api/cheques/to-deposit')).data;
    expect(overHoliday.until).toBe('2026-11-30T00:00:00.000Z');
    expect(overHoliday.cheques.filter((c) => c.bank._id === bankOfTheList)).toHaveLength(3);
    await t.request('PUT', '/api/settings/holidays', { holidays: [] });
    const wrong = await t.request('GET', '/api/cheques/to-deposit?asOf=2026-02-30');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ asOf: 'As-of date must be a date such as 2026-12-31' });
  });
});

describe('a bank', () => {
  it('in use by a cheque cannot be deleted', async () => {
    const customer = await f.customer();
    const used = await f.bank();
    await f.cheque(customer._id, used._id, 1_000);
    const response = await t.request('DELETE', `/api/banks/${used._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Cannot delete: 1 cheque uses this bank');
  });
});

describe('an Idempotency-Key', () => {
  it('makes a repeated step answer the first result and take effect once', async () => {
    const customer = await f.customer();
    const cheque = await f.cheque(customer._id, bank, 1_000);
    const headers = { ...(await t.login()), 'idempotency-key': `deposit-${cheque._id}` };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/cheques/${cheque._id}/deposit`,
        headers,
        payload: { date: '2026-11-21' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await auditEntries(cheque._id, 'deposit')).toBe(1);
  });
});

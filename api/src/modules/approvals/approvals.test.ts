import type { Approval, ApprovalKind } from '@admin/shared/contract';
import { afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { approvals, auditLog, creditNotes, outbox, payments, users as staff } from '../../db/schema';
import { onlyRow } from '../../db/rows';
import { ledgerViolations, setUpApp, setUpLedger } from '../../test';

/**
 * Four-eyes approvals: above the company's amount for its kind, a refund, a credit note, a
 * write-off or a bounce waits (202) and moves no money until another staff member approves it.
 */
const t = setUpApp();
const f = setUpLedger(t);
afterEach(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
});

type Headers = { authorization: string };
const users: { admin: Headers; otherAdmin: Headers; accountant: Headers; sales: Headers } = {
  admin: { authorization: '' },
  otherAdmin: { authorization: '' },
  accountant: { authorization: '' },
  sales: { authorization: '' },
};
beforeAll(async () => {
  users.admin = await t.login();
  users.otherAdmin = await t.signInAs('admin');
  users.accountant = await t.signInAs('accountant');
  users.sales = await t.signInAs('sales');
});

const as = (headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

type Amounts = Record<ApprovalKind, number | null>;
const NONE: Amounts = { refund: null, creditNote: null, writeOff: null, bounce: null };
async function setAmounts(amounts: Partial<Amounts>) {
  const response = await as(users.admin, 'PUT', '/api/settings/approvals', { ...NONE, ...amounts });
  expect(response.statusCode, response.body).toBe(200);
}

/** A customer with something for `kind` to act on, worth `amount`, and the write's request. */
async function readyFor(kind: ApprovalKind, amount: number) {
  const customer = await f.customer();
  switch (kind) {
    case 'refund':
      await f.advance(customer._id, amount);
      return { customer, url: '/api/payments/refund', body: f.advanceBody(customer._id, amount), direct: 201 };
    case 'creditNote': {
      const invoice = await f.invoice(customer._id, amount);
      const body = { invoice: invoice.id, date: f.day, reason: 'price_adjustment', amount };
      return { customer, url: '/api/credit-notes', body, direct: 201 };
    }
    case 'writeOff': {
      const invoice = await f.invoice(customer._id, amount);
      return {
        customer,
        url: `/api/invoices/${invoice.id}/write-off`,
        body: { date: f.day, reason: 'Bad debt' },
        direct: 201,
      };
    }
    case 'bounce': {
      const bank = await f.bank();
      const cheque = await f.cheque(customer._id, bank._id, amount);
      await f.step(cheque._id, 'deposit');
      return {
        customer,
        url: `/api/cheques/${cheque._id}/bounce`,
        body: { date: f.day, reason: 'Insufficient funds' },
        direct: 200,
      };
    }
  }
}

const approvalCount = async () => onlyRow(await t.db.select({ n: count() }).from(approvals)).n;

describe('the approval amounts', () => {
  it('are none until an admin sets them, and only admins set them', async () => {
    await setAmounts({});
    expect((await as(users.admin, 'GET', '/api/settings/approvals')).json().data).toEqual(NONE);
    await setAmounts({ refund: 250_000, bounce: 0 });
    expect((await as(users.accountant, 'GET', '/api/settings/approvals')).statusCode).toBe(403);
    const refused = await as(users.accountant, 'PUT', '/api/settings/approvals', NONE);
    expect(refused.statusCode).toBe(403);
    expect((await as(users.admin, 'GET', '/api/settings/approvals')).json().data).toEqual({
      ...NONE,
      refund: 250_000,
      bounce: 0,
    });
    const bad = await as(users.admin, 'PUT', '/api/settings/approvals', { ...NONE, writeOff: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.writeOff).toBe('Enter an amount of 0 KD or more, or leave it empty for no approval');
    await setAmounts({});
  });
});

describe.each(['refund', 'creditNote', 'writeOff', 'bounce'] as const)('a %s', (kind) => {
  const cases: [string, number | null, number, boolean][] = [
    // Within the write-off limit an accountant has (1.000 KD).
    ['with no amount set', null, 600, false],
    ['below the amount', 500, 400, false],
    ['at the amount', 500, 500, false],
    ['above the amount', 500, 600, true],
  ];
  for (const [name, threshold, amount, waits] of cases) {
    it(`${name}: ${waits ? 'waits for approval and moves nothing' : 'is made at once'}`, async () => {
      await setAmounts({ [kind]: threshold });
      const ready = await readyFor(kind, amount);
      const before = await f.balance(ready.customer._id);
      const requests = await approvalCount();
      const response = await as(users.accountant, 'POST', ready.url, ready.body);
      if (!waits) {
        expect(response.statusCode, response.body).toBe(ready.direct);
        expect(await approvalCount()).toBe(requests);
        expect(await f.balance(ready.customer._id)).not.toEqual(before);
        return;
      }
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json().data).toMatchObject({
        kind,
        status: 'pending_approval',
        amount,
        customer: { _id: ready.customer._id },
        requestedBy: { name: 'A accountant' },
        decidedBy: null,
        resultId: null,
      });
      expect(await approvalCount()).toBe(requests + 1);
      expect(await f.balance(ready.customer._id)).toEqual(before);

      // Another staff member approves: the write is made now, once.
      const approved = await as(users.admin, 'POST', `/api/approvals/${response.json().data._id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'approved', decidedBy: { name: 'Test User' } });
      expect(approved.json().data.resultId).toEqual(expect.any(String));
      expect(await f.balance(ready.customer._id)).not.toEqual(before);
      await setAmounts({});
    });
  }
});

describe('a request held for approval', () => {
  beforeAll(async () => {
    await setAmounts({ refund: 1_000 });
  });

  async function heldRefund(customerAdvance = 5_000, amount = 3_000, maker = users.accountant) {
    const customer = await f.customer();
    await f.advance(customer._id, customerAdvance);
    const response = await as(maker, 'POST', '/api/payments/refund', f.advanceBody(customer._id, amount));
    expect(response.statusCode, response.body).toBe(202);
    return { customer, approval: response.json().data as Approval };
  }
  const decide = (headers: Headers, id: string, decision: 'approve' | 'reject', body: object = {}) =>
    as(headers, 'POST', `/api/approvals/${id}/${decision}`, body);
  const refundsOf = async (customer: string) =>
    onlyRow(
      await t.db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.customerId, customer), eq(payments.paymentType, 'refund'))),
    ).n;

  it('is refused at once when the write would be refused, with the same answer', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 2_000);
    const requests = await approvalCount();
    const response = await as(users.accountant, 'POST', '/api/payments/refund', f.advanceBody(customer._id, 3_000));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Refund of 3.000 KD exceeds the advance balance of 2.000 KD');
    expect(await approvalCount()).toBe(requests);
  });

  it('cannot be approved or rejected by its maker (403)', async () => {
    const { customer, approval } = await heldRefund();
    for (const decision of ['approve', 'reject'] as const) {
      const refused = await decide(users.accountant, approval._id, decision, { reason: 'mine' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('A request cannot be approved or rejected by the user who made it');
    }
    expect((await f.balance(customer._id)).advanceBalance).toBe(5_000);
    // A role without the decision cannot see or decide requests.
    expect((await as(users.sales, 'GET', '/api/approvals')).statusCode).toBe(403);
    expect((await decide(users.sales, approval._id, 'approve')).statusCode).toBe(403);
  });

  it('approved, moves the money once, its payment audited as the maker approved by the approver', async () => {
    const { customer, approval } = await heldRefund();
    const approved = await decide(users.admin, approval._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await f.balance(customer._id)).advanceBalance).toBe(2_000);
    expect(await refundsOf(customer._id)).toBe(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, approved.json().data.resultId));
    expect(entry!.actorUsername).toMatch(/^accountant-/);
    expect(entry!.changes).toContainEqual({ field: 'approvedBy', before: null, after: 'tester' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, approval._id));
    expect(entries.map((e) => e.action)).toEqual(['request', 'approve']);

    for (const who of [users.admin, users.otherAdmin]) {
      const again = await decide(who, approval._id, 'approve');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This request was already approved');
    }
    expect(await refundsOf(customer._id)).toBe(1);
  });

  it('rejected with a reason, changes nothing: balance, ledger, numbers', async () => {
    const { customer, approval } = await heldRefund();
    const noReason = await decide(users.admin, approval._id, 'reject', {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Give a reason' });
    const before = await t.db.select({ number: payments.paymentNumber }).from(payments);
    const notes = await t.db.select({ n: count() }).from(creditNotes);

    const rejected = await decide(users.admin, approval._id, 'reject', { reason: 'Customer owes on another account' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'Customer owes on another account',
      resultId: null,
    });
    expect(await f.balance(customer._id)).toMatchObject({ advanceBalance: 5_000 });
    expect(await t.db.select({ number: payments.paymentNumber }).from(payments)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(creditNotes)).toEqual(notes);
    const late = await decide(users.otherAdmin, approval._id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request was already rejected');
    // The next payment takes the next number: the rejected request used none.
    const advance = await f.advance(customer._id, 1);
    const last = before.map((p) => Number(p.number.slice(4))).sort((a, b) => b - a)[0]!;
    expect(Number(advance.paymentNumber.slice(4))).toBe(last + 1);
  });

  it('whose write is refused by then is not approved: it stays pending with the reason given', async () => {
    const { customer, approval } = await heldRefund(5_000, 4_000);
    // Meanwhile the advance was spent below what the refund asks.
    const direct = await as(users.admin, 'POST', '/api/payments/refund', f.advanceBody(customer._id, 1_000));
    expect(direct.statusCode).toBe(201);
    await setAmounts({});
    const direct2 = await as(users.admin, 'POST', '/api/payments/refund', f.advanceBody(customer._id, 1_000));
    expect(direct2.statusCode).toBe(201);
    await setAmounts({ refund: 1_000 });
    const refused = await decide(users.admin, approval._id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Refund of 4.000 KD exceeds the advance balance of 3.000 KD');
    const still = await as(users.admin, 'GET', `/api/approvals/${approval._id}`);
    expect(still.json().data.status).toBe('pending_approval');
    expect((await f.balance(customer._id)).advanceBalance).toBe(3_000);
  });

  it('dated in a period closed since it was asked, is not approved: the closed period refuses it', async () => {
    const { customer, approval } = await heldRefund();
    const close = await as(users.admin, 'PUT', '/api/settings/period-lock', { lockedThrough: f.day });
    expect(close.statusCode, close.body).toBe(200);
    try {
      const refused = await decide(users.otherAdmin, approval._id, 'approve');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The books are closed through 21/11/2026');
      expect((await as(users.admin, 'GET', `/api/approvals/${approval._id}`)).json().data.status).toBe(
        'pending_approval',
      );
      expect((await f.balance(customer._id)).advanceBalance).toBe(5_000);
    } finally {
      // Reopened as the books require: asked by one admin, approved by another.
      const asked = await as(users.admin, 'POST', '/api/settings/period-lock/reopen', {
        lockedThrough: null,
        reason: 'The approvals test closed them',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const reopenId = (asked.json().data as { pendingReopen: { _id: string } }).pendingReopen._id;
      const reopened = await as(users.otherAdmin, 'POST', `/api/settings/period-lock/reopen/${reopenId}/approve`);
      expect(reopened.statusCode, reopened.body).toBe(200);
    }
    const approved = await decide(users.otherAdmin, approval._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('takes effect once when two approvers click at once on two instances', async () => {
    const { customer, approval } = await heldRefund();
    const other = await t.anotherInstance();
    const answers: LightMyRequestResponse[] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/approvals/${approval._id}/approve`,
        headers: users.admin,
        payload: {},
      }),
      other.inject({
        method: 'POST',
        url: `/api/approvals/${approval._id}/approve`,
        headers: users.otherAdmin,
        payload: {},
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort(), answers[0]!.body).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This request was already approved');
    expect((await f.balance(customer._id)).advanceBalance).toBe(2_000);
    expect(await refundsOf(customer._id)).toBe(1);
  });

  it('is asked once under a repeated Idempotency-Key', async () => {
    const customer = await f.customer();
    await f.advance(customer._id, 5_000);
    const headers = { ...users.accountant, 'idempotency-key': `approval-${customer._id}` };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/refund',
        headers,
        payload: f.advanceBody(customer._id, 3_000),
      });
    const requests = await approvalCount();
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await approvalCount()).toBe(requests + 1);
  });

  it('is listed newest first, by status and kind', async () => {
    const { approval } = await heldRefund();
    const list = await as(users.accountant, 'GET', '/api/approvals?status=pending_approval&kind=refund&limit=100');
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as Approval[]).map((a) => a._id);
    expect(ids[0]).toBe(approval._id);
    const rejected = await as(users.accountant, 'GET', '/api/approvals?status=rejected&limit=100');
    expect((rejected.json().data as Approval[]).every((a) => a.status === 'rejected')).toBe(true);
    expect((await as(users.accountant, 'GET', '/api/approvals?kind=nothing')).statusCode).toBe(400);
  });
});

describe('the notices of a request and of its decision', () => {
  /** Gives the user behind `headers` an e-mail (and a language), and answers their id. */
  async function withEmail(headers: Headers, email: string, language: 'en' | 'ar' = 'en') {
    const me = (await as(headers, 'GET', '/api/auth/profile')).json().data.user as { _id: string };
    await t.db.update(staff).set({ email, language }).where(eq(staff.id, me._id));
    return me._id;
  }
  const mailTo = async (address: string, approvalId: string) =>
    t.db
      .select({ subject: outbox.subject, text: outbox.textBody, language: outbox.language })
      .from(outbox)
      .where(and(eq(outbox.toAddress, address), eq(outbox.relatesToId, approvalId)));

  beforeAll(async () => {
    await setAmounts({ refund: 1_000 });
    await withEmail(users.admin, 'tester@example.test');
    await withEmail(users.otherAdmin, 'other.admin@example.test', 'ar');
    await withEmail(users.accountant, 'accountant@example.test');
    await withEmail(users.sales, 'sales@example.test');
  });

  it('go to those who may decide it (never its maker), then to the maker, each in their language', async () => {
    const customer = await f.customer('Notice Co');
    await f.advance(customer._id, 5_000);
    const held = await as(users.accountant, 'POST', '/api/payments/refund', f.advanceBody(customer._id, 3_000));
    expect(held.statusCode, held.body).toBe(202);
    const id = (held.json().data as Approval)._id;

    expect(await mailTo('tester@example.test', id)).toEqual([
      expect.objectContaining({ subject: 'Approval needed: Refund 3.000 KD for Notice Co', language: 'en' }),
    ]);
    const [arabic] = await mailTo('other.admin@example.test', id);
    expect(arabic).toMatchObject({ subject: 'مطلوب اعتماد: استرداد 3.000 د.ك للعميل Notice Co', language: 'ar' });
    // The maker is told nothing yet; a sales user may not decide it.
    expect(await mailTo('accountant@example.test', id)).toEqual([]);
    expect(await mailTo('sales@example.test', id)).toEqual([]);

    const rejected = await as(users.admin, 'POST', `/api/approvals/${id}/reject`, { reason: 'Ask the branch first' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [told] = await mailTo('accountant@example.test', id);
    expect(told).toMatchObject({ subject: 'Rejected: Refund 3.000 KD for Notice Co', language: 'en' });
    expect(told?.text).toContain('rejected your request: Refund 3.000 KD for Notice Co. Nothing was changed.');
    expect(told?.text).toContain('Reason: Ask the branch first');
  });

  it('are written with the request: a refused request sends none', async () => {
    const customer = await f.customer('Refused Co');
    await f.advance(customer._id, 2_000);
    const before = (await t.db.select({ n: count() }).from(outbox))[0]!.n;
    const refused = await as(users.accountant, 'POST', '/api/payments/refund', f.advanceBody(customer._id, 3_000));
    expect(refused.statusCode).toBe(409);
    expect((await t.db.select({ n: count() }).from(outbox))[0]!.n).toBe(before);
  });
});

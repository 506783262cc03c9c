import type { Product } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog } from '../db/schema';
import { LONE_SURROGATE_MESSAGE, NUL_CHARACTER } from '../http/validate';
import { createProduct, setUpApp, setUpLedger, setUpSession } from '../test';
import { appendAudit } from './trail';

/**
 * Every entry's hash is over the values the database stores. Text the database would store
 * otherwise (a lone surrogate becomes U+FFFD in UTF-8) is refused at the edge, and what is
 * accepted (combining sequences, right-to-left text and marks, emoji) is stored and hashed alike,
 * so the chain verifies after any of it.
 */
const t = setUpApp();
const f = setUpLedger(t);
const auth = setUpSession(t);

let product: Product;
beforeAll(async () => {
  product = await createProduct(t, { productName: 'Odd text product', productPrice: 1_000 });
});

const LONE = ['\ud800', 'a\udc00b', 'x\udbff'];
/** Text the API accepts in free-text fields. */
const ACCEPTED = [
  'e\u0301', // e + combining acute: NFC makes it é in names
  'مرحبا \u200fبالعالم\u200e', // Arabic with direction marks
  'שלום \u202bעולם\u202c',
  '👩🏽‍💻 🇰🇼 🙂',
  'ا\u0651\u064e', // Arabic letter with shadda and fatha
  '\u00e9\u0065\u0301', // precomposed and decomposed side by side
];

const post = (url: string, payload: object, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url, headers, payload });

const verify = async () => (await t.request('GET', '/api/audit-log/verify')).json().data;

describe('odd text and the audit chain', () => {
  it('refuses a lone surrogate or NUL at the edge, naming the field, and the chain still verifies', async () => {
    const customer = (await f.customer())._id;
    const answers: LightMyRequestResponse[] = [];
    for (const text of [...LONE, 'nul\u0000here']) {
      answers.push(await post('/api/auth/login', { username: text, password: 'whatever it is' }, {}));
      answers.push(await post('/api/payments/advance', f.advanceBody(customer, 100, { notes: text })));
      answers.push(await post('/api/customer-cities', { cityName: `City ${text}` }));
    }
    const refusals = answers.map((answer) => [answer.statusCode, answer.json().message]);
    const expected = [...LONE.map(() => LONE_SURROGATE_MESSAGE), NUL_CHARACTER].flatMap((message) =>
      Array(3).fill([400, message]),
    );
    expect(refusals).toEqual(expected);
    expect(answers[1]!.json().errors).toEqual({ notes: LONE_SURROGATE_MESSAGE });
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('stores and hashes alike combining sequences, right-to-left text, marks and emoji', async () => {
    const customer = (await f.customer())._id;
    for (const [i, text] of ACCEPTED.entries()) {
      // A failed sign-in is named as typed, by an anonymous caller.
      const login = await post('/api/auth/login', { username: text, password: 'not the password' }, {});
      expect(login.statusCode).toBe(401);
      const advance = await post(
        '/api/payments/advance',
        f.advanceBody(customer, 100, { notes: text, referenceNumber: text }),
      );
      expect(advance.statusCode, advance.body).toBe(201);
      const cash = await post('/api/invoices', {
        customer,
        dateOfCreation: f.day,
        credit: false,
        products: [{ product: product._id, quantity: 1, unitPrice: 1_000 }],
        totalAmount: 1_000,
        notes: text,
        referenceNumber: text,
      });
      expect(cash.statusCode, cash.body).toBe(201);
      const names = await post('/api/customer-cities', {
        cityName: `City ${i} ${text.replace(/[\u200e\u200f\u202b\u202c\u200d]/g, '')}`,
      });
      expect(names.statusCode, names.body).toBe(201);
    }
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('takes a username in one form (NFC), as names are', async () => {
    const password = 'a long enough password 1';
    const created = await post('/api/users', { username: 'Jose\u0301', name: 'José', role: 'viewer', password });
    expect([created.statusCode, created.json().data?.user.username]).toEqual([201, 'jos\u00e9']);
    for (const username of ['jos\u00e9', 'JOSE\u0301']) {
      expect((await post('/api/auth/login', { username, password }, {})).statusCode).toBe(200);
    }
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('hashes what is stored even for text that never passed the edge', async () => {
    await appendAudit(t.db, { id: null, username: 'x\udfffy' }, [
      { action: 'sign-in-failed', entityType: 'session', entityId: null, label: '\ud800e\u0301' },
    ]);
    const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect([last!.actorUsername, last!.label]).toEqual(['x\ufffdy', '\ufffde\u0301']);
    expect(await verify()).toMatchObject({ ok: true });
  });
});

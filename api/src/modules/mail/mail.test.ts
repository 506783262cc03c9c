import { NO_MAIL_SERVER, type OutboxMessageDetail } from '@admin/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../audit/trail';
import { auditLog, mailSettings, outbox } from '../../db/schema';
import { read, secondInstance, setUpApp, type TestApp } from '../../test';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { claimDue, DEFAULT_LEASE_MS, deliverClaimed, deliverDueMail, holdClaim } from './delivery';
import { enqueueMail, type MailToSend } from './outbox';
import { mailTransport } from './settings';
import { startMailWorker } from '../../jobs/mail-outbox';
import { mailQueued } from '../../lib/mail-queued';

const SMTP_USER = 'billing';
const SMTP_PASSWORD = 'Sm7p-pa55word-only-the-server-knows';

/** A message as a module would write it, inside its own transaction. */
const mail = (subject: string, extra: Partial<MailToSend> = {}): MailToSend => ({
  to: 'customer@example.test',
  subject,
  text: `Dear customer, ${subject}.`,
  language: 'en',
  relatesTo: { kind: 'invoice', id: 'INV-000042' },
  actor: SYSTEM_ACTOR,
  ...extra,
});

async function enqueue(t: TestApp, message: MailToSend): Promise<string> {
  return t.apiDb.transaction((tx) => enqueueMail(tx, message));
}

/** One delivery run as the worker makes it, on `db`, at `now` (with `lease` its claims' timing). */
async function deliver(
  t: TestApp,
  now = new Date(),
  db = t.apiDb,
  lease: { leaseMs?: number; renewEveryMs?: number } = {},
) {
  const transport = await mailTransport(db, t.config);
  try {
    return await deliverDueMail(db, transport, { now, ...lease });
  } finally {
    transport?.close();
  }
}

const detail = (t: TestApp, id: string) =>
  read<{ data: OutboxMessageDetail }>(t, `/api/outbox/${id}`).then((r) => r.data);
const arrived = (smtp: TestSmtpServer, subject: string) => smtp.received.filter((m) => m.subject === subject);

describe('mail with a mail server', () => {
  const t = setUpApp();
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
  });
  afterAll(() => smtp?.stop());
  const configure = () =>
    t.request('PUT', '/api/settings/mail', { ...smtp.settings, user: SMTP_USER, password: SMTP_PASSWORD });

  it('keeps the settings an admin saves, the password sealed and never answered nor audited', async () => {
    const before = await t.request('GET', '/api/settings/mail');
    expect(before.json().data).toMatchObject({ configured: false, passwordSet: false, smtpUrl: false });
    const saved = await configure();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      configured: true,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: SMTP_USER,
      passwordSet: true,
      from: 'billing@gulf-trading.test',
      smtpUrl: false,
      updatedAt: expect.any(String),
    });
    const answered = await t.request('GET', '/api/settings/mail');
    expect(answered.json().data).toEqual(saved.json().data);
    expect(answered.body).not.toContain(SMTP_PASSWORD);

    const [row] = await t.db.select().from(mailSettings);
    const stored = row!.passwordSealed!;
    expect(stored.includes(Buffer.from(SMTP_PASSWORD))).toBe(false);
    expect(stored.toString('latin1')).not.toContain(SMTP_PASSWORD);
    expect(stored.length).toBe(1 + 12 + 16 + SMTP_PASSWORD.length);

    // Saved again without a password: the one kept stays; the trail never holds it.
    const kept = await t.request('PUT', '/api/settings/mail', { ...smtp.settings, user: SMTP_USER });
    expect(kept.json().data).toMatchObject({ passwordSet: true });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'mail-settings'));
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(trail)).not.toContain(SMTP_PASSWORD);
    expect(trail[0]!.changes).toContainEqual({ field: 'passwordSet', before: null, after: true });
  });

  it('sends a test message now and answers what the server said; the password reaches the server', async () => {
    const response = await t.request('POST', '/api/settings/mail/test', { to: 'admin@example.test' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.response).toMatch(/^250 /);
    const [test] = arrived(smtp, 'Test message from Admin System');
    expect(test?.to).toMatchObject({ text: 'admin@example.test' });
    expect(test?.messageId).toBe(response.json().data.messageId);
    expect(smtp.logins).toContain(`${SMTP_USER}:${SMTP_PASSWORD}`);
    const sent = await detail(t, response.json().data._id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, to: 'admin@example.test' });
    expect(sent.attemptLog).toEqual([
      { at: expect.any(String), outcome: 'sent', detail: expect.stringMatching(/^250 /) },
    ]);

    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/settings/mail/test',
      headers: { ...(await t.login()), 'accept-language': 'ar' },
      payload: { to: 'admin@example.test' },
    });
    expect(arabic.statusCode).toBe(200);
    expect(arrived(smtp, 'رسالة تجريبية من نظام الإدارة')).toHaveLength(1);
  });

  it('answers a refusing or unreachable server with a 502 naming why, never a 500', async () => {
    smtp.refuse('nobody@example.test');
    const refused = await t.request('POST', '/api/settings/mail/test', { to: 'nobody@example.test' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/^The mail server refused the message: 550 /);

    const wrong = await t.request('PUT', '/api/settings/mail', {
      ...smtp.settings,
      user: SMTP_USER,
      password: 'wrong',
    });
    expect(wrong.statusCode).toBe(200);
    const badLogin = await t.request('POST', '/api/settings/mail/test', { to: 'admin@example.test' });
    expect(badLogin.statusCode).toBe(502);
    expect(badLogin.json().message).toMatch(/^The mail server refused the message: 535 /);
    await configure();

    await smtp.stop();
    const down = await t.request('POST', '/api/settings/mail/test', { to: 'admin@example.test' });
    await smtp.start();
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/^The mail server could not be reached: .*ECONNREFUSED/);
    const failed = await read<{ data: { status: string }[] }>(t, '/api/outbox?status=failed');
    expect(failed.data.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad settings and a bad address with the fields’ messages', async () => {
    const bad = await t.request('PUT', '/api/settings/mail', {
      host: ' ',
      port: 70000,
      secure: 'yes',
      from: 'billing at gulf',
      password: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      host: 'Mail server host is required',
      port: 'Port must be a whole number from 1 to 65535',
      secure: 'TLS must be on or off',
      from: 'Enter a valid sender address',
      password: 'Password cannot exceed 1024 characters',
    });
    const to = await t.request('POST', '/api/settings/mail/test', { to: 'not an address' });
    expect(to.statusCode).toBe(400);
    expect(to.json().errors).toEqual({ to: 'Enter a valid email address' });
  });

  it('keeps the settings to admins, and Sent mail to admins and accountants', async () => {
    const accountant = await t.signInAs('accountant');
    for (const [method, url] of [
      ['GET', '/api/settings/mail'],
      ['PUT', '/api/settings/mail'],
      ['POST', '/api/settings/mail/test'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: accountant, payload: { to: 'a@b.test' } });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to configure the mail server');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/outbox', headers: accountant })).statusCode).toBe(200);
    for (const role of ['sales', 'viewer'] as const) {
      const headers = await t.signInAs(role);
      const list = await t.app.inject({ method: 'GET', url: '/api/outbox', headers });
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe('You do not have permission to view sent mail');
    }
  });

  it('delivers what a transaction wrote, attachments included, once', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 255, 254, 10, 13])]);
    const id = await enqueue(
      t,
      mail('Invoice INV-000042', {
        html: '<p>Dear customer, your invoice is attached.</p>',
        attachments: [
          { filename: 'INV-000042.pdf', contentType: 'application/pdf', content: pdf },
          { filename: 'فاتورة.txt', contentType: 'text/plain', content: Buffer.from('نص عربي') },
        ],
        language: 'ar',
      }),
    );
    const queued = await detail(t, id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, messageId: null, language: 'ar' });
    expect(queued.attachments).toEqual([
      { filename: 'INV-000042.pdf', contentType: 'application/pdf', size: pdf.length },
      { filename: 'فاتورة.txt', contentType: 'text/plain', size: Buffer.from('نص عربي').length },
    ]);

    expect(await deliver(t)).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(await deliver(t)).toMatchObject({ sent: 0 });
    const [got] = arrived(smtp, 'Invoice INV-000042');
    expect(arrived(smtp, 'Invoice INV-000042')).toHaveLength(1);
    expect(got!.html).toContain('your invoice is attached');
    expect(got!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['INV-000042.pdf', 'application/pdf'],
      ['فاتورة.txt', 'text/plain'],
    ]);
    expect(got!.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(got!.attachments[1]!.content.toString('utf8')).toBe('نص عربي');

    const sent = await detail(t, id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      relatesTo: { kind: 'invoice', id: 'INV-000042' },
    });
    expect(got!.messageId).toBe(sent.messageId);
    const list = await read<{ data: { _id: string }[]; pagination: { total: number } }>(
      t,
      '/api/outbox?search=INV-000042&status=sent',
    );
    expect(list.data.map((m) => m._id)).toEqual([id]);
    expect(list.pagination.total).toBe(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;
    const before = await count();
    await expect(
      t.apiDb.transaction(async (tx) => {
        await enqueueMail(tx, mail('Never sent'));
        throw new Error('the write that caused it failed');
      }),
    ).rejects.toThrow('the write that caused it failed');
    expect(await count()).toBe(before);
    await deliver(t);
    expect(arrived(smtp, 'Never sent')).toEqual([]);
  });

  it('keeps a message while the server is down, retries with backoff recording each attempt, and sends it once', async () => {
    await smtp.stop();
    const id = await enqueue(t, mail('Statement for November'));
    const start = new Date();
    expect(await deliver(t, start)).toMatchObject({ sent: 0, retrying: 1 });
    let waiting = await detail(t, id);
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    // The backoff counts from the attempt, a moment after the run's start.
    const after = (at: string | null, ms: number) => new Date(at!).getTime() - start.getTime() - ms;
    expect(after(waiting.nextAttemptAt, 60_000)).toBeGreaterThanOrEqual(0);
    expect(after(waiting.nextAttemptAt, 60_000)).toBeLessThan(1_000);

    // Not yet due: nothing is tried.
    expect(await deliver(t, new Date(start.getTime() + 30_000))).toMatchObject({ sent: 0, retrying: 0 });
    expect(await deliver(t, new Date(start.getTime() + 61_000))).toMatchObject({ retrying: 1 });
    waiting = await detail(t, id);
    expect(waiting.attempts).toBe(2);
    expect(after(waiting.nextAttemptAt, 61_000 + 5 * 60_000)).toBeGreaterThanOrEqual(0);
    expect(after(waiting.nextAttemptAt, 61_000 + 5 * 60_000)).toBeLessThan(1_000);

    await smtp.start();
    expect(await deliver(t, new Date(start.getTime() + 2 * 60_000))).toMatchObject({ sent: 0 });
    expect(await deliver(t, new Date(start.getTime() + 7 * 60_000))).toMatchObject({ sent: 1 });
    expect(await deliver(t, new Date(start.getTime() + 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(arrived(smtp, 'Statement for November')).toHaveLength(1);
    const sent = await detail(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sent.attemptLog.map((a) => a.outcome)).toEqual(['failed', 'failed', 'sent']);
    expect(sent.attemptLog[0]!.detail).toContain('ECONNREFUSED');
  });

  it('fails a message the server refuses for good at once', async () => {
    smtp.refuse('gone@example.test');
    const id = await enqueue(t, mail('Receipt PAY-000007', { to: 'gone@example.test' }));
    expect(await deliver(t)).toMatchObject({ failed: 1 });
    expect(await detail(t, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/^550 /),
    });
  });

  it('delivers each message exactly once from two instances at once', async () => {
    const other = await secondInstance(t);
    const subjects = Array.from({ length: 30 }, (_, i) => `Reminder ${i + 1}`);
    const ids = await Promise.all(subjects.map((subject) => enqueue(t, mail(subject))));
    const now = new Date();
    const reports = await Promise.all([deliver(t, now), deliver(t, now, other.db), deliver(t, now)]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
    const got = smtp.received.filter((m) => subjects.includes(m.subject ?? ''));
    expect(got).toHaveLength(30);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(30);
    const rows = await t.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    await other.close();
  });

  it('sends again, once, a message whose sender died after claiming it, once its short lease runs out', async () => {
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(30_000);
    const id = await enqueue(t, mail('Claimed then lost'));
    const now = new Date();
    // An instance claims it and dies before sending or recording anything: nothing renews its lease.
    const { rows } = await claimDue(t.apiDb, { now, domain: 'gulf-trading.test' });
    expect(rows.map((row) => row.id)).toContain(id);
    expect(await deliver(t, now)).toMatchObject({ sent: 0 });
    expect(await deliver(t, new Date(now.getTime() + DEFAULT_LEASE_MS - 1_000))).toMatchObject({ sent: 0 });
    expect(await deliver(t, new Date(now.getTime() + DEFAULT_LEASE_MS + 1_000))).toMatchObject({ sent: 1 });
    expect(arrived(smtp, 'Claimed then lost')).toHaveLength(1);
    const sent = await detail(t, id);
    expect(sent.attemptLog.map((a) => a.outcome)).toEqual(['lost', 'sent']);
    expect(sent.attempts).toBe(2);
  });

  it('renews the claim while a slow server takes the message, so another instance cannot take it', async () => {
    const other = await secondInstance(t);
    const id = await enqueue(t, mail('Slowly accepted'));
    smtp.answerAfter(4_000);
    const lease = { leaseMs: 1_500, renewEveryMs: 150 };
    try {
      const first = deliver(t, new Date(), t.apiDb, lease);
      for (let i = 0; i < 100 && (await detail(t, id)).status !== 'sending'; i++)
        await new Promise((r) => setTimeout(r, 20));
      // Well past the first lease: only the renewals keep it.
      await new Promise((r) => setTimeout(r, 2_500));
      const [held] = await t.db.select().from(outbox).where(eq(outbox.id, id));
      expect(held!.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(await deliver(t, new Date(), other.db, lease)).toMatchObject({ sent: 0 });
      expect(await first).toMatchObject({ sent: 1 });
    } finally {
      smtp.answerAfter(0);
      await other.close();
    }
    expect(arrived(smtp, 'Slowly accepted')).toHaveLength(1);
    const sent = await detail(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent.attemptLog.map((a) => a.outcome)).toEqual(['sent']);
  });

  it('never renews nor records for a claim another instance took over once its lease ran out', async () => {
    const id = await enqueue(t, mail('Taken over'));
    const now = new Date();
    const stalled = await claimDue(t.apiDb, { now, leaseMs: 1_000, domain: 'gulf-trading.test' });
    const takeover = await claimDue(t.apiDb, { now: new Date(now.getTime() + 2_000), domain: 'gulf-trading.test' });
    expect(takeover.rows.map((row) => row.id)).toContain(id);
    const [taken] = await t.db.select().from(outbox).where(eq(outbox.id, id));

    // The stalled instance wakes up and renews: nothing is renewed, the message stays the other's.
    const claim = holdClaim(t.apiDb, stalled.token, [id], {
      clock: () => new Date(now.getTime() + 3_000),
      renewEveryMs: 20,
    });
    await new Promise((r) => setTimeout(r, 200));
    await claim.stop();
    expect(claim.holds(id)).toBe(false);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(after).toMatchObject({ claimToken: takeover.token, claimedUntil: taken!.claimedUntil });

    // Its send, if it still makes one, records nothing; the holder's does.
    const transport = (await mailTransport(t.apiDb, t.config))!;
    try {
      const row = stalled.rows.find((r) => r.id === id)!;
      expect(await deliverClaimed(t.apiDb, transport, row, stalled.token, { now })).toMatchObject({ recorded: false });
      const own = takeover.rows.find((r) => r.id === id)!;
      const later = new Date(now.getTime() + 2_000);
      expect(await deliverClaimed(t.apiDb, transport, own, takeover.token, { now: later })).toMatchObject({
        sent: true,
        recorded: true,
      });
    } finally {
      transport.close();
    }
    const sent = await detail(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent.attemptLog.map((a) => a.outcome)).toEqual(['lost', 'sent']);
  });

  it('is sent by the worker the app starts, woken by a write, which stops cleanly', async () => {
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(message),
      error: (_: object, message: string) => lines.push(message),
    };
    const worker = startMailWorker({ db: t.apiDb, config: { ...t.config, mailPollSeconds: 60 }, log });
    const id = await enqueue(t, mail('Sent by the worker'));
    mailQueued();
    for (let i = 0; i < 50 && (await detail(t, id)).status !== 'sent'; i++)
      await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    expect((await detail(t, id)).status).toBe('sent');
    expect(arrived(smtp, 'Sent by the worker')).toHaveLength(1);
    expect(lines).toContain('mail delivered');
    // Stopped: a message written now waits for the next worker.
    const later = await enqueue(t, mail('After the stop'));
    mailQueued();
    await new Promise((r) => setTimeout(r, 500));
    expect((await detail(t, later)).status).toBe('queued');
    await deliver(t);
  });

  it('resends a sent message as a copy, audited; a message still in the outbox is not resent', async () => {
    const id = await enqueue(t, mail('Please resend me'));
    const early = await t.request('POST', `/api/outbox/${id}/resend`);
    expect(early.statusCode).toBe(409);
    await deliver(t);
    const accountant = await t.signInAs('accountant');
    const resent = await t.app.inject({ method: 'POST', url: `/api/outbox/${id}/resend`, headers: accountant });
    expect(resent.statusCode, resent.body).toBe(201);
    const copy = resent.json().data as OutboxMessageDetail;
    expect(copy).toMatchObject({ status: 'queued', resendOf: id, subject: 'Please resend me' });
    expect(copy.createdBy).toMatch(/^accountant-/);
    await deliver(t);
    expect(arrived(smtp, 'Please resend me')).toHaveLength(2);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'resend'));
    expect(entry).toMatchObject({
      entityType: 'mail',
      entityId: id,
      label: 'Please resend me → customer@example.test',
    });
    const unknown = await t.request('POST', '/api/outbox/00000000-0000-4000-8000-000000000000/resend');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Message not found');
  });
});

describe('mail without a mail server', () => {
  const t = setUpApp();
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.stop());

  it('keeps messages marked as not sent until a server is configured, then sends each once', async () => {
    const test = await t.request('POST', '/api/settings/mail/test', { to: 'admin@example.test' });
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toBe('No mail server is configured: save the mail settings first');

    const id = await enqueue(t, mail('Waiting for a server'));
    expect(await deliver(t)).toMatchObject({ waiting: 1, sent: 0 });
    expect(await detail(t, id)).toMatchObject({ status: 'queued', attempts: 0, lastError: NO_MAIL_SERVER });
    const list = await read<{ data: { lastError: string }[] }>(t, '/api/outbox?status=queued');
    expect(list.data.map((m) => m.lastError)).toEqual([NO_MAIL_SERVER]);
    expect(await deliver(t)).toMatchObject({ waiting: 0 });

    const saved = await t.request('PUT', '/api/settings/mail', smtp.settings);
    expect(saved.json().data).toMatchObject({ configured: true, passwordSet: false, user: null });
    expect(await deliver(t)).toMatchObject({ sent: 1 });
    expect(await deliver(t)).toMatchObject({ sent: 0 });
    expect(arrived(smtp, 'Waiting for a server')).toHaveLength(1);
    expect(await detail(t, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('goes to SMTP_URL when it is set, whatever the settings say', async () => {
    const config = { ...t.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'ops@gulf-trading.test' };
    const id = await enqueue(t, mail('Through SMTP_URL'));
    await t.request('PUT', '/api/settings/mail', { ...smtp.settings, port: 1 });
    const transport = await mailTransport(t.apiDb, config);
    expect(transport?.from).toBe('ops@gulf-trading.test');
    expect(await deliverDueMail(t.apiDb, transport, { now: new Date() })).toMatchObject({ sent: 1 });
    transport?.close();
    const [got] = arrived(smtp, 'Through SMTP_URL');
    expect(got?.from?.text).toBe('ops@gulf-trading.test');
    expect((await detail(t, id)).status).toBe('sent');
  });
});

import { randomUUID } from 'node:crypto';
import { NO_MAIL_SERVER } from '@admin/shared/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/connect';
import { outbox, outboxAttachments, outboxAttempts } from '../../db/schema';

/** A message as it goes to the mail server. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A mail server to hand messages to; `send` answers the server's reply to the message. */
export interface MailTransport {
  from: string;
  send(mail: OutgoingMail): Promise<{ response: string }>;
  close(): void;
}

/** What a failed send says, and whether trying again can help. */
export interface SendFailure {
  detail: string;
  /** The server answered (a reply code): refused, rather than unreachable. */
  answered: boolean;
  /** A 5xx answer to this message (its recipient, its content): retrying sends the same refusal. */
  permanent: boolean;
}

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

export function failureOf(error: unknown): SendFailure {
  const e = (error ?? {}) as SmtpError;
  const answered = typeof e.responseCode === 'number';
  const detail = (answered && e.response ? e.response : e.message || String(error)).slice(0, 1000);
  // A refused login is the server's settings, not this message's: the message waits for them to be fixed.
  const permanent = answered && e.responseCode! >= 500 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE');
  return { detail, answered, permanent };
}

/**
 * Each wait for the mail server ends inside one claim's lease (DEFAULT_LEASE_MS): the lease is
 * renewed while the instance lives, but should renewals stop reaching the database, no single
 * stalled step outlasts the lease after which another instance may send the message again.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 20_000, socketTimeout: 25_000 };

/** A transport through nodemailer: `server` as SMTP options or an smtp(s):// URL. */
export function smtpTransport(
  server: string | { host: string; port: number; secure: boolean; user?: string | null; password?: string | null },
  from: string,
): MailTransport {
  const transport =
    typeof server === 'string'
      ? nodemailer.createTransport(server, {})
      : nodemailer.createTransport({
          host: server.host,
          port: server.port,
          secure: server.secure,
          ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
          ...TIMEOUTS,
        });
  if (typeof server === 'string') Object.assign(transport.options, TIMEOUTS);
  return {
    from,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return { response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}

/**
 * How long a claim holds a message before another instance may take it: short, so a message whose
 * instance died goes again within a minute; renewed every RENEW_EVERY_MS while its instance works.
 */
export const DEFAULT_LEASE_MS = 30_000;
/** How often a working instance extends the lease of the messages it holds. */
export const RENEW_EVERY_MS = 5_000;
/** After this many attempts a message that still fails is failed for good (resend sends a copy). */
export const MAX_ATTEMPTS = 10;
/** The wait after the nth failed attempt, in minutes; the last one repeats (about three days in all). */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440] as const;

export const backoffMs = (attempts: number) =>
  BACKOFF_MINUTES[Math.min(Math.max(attempts, 1), BACKOFF_MINUTES.length) - 1]! * 60_000;

type OutboxRow = typeof outbox.$inferSelect;

/** The domain of the Message-IDs: the sender's. */
const domainOf = (from: string) =>
  from
    .split('@')
    .pop()
    ?.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';

/**
 * Claims up to `batch` due messages for this instance: queued ones whose next attempt has come, and
 * sending ones whose claim's lease ran out (the instance sending them stopped; that attempt is
 * recorded as lost). Rows another instance is claiming right now are skipped (FOR UPDATE SKIP
 * LOCKED), so two instances never claim one message. Each claim counts an attempt and holds the
 * message until `now + leaseMs`; its token is the only one that may record the outcome.
 */
export async function claimDue(
  db: Database,
  options: { now: Date; leaseMs?: number; batch?: number; domain: string },
): Promise<{ token: string; rows: OutboxRow[] }> {
  const { now, leaseMs = DEFAULT_LEASE_MS, batch = 20, domain } = options;
  const token = randomUUID();
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id, status: outbox.status, claimedUntil: outbox.claimedUntil })
      .from(outbox)
      .where(
        sql`(${outbox.status} = 'queued' and ${outbox.nextAttemptAt} <= ${now}) or (${outbox.status} = 'sending' and ${outbox.claimedUntil} < ${now})`,
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const lost = due.filter((row) => row.status === 'sending');
    if (lost.length)
      await tx.insert(outboxAttempts).values(
        lost.map((row) => ({
          outboxId: row.id,
          // When its lease ran out: before this claim's attempt.
          at: row.claimedUntil ?? now,
          outcome: 'lost' as const,
          detail: 'The instance sending it stopped before recording the answer; sending it again',
        })),
      );
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        claimToken: token,
        claimedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${outbox.attempts} + 1`,
        messageId: sql`coalesce(${outbox.messageId}, '<' || ${outbox.id} || '@' || ${domain} || '>')`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  return { token, rows };
}

/** A claim kept alive while its instance sends (holdClaim). */
export interface HeldClaim {
  /** Whether the last renewal found `id` still held by this claim's token. */
  holds(id: string): boolean;
  /** Stops renewing (the batch is done); waits for a renewal under way. */
  stop(): Promise<void>;
}

/**
 * Renews, every `renewEveryMs` until stopped, the lease of the messages `token` still holds, to
 * `clock() + leaseMs`, so another instance takes them only once this one stops renewing (it died).
 * Only rows still sending under this very token are renewed: a token whose lease ran out and whose
 * messages another instance claimed renews nothing and never gets them back. A renewal that fails
 * (the database unreachable) is tried again at the next beat.
 */
export function holdClaim(
  db: Database,
  token: string,
  ids: string[],
  options: { clock: () => Date; leaseMs?: number; renewEveryMs?: number },
): HeldClaim {
  const { clock, leaseMs = DEFAULT_LEASE_MS, renewEveryMs = RENEW_EVERY_MS } = options;
  let held = new Set(ids);
  let renewing = Promise.resolve();
  const renew = async () => {
    const renewed = await db
      .update(outbox)
      .set({ claimedUntil: new Date(clock().getTime() + leaseMs) })
      .where(and(eq(outbox.claimToken, token), eq(outbox.status, 'sending')))
      .returning({ id: outbox.id });
    held = new Set(renewed.map((row) => row.id));
  };
  const timer = setInterval(() => {
    renewing = renewing.then(renew).catch(() => {});
  }, renewEveryMs);
  timer.unref();
  return {
    holds: (id) => held.has(id),
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

export type DeliveryOutcome = { sent: true; response: string } | ({ sent: false } & SendFailure);

/**
 * Hands one claimed message to the server and records the outcome, only while `token` still holds
 * it: sent (with the server's answer), or failed and queued again after the backoff, or failed for
 * good (a 5xx refusal of this message, the last attempt, or `retry` off). Each attempt is a row of
 * outbox_attempts. `recorded` is false when the claim was lost meanwhile: the instance that took the
 * message over records its own attempt, and this one records nothing.
 */
export async function deliverClaimed(
  db: Database,
  transport: MailTransport,
  row: OutboxRow,
  token: string,
  { now, retry = true }: { now: Date; retry?: boolean },
): Promise<DeliveryOutcome & { recorded: boolean }> {
  const attachments = await db
    .select()
    .from(outboxAttachments)
    .where(eq(outboxAttachments.outboxId, row.id))
    .orderBy(asc(outboxAttachments.position));
  let outcome: DeliveryOutcome;
  try {
    const { response } = await transport.send({
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
      messageId: row.messageId ?? `<${row.id}@${domainOf(transport.from)}>`,
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
    outcome = { sent: true, response };
  } catch (error) {
    outcome = { sent: false, ...failureOf(error) };
  }
  const held = and(eq(outbox.id, row.id), eq(outbox.claimToken, token));
  const recorded = await db.transaction(async (tx) => {
    const final = !outcome.sent && (outcome.permanent || !retry || row.attempts >= MAX_ATTEMPTS);
    const updated = await tx
      .update(outbox)
      .set(
        outcome.sent
          ? { status: 'sent', sentAt: now, lastError: null, claimToken: null, claimedUntil: null }
          : {
              status: final ? 'failed' : 'queued',
              lastError: outcome.detail,
              nextAttemptAt: final ? row.nextAttemptAt : new Date(now.getTime() + backoffMs(row.attempts)),
              claimToken: null,
              claimedUntil: null,
            },
      )
      .where(held)
      .returning({ id: outbox.id });
    if (!updated.length) return false;
    await tx.insert(outboxAttempts).values({
      outboxId: row.id,
      at: now,
      outcome: outcome.sent ? 'sent' : 'failed',
      detail: outcome.sent ? outcome.response : outcome.detail,
    });
    return true;
  });
  return { ...outcome, recorded };
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Due messages left waiting: no mail server is configured. */
  waiting: number;
}

/**
 * Delivers every due message once: claims a batch, sends each while renewing the batch's claim
 * (holdClaim), records each outcome, and claims again until none is due (a failed message's next
 * attempt is later, so a run ends). Safe on any number of instances at once. Without a transport
 * (no mail server configured) nothing is claimed: the due messages wait, marked 'not sent: no mail
 * server configured', and go at the first run after one is configured. Before each batch it asks
 * `keepGoing` (false once stopping).
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport | undefined,
  options: { now?: Date; leaseMs?: number; renewEveryMs?: number; batch?: number; keepGoing?: () => boolean } = {},
): Promise<DeliveryReport> {
  const { now = new Date(), keepGoing = () => true } = options;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, waiting: 0 };
  if (!transport) {
    const marked = await db
      .update(outbox)
      .set({ lastError: NO_MAIL_SERVER })
      .where(
        and(
          eq(outbox.status, 'queued'),
          lte(outbox.nextAttemptAt, now),
          sql`${outbox.lastError} is distinct from ${NO_MAIL_SERVER}`,
        ),
      )
      .returning({ id: outbox.id });
    report.waiting = marked.length;
    return report;
  }
  // The run's clock: `now` moving on with real time, so the leases of later batches (and their
  // renewals) count from when they are taken, and each outcome is recorded when it came.
  const startedAt = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - startedAt);
  while (keepGoing()) {
    const { token, rows } = await claimDue(db, { ...options, now: clock(), domain: domainOf(transport.from) });
    if (!rows.length) break;
    const claim = holdClaim(
      db,
      token,
      rows.map((row) => row.id),
      { ...options, clock },
    );
    try {
      for (const row of rows) {
        // Lost while the batch waited (no renewal reached the database within a lease): another
        // instance has it now.
        if (!claim.holds(row.id)) continue;
        const outcome = await deliverClaimed(db, transport, row, token, { now: clock() });
        if (!outcome.recorded) continue;
        if (outcome.sent) report.sent++;
        else if (outcome.permanent || row.attempts >= MAX_ATTEMPTS) report.failed++;
        else report.retrying++;
      }
    } finally {
      await claim.stop();
    }
  }
  return report;
}

import type {
  Language,
  OutboxAttempt,
  OutboxListQuery,
  OutboxMessage,
  OutboxMessageDetail,
} from '@admin/shared/contract';
import { MAIL_MESSAGES } from '@admin/shared/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { onlyRow } from '../../db/rows';
import { outbox, outboxAttachments, outboxAttempts } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { defineList, picked, searchAcross, type Listing } from '../../lists';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message to send, as the module that causes it describes it. */
export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The language it is written in (the customer's, the user's). */
  language: Language;
  /** The record it is about: a document's kind and id, shown in Sent mail. */
  relatesTo?: { kind: string; id: string };
  actor: Actor;
}

/** A claim on a message written already held (the test message, sent at once by its request). */
export interface HeldClaim {
  token: string;
  until: Date;
}

/** Writes the message and its attachments in `tx`; with `held`, claimed by the caller from the start. */
export async function insertMail(tx: Transaction, mail: MailToSend, held?: HeldClaim, resendOf?: string) {
  const row = onlyRow(
    await tx
      .insert(outbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        language: mail.language,
        relatesToKind: mail.relatesTo?.kind ?? null,
        relatesToId: mail.relatesTo?.id ?? null,
        createdBy: mail.actor.id,
        createdByUsername: mail.actor.username,
        resendOf: resendOf ?? null,
        ...(held ? { status: 'sending' as const, claimToken: held.token, claimedUntil: held.until, attempts: 1 } : {}),
      })
      .returning({ id: outbox.id }),
    'the message just written',
  );
  const attachments = mail.attachments ?? [];
  if (attachments.length)
    await tx.insert(outboxAttachments).values(
      attachments.map((attachment, position) => ({
        outboxId: row.id,
        position,
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.content,
      })),
    );
  return row.id;
}

/**
 * Puts a message in the outbox inside the caller's transaction: it is sent once that transaction
 * commits (by the mail worker, within its poll interval), and never if it rolls back. Returns the
 * message's id.
 */
export function enqueueMail(tx: Transaction, mail: MailToSend): Promise<string> {
  return insertMail(tx, mail);
}

const attachmentsJson = sql<OutboxMessage['attachments']>`(
  select coalesce(json_agg(json_build_object('filename', a.filename, 'contentType', a.content_type,
    'size', octet_length(a.content)) order by a.position), '[]'::json)
  from ${outboxAttachments} a where a.outbox_id = "outbox"."id")`;

const columns = { message: outbox, attachments: attachmentsJson };
type Row = { message: typeof outbox.$inferSelect; attachments: OutboxMessage['attachments'] };

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toMessage({ message: m, attachments }: Row): OutboxMessage {
  return {
    _id: m.id,
    to: m.toAddress,
    subject: m.subject,
    language: m.language,
    status: m.status,
    lastError: m.lastError,
    attempts: m.attempts,
    nextAttemptAt: m.status === 'queued' ? iso(m.nextAttemptAt) : null,
    sentAt: iso(m.sentAt),
    messageId: m.messageId,
    relatesTo: m.relatesToKind && m.relatesToId ? { kind: m.relatesToKind, id: m.relatesToId } : null,
    resendOf: m.resendOf,
    createdBy: m.createdByUsername,
    createdAt: m.createdAt.toISOString(),
    attachments,
  };
}

const OUTBOX_LIST = defineList({
  id: outbox.id,
  select: (db: Database) => db.select(columns).from(outbox).$dynamic(),
  where: (query: OutboxListQuery) =>
    and(searchAcross(query.search, [outbox.toAddress, outbox.subject]), picked(outbox.status, query.status)),
  order: { columns: { createdAt: outbox.createdAt }, byDefault: { sort: ['createdAt'], order: 'desc' }, id: outbox.id },
  readWithJoins: 'every page',
  rows: (found) => found.map(toMessage),
});

/** Sent mail: every message, newest first. */

export function listOutbox(db: Database, query: OutboxListQuery): Listing<OutboxMessage> {
  return OUTBOX_LIST.read(db, query);
}

/** One message with its texts and every attempt, oldest first. */
export async function readOutboxMessage(db: Database | Transaction, id: string): Promise<OutboxMessageDetail> {
  const [row] = await db.select(columns).from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound(MAIL_MESSAGES.notFound);
  const attempts = await db
    .select()
    .from(outboxAttempts)
    .where(eq(outboxAttempts.outboxId, id))
    .orderBy(asc(outboxAttempts.at), asc(outboxAttempts.id));
  const attemptLog: OutboxAttempt[] = attempts.map((a) => ({
    at: a.at.toISOString(),
    outcome: a.outcome,
    detail: a.detail,
  }));
  return { ...toMessage(row), text: row.message.textBody, html: row.message.htmlBody, attemptLog };
}

/**
 * Sends a sent or failed message again, as a new message (its copy, attachments included) that
 * names the first: each message is delivered once, and Sent mail shows both. A message still in
 * the outbox is refused: it goes, or is retried, by itself. Audited on the first message.
 */
export function resendMail(db: Database, actor: Actor, id: string): Promise<OutboxMessageDetail> {
  return db.transaction(async (tx) => {
    const [first] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
    if (!first) throw notFound(MAIL_MESSAGES.notFound);
    if (first.status === 'queued' || first.status === 'sending') throw conflict(MAIL_MESSAGES.notSentYet);
    const attachments = await tx
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, id))
      .orderBy(asc(outboxAttachments.position));
    const copy = await insertMail(
      tx,
      {
        to: first.toAddress,
        subject: first.subject,
        text: first.textBody,
        html: first.htmlBody ?? undefined,
        attachments,
        language: first.language,
        relatesTo:
          first.relatesToKind && first.relatesToId ? { kind: first.relatesToKind, id: first.relatesToId } : undefined,
        actor,
      },
      undefined,
      first.id,
    );
    await appendAudit(tx, actor, [
      {
        action: 'resend',
        entityType: 'mail',
        entityId: first.id,
        label: `${first.subject} → ${first.toAddress}`,
        changes: [{ field: 'resentAs', before: null, after: copy }],
      },
    ]);
    return readOutboxMessage(tx, copy);
  });
}

import { randomUUID } from 'node:crypto';
import { MAIL_MESSAGES, type Language, type MailTestResult } from '@admin/shared/contract';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../audit/trail';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { outbox } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { DEFAULT_LEASE_MS, deliverClaimed, holdClaim } from './delivery';
import { insertMail } from './outbox';
import { mailTransport } from './settings';

const TEST_MESSAGE: Record<Language, { subject: string; text: string }> = {
  en: {
    subject: 'Test message from Admin System',
    text: 'This message was sent from the mail settings of Admin System to check that mail reaches you.',
  },
  ar: {
    subject: 'رسالة تجريبية من نظام الإدارة',
    text: 'أُرسلت هذه الرسالة من إعدادات البريد في نظام الإدارة للتأكد من وصول البريد إليك.',
  },
};

const fill = (template: string, reason: string) => template.replace('{{reason}}', reason);

/**
 * Sends a test message to `to` now, through the outbox like every message (Sent mail lists it),
 * claimed by this request from the start and renewed while it sends, so no worker takes it. Answers
 * what the server said; a server that cannot be reached or refuses is a 502 naming why, and the
 * message is failed (a test is not retried). Without a mail server: 400.
 */
export async function sendTestMail(
  db: Database,
  config: Config,
  actor: Actor,
  to: string,
  language: Language,
): Promise<MailTestResult> {
  const transport = await mailTransport(db, config);
  if (!transport) throw badRequest(MAIL_MESSAGES.notConfigured);
  try {
    const now = new Date();
    const held = { token: randomUUID(), until: new Date(now.getTime() + DEFAULT_LEASE_MS) };
    const id = await db.transaction((tx) =>
      insertMail(
        tx,
        { to, ...TEST_MESSAGE[language], language, relatesTo: { kind: 'mail-test', id: to }, actor },
        held,
      ),
    );
    const domain = transport.from.split('@').pop() ?? 'localhost';
    const [row] = await db
      .update(outbox)
      .set({ messageId: `<${id}@${domain}>` })
      .where(eq(outbox.id, id))
      .returning();
    const claim = holdClaim(db, held.token, [id], { clock: () => new Date() });
    const outcome = await deliverClaimed(db, transport, row!, held.token, { now, retry: false }).finally(() =>
      claim.stop(),
    );
    if (!outcome.sent)
      throw new HttpError(
        502,
        fill(outcome.answered ? MAIL_MESSAGES.refused : MAIL_MESSAGES.unreachable, outcome.detail),
      );
    return { _id: id, messageId: row!.messageId!, response: outcome.response };
  } finally {
    transport.close();
  }
}

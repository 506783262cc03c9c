import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENT_LINK_MESSAGES, type AuditEntityType } from '@admin/shared/contract';
import { eq } from 'drizzle-orm';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database } from '../../db/connect';
import { documentLinks } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export interface SharedDocument {
  kind: (typeof documentLinks.$inferInsert)['kind'];
  recordId: string;
  /** The record as the trail names it: the invoice's, the payment's or the customer's. */
  entityType: AuditEntityType;
  label: string;
  filename: string;
  pdf: Buffer;
}

/**
 * Keeps a document's PDF behind a new link and records the sharing in the audit trail with the
 * PDF's SHA-256, in one transaction. The link's secret is 32 random bytes; only its hash is kept,
 * so the table gives no working link to whoever reads it.
 */
export async function shareDocument(
  db: Database,
  actor: Actor,
  document: SharedDocument,
  days: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const digest = sha256(document.pdf);
  await db.transaction(async (tx) => {
    await tx.insert(documentLinks).values({
      tokenHash: sha256(token),
      kind: document.kind,
      recordId: document.recordId,
      filename: document.filename,
      pdf: document.pdf,
      sha256: digest,
      createdBy: actor.id,
      expiresAt,
    });
    await appendAudit(tx, actor, [
      {
        action: 'share',
        entityType: document.entityType,
        entityId: document.recordId,
        label: document.label,
        changes: [
          { field: 'document', before: null, after: document.filename },
          { field: 'expiresAt', before: null, after: expiresAt.toISOString() },
          { field: 'sha256', before: null, after: digest },
        ],
      },
    ]);
  });
  return { token, expiresAt };
}

/** The PDF a link opens; an unknown or altered link is 404 and an expired one 410, saying nothing of the document. */
export async function openSharedDocument(db: Database, token: string, now: Date) {
  const [link] = await db
    .select({ filename: documentLinks.filename, pdf: documentLinks.pdf, expiresAt: documentLinks.expiresAt })
    .from(documentLinks)
    .where(eq(documentLinks.tokenHash, sha256(token)));
  if (!link) throw notFound(DOCUMENT_LINK_MESSAGES.notFound);
  if (link.expiresAt <= now) throw new HttpError(410, DOCUMENT_LINK_MESSAGES.expired);
  return link;
}

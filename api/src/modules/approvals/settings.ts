import type { ApprovalKind, ApprovalSettings, ApprovalSettingsInput } from '@admin/shared/contract';
import type { Fils } from '@admin/shared/money';
import { eq } from 'drizzle-orm';
import { changesOf } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { onlyRow } from '../../db/rows';
import { companySettings } from '../../db/schema';

const COLUMNS = {
  refund: companySettings.approvalRefund,
  creditNote: companySettings.approvalCreditNote,
  writeOff: companySettings.approvalWriteOff,
  bounce: companySettings.approvalBounce,
} as const;

/** The approval amounts: for each kind, the amount above which a request waits (null: never). */
export async function readApprovalSettings(db: Database | Transaction): Promise<ApprovalSettings> {
  return onlyRow(
    await db.select(COLUMNS).from(companySettings).where(eq(companySettings.id, 1)),
    'the settings row its migration made',
  );
}

/** The amount above which a request of `kind` waits, or null. */
export async function approvalAmount(db: Database | Transaction, kind: ApprovalKind): Promise<Fils | null> {
  const [row] = await db.select({ amount: COLUMNS[kind] }).from(companySettings).where(eq(companySettings.id, 1));
  return row?.amount ?? null;
}

/** Replaces the approval amounts, audited as a change of the company settings. */
export function saveApprovalSettings(
  db: Database,
  actor: Actor,
  input: ApprovalSettingsInput,
): Promise<ApprovalSettings> {
  return db.transaction(async (tx) => {
    await tx.select({ id: companySettings.id }).from(companySettings).where(eq(companySettings.id, 1)).for('update');
    const before = await readApprovalSettings(tx);
    await tx
      .update(companySettings)
      .set({
        approvalRefund: input.refund,
        approvalCreditNote: input.creditNote,
        approvalWriteOff: input.writeOff,
        approvalBounce: input.bounce,
        updatedAt: new Date(),
      })
      .where(eq(companySettings.id, 1));
    const after = await readApprovalSettings(tx);
    const changes = changesOf(before, after);
    if (changes.length)
      await appendAudit(tx, actor, [
        { action: 'update', entityType: 'company-settings', entityId: null, label: 'Approval amounts', changes },
      ]);
    return after;
  });
}

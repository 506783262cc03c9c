import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings, type ReminderSettingsInput } from '@admin/shared/contract';
import { and, eq } from 'drizzle-orm';
import { changesOf } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { companySettings, reminderSettings, users } from '../../db/schema';

/** The reminder settings as kept, or the contract's defaults until an admin first saves them. */
export async function readReminderSettings(db: Database | Transaction): Promise<ReminderSettings> {
  const [found] = await db
    .select({ row: reminderSettings, sentAs: users.name })
    .from(reminderSettings)
    .leftJoin(users, eq(users.id, reminderSettings.statementsSentAs))
    .where(eq(reminderSettings.id, 1));
  if (!found) return { ...DEFAULT_REMINDER_SETTINGS, updatedAt: null, statementsSentAs: null };
  const { row, sentAs } = found;
  return {
    enabled: row.enabled,
    steps: row.steps,
    templates: row.templates,
    monthlyStatements: row.monthlyStatements,
    updatedAt: row.updatedAt.toISOString(),
    statementsSentAs: row.monthlyStatements ? sentAs : null,
  };
}

/** The staff member the monthly statements are drawn as, while they are on. */
export async function statementsSender(db: Database | Transaction): Promise<string | null> {
  const [row] = await db
    .select({ id: reminderSettings.statementsSentAs })
    .from(reminderSettings)
    .where(and(eq(reminderSettings.id, 1), eq(reminderSettings.monthlyStatements, true)));
  return row?.id ?? null;
}

/** Replaces the reminder settings with `input`, in one change audited as the company settings'. */
export function saveReminderSettings(
  db: Database,
  actor: Actor,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  return db.transaction(async (tx) => {
    // One writer at a time: the company settings row is every settings list's lock.
    await tx.select({ id: companySettings.id }).from(companySettings).where(eq(companySettings.id, 1)).for('update');
    const before = await readReminderSettings(tx);
    const values = {
      enabled: input.enabled,
      steps: input.steps,
      templates: input.templates,
      monthlyStatements: input.monthlyStatements,
      // The statements' PDFs are drawn with the reading rights of whoever turns them on.
      statementsSentAs: input.monthlyStatements ? actor.id : null,
      updatedAt: new Date(),
    };
    await tx
      .insert(reminderSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: reminderSettings.id, set: values });
    const after = await readReminderSettings(tx);
    const changes = changesOf(before, after);
    if (changes.length)
      await appendAudit(tx, actor, [
        { action: 'update', entityType: 'company-settings', entityId: null, label: 'Payment reminders', changes },
      ]);
    return after;
  });
}

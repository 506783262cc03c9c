import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings, type ReminderSettingsInput } from '@admin/shared/contract';
import { eq } from 'drizzle-orm';
import { changesOf } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { companySettings, reminderSettings } from '../../db/schema';

/** The reminder settings as kept, or the contract's defaults until an admin first saves them. */
export async function readReminderSettings(db: Database | Transaction): Promise<ReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.id, 1));
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS, updatedAt: null };
  return { enabled: row.enabled, steps: row.steps, templates: row.templates, updatedAt: row.updatedAt.toISOString() };
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
    const values = { enabled: input.enabled, steps: input.steps, templates: input.templates, updatedAt: new Date() };
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

import type { FieldChange, MailSettings, MailSettingsInput } from '@admin/shared/contract';
import { eq } from 'drizzle-orm';
import { changesOf } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/connect';
import { mailSettings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { seal, unseal } from '../../lib/mail-key';
import { smtpTransport, type MailTransport } from './delivery';

const ROW = eq(mailSettings.id, 1);
type Row = typeof mailSettings.$inferSelect;

export const MAIL_KEY_MISSING = 'The mail key is not loaded: the server cannot keep the mail password';

function toSettings(row: Row | undefined, config: Pick<Config, 'smtpUrl'>): MailSettings {
  return {
    configured: !!row || !!config.smtpUrl,
    host: row?.host ?? '',
    port: row?.port ?? 587,
    secure: row?.secure ?? false,
    user: row?.username ?? null,
    passwordSet: !!row?.passwordSealed,
    from: row?.fromAddress ?? '',
    smtpUrl: !!config.smtpUrl,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function readRow(db: Database | Transaction): Promise<Row | undefined> {
  return (await db.select().from(mailSettings).where(ROW))[0];
}

/** GET /settings/mail: the server as kept, never its password. */
export async function readMailSettings(db: Database, config: Config): Promise<MailSettings> {
  return toSettings(await readRow(db), config);
}

/**
 * Keeps the mail server an admin saves, its password sealed with the mail key (lib/mail-key.ts):
 * absent keeps the one kept, null or '' removes it. Audited without the password: the entry says
 * whether one is set, and that it was replaced.
 */
export function saveMailSettings(
  db: Database,
  config: Config,
  actor: Actor,
  input: MailSettingsInput,
): Promise<MailSettings> {
  return db.transaction(async (tx) => {
    const before = await readRow(tx);
    let passwordSealed = before?.passwordSealed ?? null;
    if (input.password === null || input.password === '') passwordSealed = null;
    else if (input.password !== undefined) {
      if (!config.mailKey) throw new HttpError(500, MAIL_KEY_MISSING);
      passwordSealed = seal(config.mailKey, input.password);
    }
    const values = {
      host: input.host,
      port: input.port,
      secure: input.secure,
      username: input.user || null,
      passwordSealed,
      fromAddress: input.from,
      updatedAt: new Date(),
    };
    await tx
      .insert(mailSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: mailSettings.id, set: values });
    const after = toSettings(await readRow(tx), config);
    const shown = (settings: MailSettings | null) =>
      settings && {
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        user: settings.user,
        passwordSet: settings.passwordSet,
        from: settings.from,
      };
    const changes: FieldChange[] = changesOf(shown(before ? toSettings(before, config) : null), shown(after));
    if (before?.passwordSealed && typeof input.password === 'string' && input.password !== '')
      changes.push({ field: 'password', before: 'set', after: 'replaced' });
    await appendAudit(tx, actor, [
      {
        action: before ? 'update' : 'create',
        entityType: 'mail-settings',
        entityId: null,
        label: 'Mail settings',
        changes,
      },
    ]);
    return after;
  });
}

/**
 * The mail server messages go to: SMTP_URL when set, else the settings kept, else undefined (the
 * messages wait). A kept password that the loaded mail key cannot open is an error: the server
 * was given another MAIL_KEY than the one the password was sealed with.
 */
export async function mailTransport(db: Database, config: Config): Promise<MailTransport | undefined> {
  if (config.smtpUrl && config.mailFrom) return smtpTransport(config.smtpUrl, config.mailFrom);
  const row = await readRow(db);
  if (!row) return undefined;
  let password: string | null = null;
  if (row.passwordSealed) {
    if (!config.mailKey) throw new Error(MAIL_KEY_MISSING);
    password = unseal(config.mailKey, row.passwordSealed);
  }
  return smtpTransport(
    { host: row.host, port: row.port, secure: row.secure, user: row.username, password },
    row.fromAddress,
  );
}

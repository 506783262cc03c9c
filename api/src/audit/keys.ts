import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { desc, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditLog } from '../db/schema';
import { readKeyFile } from '../lib/key-file';

/** A secret the chain's entries are signed with (HMAC-SHA-256), named by an id derived from it. */
export interface AuditKey {
  id: string;
  secret: Buffer;
}

/** Every key entries may be signed with; `current` signs new entries. */
export interface AuditKeyring {
  current: AuditKey;
  byId: ReadonlyMap<string, AuditKey>;
}

/** The key file in DATA_DIR: one key a line, oldest first; the last line signs. */
export const AUDIT_KEY_FILE = 'audit-keys';
/** Shorter keys could be guessed from an entry and its HMAC; a generated key has 64 hex digits. */
export const MIN_AUDIT_KEY_LENGTH = 32;

/**
 * An entry names its key by this id, so a rotated-out key still verifies the entries it signed,
 * and a key the verifier lacks is reported as such rather than as tampering. A hash of the
 * secret (with a label of its own), so ids need no numbering agreed between instances.
 */
export const keyIdOf = (secret: string): string =>
  createHash('sha256').update(`admin-system audit key id\n${secret}`).digest('hex').slice(0, 16);

export const newAuditKey = (): string => randomBytes(32).toString('hex');

/** The keyring of `secrets`, oldest first: the last one signs. */
export function keyringOf(secrets: readonly string[]): AuditKeyring {
  const keys = secrets.map((secret) => {
    if (secret.length < MIN_AUDIT_KEY_LENGTH)
      throw new Error(`An audit key must be at least ${MIN_AUDIT_KEY_LENGTH} characters (openssl rand -hex 32)`);
    return { id: keyIdOf(secret), secret: Buffer.from(secret, 'utf8') };
  });
  const current = keys.at(-1);
  if (!current) throw new Error('No audit key');
  return { current, byId: new Map(keys.map((key) => [key.id, key])) };
}

/**
 * The audit keys: AUDIT_KEY (signing) with AUDIT_PREVIOUS_KEYS when set, else the key file in
 * the data folder (lib/key-file.ts). A start (`create`) writes that file with a new key, mode
 * 0600, when it is absent; a tool that only verifies gets undefined instead.
 */
export function loadAuditKeys(
  settings: { auditKeys?: readonly string[]; dataDir: string },
  { create }: { create: boolean },
): AuditKeyring | undefined {
  if (settings.auditKeys) return keyringOf(settings.auditKeys);
  const keys = readKeyFile(join(settings.dataDir, AUDIT_KEY_FILE), { create, make: newAuditKey });
  return keys && keyringOf(keys);
}

/**
 * Refuses a key file this start has just made (`keyFile`) when the trail's newest keyed entry was
 * signed with another key: the usual cause is one more instance with a data folder of its own,
 * whose entries no other instance could verify. The new file is removed, so the next start does
 * not take it as chosen.
 */
export async function refuseNewKeyForKeyedTrail(db: Database, keys: AuditKeyring, keyFile: string): Promise<void> {
  const [newest] = await db
    .select({ keyId: auditLog.keyId })
    .from(auditLog)
    .where(isNotNull(auditLog.keyId))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  if (!newest?.keyId || keys.byId.has(newest.keyId)) return;
  rmSync(keyFile, { force: true });
  throw new Error(
    `This start made a new audit key (${keyFile}), but the audit trail is signed with another key (id ${newest.keyId}). ` +
      'Give this server the key the other instances use (the same AUDIT_KEY, or a copy of their audit-keys file) and start again ' +
      '(docs/operations.md, "The audit trail\'s key").',
  );
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readKeyFile } from './key-file';

/**
 * The key the mail server's password is sealed with (AES-256-GCM), kept outside the database:
 * MAIL_KEY (32 bytes, base64), else the file mail-key in the data folder, made on the first start.
 * A copy of the database alone never gives the password away. Instances sharing a database share
 * the key, as they share the audit key.
 */
export const MAIL_KEY_FILE = 'mail-key';

/** The key written as base64 (openssl rand -base64 32); anything but 32 bytes stops the start. */
export function mailKeyOf(base64: string, name = 'MAIL_KEY'): Buffer {
  const text = base64.trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32)
    throw new Error(`${name} must be 32 bytes written in base64 (openssl rand -base64 32)`);
  return key;
}

/** MAIL_KEY when set, else the key file in the data folder (written on a start, `create`). */
export function loadMailKey(
  settings: { mailKey?: Buffer; dataDir: string },
  { create }: { create: boolean },
): Buffer | undefined {
  if (settings.mailKey) return settings.mailKey;
  const file = join(settings.dataDir, MAIL_KEY_FILE);
  const lines = readKeyFile(file, { create, make: () => randomBytes(32).toString('base64') });
  const line = lines?.at(-1);
  return line === undefined ? undefined : mailKeyOf(line, file);
}

const VERSION = 1;
/** Bound to what it seals: a sealed value copied to another column does not open. */
const LABEL = Buffer.from('admin-system mail_settings.password_sealed');

/** `text` sealed: version (1 byte), IV (12), tag (16), ciphertext. */
export function seal(key: Buffer, text: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(LABEL);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** The text `sealed` holds; throws when the key is not the one it was sealed with. */
export function unseal(key: Buffer, sealed: Buffer): string {
  if (sealed[0] !== VERSION) throw new Error('Unknown sealed value version');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
  decipher.setAAD(LABEL);
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
}

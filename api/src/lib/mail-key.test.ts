import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { loadConfig } from '../config';
import { loadMailKey, MAIL_KEY_FILE, seal, unseal } from './mail-key';

describe('the mail key', () => {
  it('comes from MAIL_KEY, 32 bytes in base64, or stops the start', () => {
    const key = randomBytes(32);
    expect(loadConfig({ MAIL_KEY: key.toString('base64') }).mailKey?.equals(key)).toBe(true);
    expect(() => loadConfig({ MAIL_KEY: randomBytes(16).toString('base64') })).toThrow(
      'MAIL_KEY must be 32 bytes written in base64 (openssl rand -base64 32)',
    );
    expect(() => loadConfig({ MAIL_KEY: 'not base64 at all!' })).toThrow('MAIL_KEY must be 32 bytes');
  });

  it('is otherwise a file of the data folder, made once with mode 0600 and read again', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-key-'));
    try {
      expect(loadMailKey({ dataDir }, { create: false })).toBeUndefined();
      const made = loadMailKey({ dataDir }, { create: true })!;
      expect(made.length).toBe(32);
      const file = join(dataDir, MAIL_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadMailKey({ dataDir }, { create: true })!.equals(made)).toBe(true);
      expect(readFileSync(file, 'utf8').trim()).toBe(made.toString('base64'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('seals a password that only the same key opens', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'pässword');
    expect(sealed.includes(Buffer.from('pässword'))).toBe(false);
    expect(seal(key, 'pässword').equals(sealed)).toBe(false);
    expect(unseal(key, sealed)).toBe('pässword');
    expect(() => unseal(randomBytes(32), sealed)).toThrow();
  });
});

describe('SMTP_URL', () => {
  it('needs MAIL_FROM and an smtp:// or smtps:// address', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'billing@example.com' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com:465', mailFrom: 'billing@example.com' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow('SMTP_URL needs MAIL_FROM');
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com', MAIL_FROM: 'a@b.co' })).toThrow(
      'SMTP_URL must start with smtp://',
    );
  });
});

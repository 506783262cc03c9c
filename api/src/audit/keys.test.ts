import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../config';
import { AUDIT_KEY_FILE, keyIdOf, loadAuditKeys, newAuditKey } from './keys';

const root = mkdtempSync(join(tmpdir(), 'admin-audit-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const newFolder = () => mkdtempSync(join(root, `${(folders += 1)}-`));
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the audit key file', () => {
  it('is created with a new key, mode 0600, at a start when absent, and read again after', () => {
    const dataDir = newFolder();
    const file = join(dataDir, AUDIT_KEY_FILE);
    expect(loadAuditKeys({ dataDir }, { create: false })).toBeUndefined();
    const created = loadAuditKeys({ dataDir }, { create: true })!;
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(loadAuditKeys({ dataDir }, { create: true })!.current.id).toBe(created.current.id);
  });

  it('signs with its last line, keeps the earlier ones for verifying, and is made private again', () => {
    const dataDir = newFolder();
    const file = join(dataDir, AUDIT_KEY_FILE);
    const [old, current] = [newAuditKey(), newAuditKey()];
    writeFileSync(file, `# rotated on 2026-11-27\n${old}\n\n${current}\n`);
    chmodSync(file, 0o644);
    const keys = loadAuditKeys({ dataDir }, { create: false })!;
    expect(keys.current.id).toBe(keyIdOf(current));
    expect([...keys.byId.keys()]).toEqual([keyIdOf(old), keyIdOf(current)]);
    expect(modeOf(file)).toBe(0o600);
  });

  it('refuses a short key', () => {
    const dataDir = newFolder();
    writeFileSync(join(dataDir, AUDIT_KEY_FILE), 'password\n', { mode: 0o600 });
    expect(() => loadAuditKeys({ dataDir }, { create: true })).toThrow(/at least 32 characters/);
  });
});

describe('AUDIT_KEY and AUDIT_PREVIOUS_KEYS', () => {
  it('take the place of the file: AUDIT_KEY signs, the previous keys verify', () => {
    const [older, old, current] = [newAuditKey(), newAuditKey(), newAuditKey()];
    const dataDir = newFolder();
    const config = loadConfig({ DATA_DIR: dataDir, AUDIT_KEY: current, AUDIT_PREVIOUS_KEYS: `${older}, ${old}` });
    const keys = loadAuditKeys(config, { create: true })!;
    expect(keys.current.id).toBe(keyIdOf(current));
    expect([...keys.byId.keys()].sort()).toEqual([older, old, current].map(keyIdOf).sort());
    expect(statSync(join(dataDir, AUDIT_KEY_FILE), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('AUDIT_PREVIOUS_KEYS alone is refused', () => {
    expect(() => loadConfig({ AUDIT_PREVIOUS_KEYS: newAuditKey() })).toThrow(/needs AUDIT_KEY/);
  });
});

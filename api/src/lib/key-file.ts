import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';

/**
 * A key kept in a file of the data folder, outside the database (the audit trail's keys, the mail
 * password's key): its lines, blank ones and those starting with # left out. A start (`create`)
 * writes the file with `make()`'s key, mode 0600, when it is absent; a tool that only reads gets
 * undefined instead. A file copied in by hand with wider rights is brought back to 0600.
 */
export function readKeyFile(
  file: string,
  { create, make }: { create: boolean; make: () => string },
): string[] | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) {
    if (!create) return undefined;
    try {
      // 'wx': two processes starting at once on one folder never both write a key.
      writeFileSync(file, `${make()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } else if (stat.mode & 0o077) {
    // The data folder's rule (files 0600).
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

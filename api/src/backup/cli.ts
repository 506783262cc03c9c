import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { backup, restore } from './backup';
import { RestoreError } from './logical';

/**
 * pnpm backup [file] [--logical]
 * pnpm restore <file> [--replace]
 *
 * The configured database (DATABASE_URL, or the PGlite folder DATA_DIR), as the server reads it.
 * Exit code 0 when done, 1 when refused (with the reason), 2 when it failed.
 */
const USAGE = `Usage:
  pnpm backup [file] [--logical]     back up the configured database (default file: DATA_DIR/backups/admin-system-<time>.<ext>)
  pnpm restore <file> [--replace]    restore a backup into the configured database`;

const kb = (bytes: number) =>
  bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

async function main(argv: string[]): Promise<number> {
  // pnpm runs the script in the api folder; relative paths mean where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
  const [file, ...moreFiles] = rest.filter((arg) => !arg.startsWith('--'));
  const known = command === 'backup' ? ['--logical'] : ['--replace'];
  const unknown = [...flags].filter((flag) => !known.includes(flag));
  // A backup may name its file; a restore must.
  const request =
    command === 'backup'
      ? { command: 'backup' as const, file }
      : command === 'restore' && file !== undefined
        ? { command: 'restore' as const, file }
        : undefined;
  if (!request || unknown.length || moreFiles.length) {
    console.error(unknown.length ? `Unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);
    return 1;
  }
  const config = loadConfig();
  if (request.command === 'backup') {
    const result = await backup(config, { file: request.file, logical: flags.has('--logical') });
    console.log(`Backup written: ${result.file} (${kb(result.bytes)}, ${result.format}; ${result.how})`);
    return 0;
  }
  const result = await restore(config, request.file, { replace: flags.has('--replace') });
  const counts = Object.entries(result.counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(`Restored ${request.file} (${result.format}) into ${result.target}: ${counts}.`);
  if (result.keptAside)
    console.log(`The database it replaced is kept in ${result.keptAside}; delete it once you are satisfied.`);
  console.log('Everyone signs in again. Start the server: it brings the schema up to date if the backup is older.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error & { cause?: Error }) => {
    if (error instanceof RestoreError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    console.error('Failed:', (error.cause ?? error).message);
    process.exitCode = 2;
  },
);

import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../config';
import type { Database, DatabaseKind, Transaction } from '../db/connect';
import { onlyRow, rowsOf } from '../db/rows';

/**
 * The logical backup: every row of every table of the `public` schema and every sequence's
 * position, read in one REPEATABLE READ transaction (one consistent moment, writes go on),
 * written as gzip'd lines:
 *
 *   H\t{"format":"admin-system-logical","version":1,"migrations":[hash…],"takenAt":…,"from":"postgres"}
 *   T\t{"table":"customers","columns":[…]}          then one R line per row
 *   R\t{"id":"…","customer_name":"…",…}             the row as PostgreSQL's row_to_json wrote it
 *   S\t{"sequence":"invoice_number_seq","lastValue":"42","isCalled":true}
 *   E\t{"tables":14,"rows":1234}                    the end: a file without it is incomplete
 *
 * Rows never pass through JavaScript numbers or dates: the JSON text PostgreSQL wrote is handed
 * back to json_populate_recordset on restore, so bigints, timestamps to the microsecond and jsonb
 * come back exactly. It works on PGlite and PostgreSQL alike (a way to move between them), and
 * is what `pnpm backup` writes on PostgreSQL when pg_dump is not installed.
 */
export const LOGICAL_FORMAT = 'admin-system-logical';

interface Header {
  format: string;
  version: number;
  migrations: string[];
  takenAt: string;
  from: DatabaseKind;
}

const ident = (name: string) => sql.identifier(name);
const qualified = (name: string) => sql`${ident('public')}.${ident(name)}`;

/** The migrations this code applies, by hash, in order: a dump restores only into the same schema. */
export function codeMigrations(): string[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((migration) => migration.hash);
}

async function migrationsIn(tx: Transaction | Database): Promise<string[]> {
  const exists = rowsOf<{ found: string | null }>(
    await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
  );
  if (!exists[0]?.found) return [];
  return rowsOf<{ hash: string }>(await tx.execute(sql`select hash from drizzle.__drizzle_migrations order by id`)).map(
    (row) => row.hash,
  );
}

/**
 * Tables whose rows a fresh database already has from its migrations (the company settings', the
 * credit notes' counter's and the closed period's one row): the backup's rows replace them, so an empty database is still one these tables hold.
 */
const MIGRATION_FILLED_TABLES = ['company_settings', 'credit_note_counter', 'period_lock'];
/**
 * Tables a dump leaves out: the database derives them from the others as their rows load
 * (dashboard_figures: the triggers of customers, products, invoices and payments; list_blocks:
 * those of customers, invoices and payments; the receivable_ tables: the triggers of invoices).
 */
const DERIVED_TABLES = [
  'dashboard_figures',
  'list_blocks',
  'receivable_due',
  'receivable_customers',
  'receivable_aging_day',
  'receivable_figures',
];

/** Tables of `public` a dump carries, each after the tables its foreign keys point at. */
export async function tablesInLoadOrder(tx: Transaction | Database): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  )
    .map((row) => row.name)
    .filter((name) => !DERIVED_TABLES.includes(name));
  const edges = rowsOf<{ child: string; parent: string }>(
    await tx.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].filter(
      (table) => !edges.some((e) => e.child === table && e.parent !== table && pending.has(e.parent)),
    );
    if (!ready.length) throw new Error(`Foreign keys form a cycle between ${[...pending].join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

async function columnsOf(tx: Transaction | Database, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`select attname as name from pg_attribute where attrelid = ${`public.${JSON.stringify(table)}`}::regclass
      and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`),
  ).map((row) => row.name);
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes the logical dump of `db` to `out` (gzip'd) and ends it. Returns the row count.
 * The dump reads in one snapshot; on PostgreSQL other connections keep writing meanwhile.
 */
export async function dumpLogical(
  db: Database,
  kind: DatabaseKind,
  out: Writable,
): Promise<{ tables: number; rows: number }> {
  const gzip = createGzip();
  gzip.pipe(out);
  const finished = once(out, 'finish');
  const totals = await db.transaction(
    async (tx) => {
      const header: Header = {
        format: LOGICAL_FORMAT,
        version: 1,
        migrations: await migrationsIn(tx),
        takenAt: new Date().toISOString(),
        from: kind,
      };
      await write(gzip, `H\t${JSON.stringify(header)}\n`);
      const tables = await tablesInLoadOrder(tx);
      let rows = 0;
      for (const table of tables) {
        await write(gzip, `T\t${JSON.stringify({ table, columns: await columnsOf(tx, table) })}\n`);
        await tx.execute(
          sql`declare dump_rows no scroll cursor for select row_to_json(t)::text as j from ${qualified(table)} t`,
        );
        for (;;) {
          const batch = rowsOf<{ j: string }>(await tx.execute(sql`fetch forward 2000 from dump_rows`));
          for (const { j } of batch) await write(gzip, `R\t${j}\n`);
          rows += batch.length;
          if (batch.length < 2000) break;
        }
        await tx.execute(sql`close dump_rows`);
      }
      const sequences = rowsOf<{ name: string }>(
        await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
      );
      for (const { name } of sequences) {
        const position = onlyRow(
          rowsOf<{ last_value: string; is_called: boolean }>(
            await tx.execute(sql`select last_value::text as last_value, is_called from ${qualified(name)}`),
          ),
        );
        await write(
          gzip,
          `S\t${JSON.stringify({ sequence: name, lastValue: position.last_value, isCalled: position.is_called })}\n`,
        );
      }
      await write(gzip, `E\t${JSON.stringify({ tables: tables.length, rows })}\n`);
      return { tables: tables.length, rows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await finished;
  return totals;
}

/** Reads the header of a logical dump; undefined when the file is not one. */
export async function readLogicalHeader(file: string): Promise<Header | undefined> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (!line.startsWith('H\t')) return undefined;
      const header = JSON.parse(line.slice(2)) as Header;
      return header.format === LOGICAL_FORMAT ? header : undefined;
    }
  } catch {
    return undefined;
  } finally {
    lines.close();
  }
  return undefined;
}

export class RestoreError extends Error {}

const BATCH_ROWS = 500;
const BATCH_BYTES = 1 << 20;

/**
 * Loads a logical dump into `db`, whose schema must be the dump's (migrated by the same code) and
 * whose tables must be empty, in one transaction: a dump that is cut short or does not fit
 * leaves the database as it was. Returns the rows loaded per table.
 */
export async function restoreLogical(db: Database, file: string): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  // Reading starts now: the iterator must exist before the transaction's first await, or the lines
  // (and the end) read meanwhile are emitted to nobody and the loop below waits forever.
  const iterator = lines[Symbol.asyncIterator]();
  const reading: AsyncIterable<string> = { [Symbol.asyncIterator]: () => iterator };
  const loaded: Record<string, number> = {};
  try {
    await db.transaction(async (tx) => {
      let header: Header | undefined;
      let ended = false;
      let table: string | undefined;
      let columns: string[] = [];
      let batch: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (!table || !batch.length) return;
        const list = sql.join(columns.map(ident), sql`, `);
        await tx.execute(
          sql`insert into ${qualified(table)} (${list}) select ${list} from json_populate_recordset(null::${qualified(table)}, ${`[${batch.join(',')}]`}::json)`,
        );
        loaded[table] = (loaded[table] ?? 0) + batch.length;
        batch = [];
        bytes = 0;
      };
      for await (const line of reading) {
        const kind = line.slice(0, 2);
        const body = line.slice(2);
        if (!header) {
          if (kind !== 'H\t') throw new RestoreError('Not a logical backup of this application');
          header = JSON.parse(body) as Header;
          if (header.format !== LOGICAL_FORMAT || header.version !== 1)
            throw new RestoreError('Not a logical backup of this application');
          const here = await migrationsIn(tx);
          if (header.migrations.join() !== here.join()) {
            throw new RestoreError(
              `The backup was taken with another version of the database schema (${header.migrations.length} migrations; this one has ${here.length}). ` +
                'Restore it with the release that took it, then upgrade (start the new release, which migrates).',
            );
          }
          continue;
        }
        if (kind === 'R\t') {
          batch.push(body);
          bytes += body.length;
          if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
        } else if (kind === 'T\t') {
          await flush();
          const next = JSON.parse(body) as { table: string; columns: string[] };
          const present = await columnsOf(tx, next.table).catch(() => undefined);
          if (!present || present.join() !== next.columns.join())
            throw new RestoreError(`Table ${next.table} does not match the backup's`);
          if (MIGRATION_FILLED_TABLES.includes(next.table)) await tx.execute(sql`delete from ${qualified(next.table)}`);
          const { any } = onlyRow(
            rowsOf<{ any: boolean }>(
              await tx.execute(sql`select exists (select 1 from ${qualified(next.table)}) as any`),
            ),
          );
          if (any) throw new RestoreError(`Table ${next.table} is not empty: restore into an empty database`);
          table = next.table;
          columns = next.columns;
        } else if (kind === 'S\t') {
          await flush();
          table = undefined;
          const position = JSON.parse(body) as { sequence: string; lastValue: string; isCalled: boolean };
          await tx.execute(
            sql`select setval(${`public.${JSON.stringify(position.sequence)}`}::regclass, ${position.lastValue}::bigint, ${position.isCalled})`,
          );
        } else if (kind === 'E\t') {
          await flush();
          const end = JSON.parse(body) as { rows: number };
          const total = Object.values(loaded).reduce((sum, n) => sum + n, 0);
          if (total !== end.rows) throw new RestoreError(`The backup lists ${end.rows} rows but ${total} were read`);
          ended = true;
        } else {
          throw new RestoreError('The backup file is damaged (an unknown line)');
        }
      }
      if (!header) throw new RestoreError('The backup file is empty');
      if (!ended)
        throw new RestoreError(
          'The backup file is incomplete (it has no end line): it was cut short while being written or copied',
        );
    });
  } finally {
    lines.close();
  }
  return loaded;
}

import type { LookupListQuery } from '@admin/shared/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/trail';
import { AuditedWrites } from '../../audit/writes';
import type { Database } from '../../db/connect';
import { conflict, notFound, pgErrorOf } from '../../http/errors';
import { defineList, searchAcross, type List, type Listing } from '../../lists';
import type { ResourceService } from '../../http/resource-routes';
import { deleteUnlessUsed } from '../references';
import type { LookupDefinition } from './definitions';
import { onlyRow } from '../../db/rows';

/**
 * A lookup row on the wire: `{ _id, kindName, createdAt, updatedAt }` (the name field varies; a
 * bank also has `bankNameAr`, null when none).
 */
export type LookupItem = { _id: string; createdAt: string; updatedAt: string } & Record<string, string | null>;
type LookupInput = Record<string, string | null | undefined>;
type Row = { id: string; name: string; createdAt: Date; updatedAt: Date; nameAr?: string | null };

/** List, pickers, create, rename and delete for any of the lookup masters. */
export class LookupService implements ResourceService<LookupItem, LookupInput, LookupListQuery> {
  private readonly writes: AuditedWrites<LookupItem>;
  private readonly listed: List<LookupListQuery, LookupItem>;

  constructor(
    private readonly db: Database,
    private readonly definition: LookupDefinition,
  ) {
    const { entityType, table } = definition;
    this.writes = new AuditedWrites(db, table, { entityType, label: (item) => this.nameOf(item) }, (id, tx) =>
      this.get(id, tx),
    );
    const alternate = definition.alternateName?.column;
    this.listed = defineList({
      id: table.id,
      select: (db: Database) => db.select().from(table).$dynamic(),
      where: (query: LookupListQuery) => searchAcross(query.search, alternate ? [table.name, alternate] : [table.name]),
      // Newest first, as created.
      order: {
        columns: { name: table.name, createdAt: table.createdAt },
        byDefault: { sort: ['createdAt'], order: 'desc' },
        id: table.id,
      },
      readWithJoins: 'every page',
      rows: (found) => found.map(this.toItem),
    });
  }

  private get table() {
    return this.definition.table;
  }

  private toItem = (row: Row): LookupItem => ({
    _id: row.id,
    [this.definition.contract.nameField]: row.name,
    ...(this.definition.alternateName && {
      [this.definition.alternateName.field]: row[this.definition.alternateName.property] ?? null,
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  list(query: LookupListQuery): Listing<LookupItem> {
    return this.listed.read(this.db, query);
  }

  async active(): Promise<LookupItem[]> {
    // Code-point order of the lower-cased name: the same on every server, whatever its locale.
    const rows = await this.db
      .select()
      .from(this.table)
      .orderBy(asc(sql`lower(${this.table.name}) collate "C"`), asc(this.table.id));
    return rows.map(this.toItem);
  }

  async get(id: string, db: Database = this.db): Promise<LookupItem> {
    const [row] = await db.select().from(this.table).where(eq(this.table.id, id));
    if (!row) throw notFound();
    return this.toItem(row);
  }

  create(actor: Actor, input: LookupInput): Promise<LookupItem> {
    const name = this.nameOf(input);
    return this.writes.create(actor, async (tx) => {
      const inserted = await this.refuseDuplicate(name, () =>
        tx
          .insert(this.table)
          .values({ name, ...this.alternateNameOf(input) })
          .returning({ id: this.table.id }),
      );
      return onlyRow(inserted).id;
    });
  }

  update(actor: Actor, id: string, input: LookupInput): Promise<LookupItem> {
    const name = this.nameOf(input);
    return this.writes.update(actor, id, (tx) =>
      this.refuseDuplicate(name, () =>
        tx
          .update(this.table)
          .set({ name, ...this.alternateNameOf(input), updatedAt: sql`now()` })
          .where(eq(this.table.id, id)),
      ),
    );
  }

  remove(actor: Actor, id: string): Promise<void> {
    return this.writes.remove(actor, id, (tx) =>
      deleteUnlessUsed(tx, this.table, id, this.definition.references, this.definition.thing),
    );
  }

  /** The name of an input or an item: the contract's schema requires it in both. */
  private nameOf(record: LookupInput): string {
    const { nameField } = this.definition.contract;
    const name = record[nameField];
    if (typeof name !== 'string') throw new Error(`A ${this.definition.thing} without its ${nameField}`);
    return name;
  }

  /** The alternate name's column value, for a lookup that has one: absent, null and '' are none. */
  private alternateNameOf(input: LookupInput): Partial<Row> {
    const alternate = this.definition.alternateName;
    return alternate ? { [alternate.property]: input[alternate.field] || null } : {};
  }

  /** Names are unique regardless of case; the unique index decides, so two tabs cannot both win. */
  private async refuseDuplicate<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorOf(error)?.code !== '23505') throw error;
      const { noun, nameField } = this.definition.contract;
      throw conflict(`A ${noun} named "${name}" already exists`, {
        [nameField]: `A ${noun} named "${name}" already exists`,
      });
    }
  }
}

import {
  COLLECTION_ENTRY_LIMIT,
  COLLECTION_LINES,
  COLLECTION_MESSAGES,
  type CollectionEntry,
  type CollectionEntryKind,
  type CollectionLine,
  type CollectionsReport,
  type CollectionStaff,
  type CountedAmount,
  type PaymentMode,
} from '@admin/shared/contract';
import { dayToUtcMidnight, type CalendarDay } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { readFils } from '../../db/money-sql';
import { preparedPerDatabase } from '../../db/prepared';
import { onlyRow, rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { exportBatches } from '../../lists';

/**
 * The daily cash-up, read from the payments and cheques of a period (and, when given, of one staff
 * user). Every figure is a sum over the period's entries, in one statement, so the figures and
 * the entries are of one moment and add up to the fils.
 */

/** A period of days, both included, and the user it is limited to (null: everyone). */
export interface CollectionsPeriod {
  from: CalendarDay;
  to: CalendarDay;
  user: string | null;
}

/**
 * The line of money in a payment counts on: a refund on its mode (money paid out that way); a
 * payment with money in on its mode, or 'Cheque cleared' when a post-dated cheque posted it; none
 * for a reversal (counted as a bounce) or a payment wholly from the advance.
 */
const LINE = sql`case
  when p.reverses_payment_id is not null then null
  when p.payment_type = 'refund' then p.payment_mode
  when p.amount = p.advance_used then null
  when ch.cheque_date > ch.received_date then 'Cheque cleared'
  else p.payment_mode end`;

/**
 * The period's entries: its payments (reversals as their own kind), and the post-dated cheques
 * received in it, which are no money yet (their money in is 0). `e.rank` puts payments before
 * cheques on a day.
 */
function entriesOf(from: SQLWrapper, to: SQLWrapper, user: SQLWrapper): SQL {
  const mine = (column: SQL) => sql`(${user}::uuid is null or ${column} = ${user}::uuid)`;
  return sql`
    select p.id, case when p.reverses_payment_id is not null then 'reversal' else p.payment_type end as kind,
      p.payment_number as number, to_char(p.payment_date, 'YYYY-MM-DD') as day, 0 as rank,
      p.customer_id, c.customer_name, p.payment_mode as mode, ${LINE} as line,
      p.amount, p.amount - p.advance_used as money_in, p.advance_used, p.reference_number,
      null::text as cheque_day, p.recorded_by, u.name as recorded_by_name, p.cheque_id
    from payments p
      join customers c on c.id = p.customer_id
      left join cheques ch on ch.id = p.cheque_id
      left join users u on u.id = p.recorded_by
    where p.payment_date between ${from}::date and ${to}::date and ${mine(sql`p.recorded_by`)}
    union all
    select k.id, 'pdc', k.cheque_number, to_char(k.received_date, 'YYYY-MM-DD'), 1,
      k.customer_id, c.customer_name, 'Check', null,
      k.amount, 0, 0, null,
      to_char(k.cheque_date, 'YYYY-MM-DD'), k.recorded_by, u.name, k.id
    from cheques k
      join customers c on c.id = k.customer_id
      left join users u on u.id = k.recorded_by
    where k.received_date between ${from}::date and ${to}::date and k.cheque_date > k.received_date
      and ${mine(sql`k.recorded_by`)}`;
}

const ENTRY_ORDER = sql`e.day, e.rank, e.number collate "C", e.id`;

/** A count and a sum over the entries `where` picks, as JSON. */
const counted = (amount: SQL, where: SQL, count: SQL = sql`count(*)`) =>
  sql`(select json_build_object('count', ${count}, 'amount', coalesce(${amount}, 0)) from e where ${where})`;

type RawEntry = {
  id: string;
  kind: CollectionEntryKind;
  number: string;
  day: string;
  customer_id: string;
  customer_name: string;
  mode: PaymentMode;
  line: CollectionLine | null;
  amount: number;
  money_in: number;
  advance_used: number;
  reference_number: string | null;
  cheque_day: string | null;
  recorded_by: string | null;
  recorded_by_name: string | null;
};

type RawCounted = { count: number; amount: number };

interface RawReport {
  user: { _id: string; name: string } | null;
  lines: { line: CollectionLine; count: number; amount: number; refundCount: number; refunded: number }[];
  refunds: RawCounted;
  bounces: RawCounted;
  advanceUsed: RawCounted;
  pdcsReceived: RawCounted;
  netCollected: number;
  entryCount: number;
  entries: RawEntry[];
}

/** One statement: the figures and the first entries of the period, from one snapshot; prepared, so planned once. */
const reportQuery = preparedPerDatabase((db) => {
  const from = sql.placeholder('from');
  const to = sql.placeholder('to');
  const user = sql.placeholder('user');
  return db
    .select({
      report: sql<RawReport>`(
        with e as (${entriesOf(from, to, user)})
        select json_build_object(
          'user', (select json_build_object('_id', u.id, 'name', u.name) from users u where u.id = ${user}::uuid),
          'lines', (select coalesce(json_agg(l), '[]'::json) from (
            select e.line, count(*) filter (where e.kind <> 'refund') as count,
              coalesce(sum(e.money_in) filter (where e.kind <> 'refund'), 0) as amount,
              count(*) filter (where e.kind = 'refund') as "refundCount",
              coalesce(-sum(e.amount) filter (where e.kind = 'refund'), 0) as refunded
            from e where e.line is not null group by e.line) l),
          'refunds', ${counted(sql`-sum(e.amount)`, sql`e.kind = 'refund'`)},
          'bounces', ${counted(sql`-sum(e.amount)`, sql`e.kind = 'reversal'`, sql`count(distinct coalesce(e.cheque_id, e.id))`)},
          'advanceUsed', ${counted(sql`sum(e.advance_used)`, sql`e.advance_used > 0`)},
          'pdcsReceived', ${counted(sql`sum(e.amount)`, sql`e.kind = 'pdc'`)},
          'netCollected', (select coalesce(sum(e.money_in), 0) from e),
          'entryCount', (select count(*) from e),
          'entries', (select coalesce(json_agg(e order by ${ENTRY_ORDER}), '[]'::json) from (
            select * from e order by ${ENTRY_ORDER} limit ${sql.raw(String(COLLECTION_ENTRY_LIMIT))}) e)))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('collections_report');
});

const userNotFound = () => badRequest(COLLECTION_MESSAGES.userNotFound, { user: COLLECTION_MESSAGES.userNotFound });

const countedAmount = (raw: RawCounted): CountedAmount => ({ count: Number(raw.count), amount: readFils(raw.amount) });

function toEntry(raw: RawEntry): CollectionEntry {
  return {
    _id: raw.id,
    kind: raw.kind,
    number: raw.number,
    date: dayToUtcMidnight(raw.day),
    customer: { _id: raw.customer_id, customerName: raw.customer_name },
    paymentMode: raw.mode,
    line: raw.line,
    amount: readFils(raw.amount),
    moneyIn: readFils(raw.money_in),
    advanceUsed: readFils(raw.advance_used),
    referenceNumber: raw.reference_number,
    chequeDate: raw.cheque_day ? dayToUtcMidnight(raw.cheque_day) : null,
    recordedBy: raw.recorded_by ? { _id: raw.recorded_by, name: raw.recorded_by_name ?? '' } : null,
  };
}

export class CollectionsService {
  constructor(private readonly db: Database) {}

  /** The cash-up of the period; 400 on `user` when it names no user. */
  async report(period: CollectionsPeriod): Promise<CollectionsReport> {
    const { report: raw } = onlyRow(await reportQuery(this.db).execute({ ...period }), 'the collections report');
    if (period.user && !raw.user) throw userNotFound();
    const lines = COLLECTION_LINES.map((line) => {
      const found = raw.lines.find((row) => row.line === line);
      const amount = readFils(found?.amount);
      const refunded = readFils(found?.refunded);
      return {
        line,
        count: Number(found?.count ?? 0),
        amount,
        refundCount: Number(found?.refundCount ?? 0),
        refunded,
        net: fils(amount - refunded),
      };
    });
    return {
      from: dayToUtcMidnight(period.from),
      to: dayToUtcMidnight(period.to),
      user: raw.user,
      lines,
      moneyIn: fils(lines.reduce((sum, line) => sum + line.amount, 0)),
      refunds: countedAmount(raw.refunds),
      bounces: countedAmount(raw.bounces),
      netCollected: readFils(raw.netCollected),
      advanceUsed: countedAmount(raw.advanceUsed),
      pdcsReceived: countedAmount(raw.pdcsReceived),
      entries: raw.entries.map(toEntry),
      entryCount: Number(raw.entryCount),
    };
  }

  /** 400 on `user` when it names no user. */
  async checkUser(user: string | null): Promise<void> {
    if (user && !(await this.db.select({ id: users.id }).from(users).where(eq(users.id, user))).length)
      throw userNotFound();
  }

  /** Every entry of the period in the report's order, read in batches (the CSV). */
  everyEntry(period: CollectionsPeriod): AsyncIterable<CollectionEntry> {
    const entries = entriesOf(sql`${period.from}`, sql`${period.to}`, sql`${period.user}`);
    return exportBatches(async (offset, limit) =>
      rowsOf<RawEntry>(
        await this.db.execute(
          sql`select * from (${entries}) e order by ${ENTRY_ORDER} limit ${limit} offset ${offset}`,
        ),
      ).map(toEntry),
    );
  }

  /** Whom a report can be limited to: every user, deactivated ones too (their past payments count), by name. */
  async staff(): Promise<CollectionStaff[]> {
    const rows = await this.db
      .select({ _id: users.id, name: users.name, username: users.username, active: users.active })
      .from(users)
      .orderBy(sql`lower(${users.name})`, asc(users.username));
    return rows;
  }
}

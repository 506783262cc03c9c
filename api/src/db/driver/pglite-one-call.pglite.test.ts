import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from '@rstest/core';
import { selectInOneCall } from './pglite-one-call';

// A select sent to PGlite as one message (pglite-one-call.ts) must answer exactly as PGlite's own
// query does, fail as it fails, and never run inside another caller's transaction.

const clients: PGlite[] = [];
async function client() {
  const made = await PGlite.create();
  clients.push(made);
  await made.exec(`set timezone = 'UTC'; create table notes (id int primary key, body text)`);
  return made;
}
afterEach(async () => {
  for (const made of clients.splice(0)) await made.close();
});

const SELECT = `select $1::text as body, $2::int as n, $3::numeric as amount, $4::date as day,
  $5::timestamptz as at, $6::uuid[] as ids, $7::boolean as yes, $8::text as nothing, $9::jsonb as doc,
  $10::uuid = any($6::uuid[]) as listed`;
const VALUES = [
  `O'Brien \\ "Trading" ; --`,
  42,
  '1234.567',
  '2026-02-28',
  new Date('2026-11-25T04:05:06.789Z'),
  ['7d3c5e1a-0000-4000-8000-000000000001', '7d3c5e1a-0000-4000-8000-000000000002'],
  true,
  null,
  { a: 1, b: ['x'] },
  '7d3c5e1a-0000-4000-8000-000000000002',
];

describe('a select in one call to PGlite', () => {
  it("answers values of every kind the API binds as PGlite's own query does, as arrays and as records", async () => {
    const db = await client();
    for (const options of [{ rowMode: 'array' }, undefined] as (QueryOptions | undefined)[]) {
      const own = await db.query(SELECT, VALUES, options);
      const oneCall = await selectInOneCall(db, { text: SELECT }, VALUES, options);
      expect(oneCall.rows).toEqual(own.rows);
      expect(oneCall.fields).toEqual(own.fields);
    }
    const [row] = (await selectInOneCall<{ body: string; at: Date; listed: boolean }>(db, { text: SELECT }, VALUES))
      .rows;
    expect(row).toMatchObject({ body: VALUES[0], at: VALUES[4], listed: true });
  });

  it("reads a long answer, in more than one piece from the engine, and text in any script as PGlite's own query does", async () => {
    const db = await client();
    const LONG = `select n, repeat('تاجر الكويت ', n % 40) || n as name, md5(n::text) as hash, n % 7 = 0 as seventh,
      case when n % 5 = 0 then null else n * 1.125 end as amount from generate_series(1, 3000) n`;
    const own = await db.query<{ name: string }>(LONG);
    const oneCall = await selectInOneCall<{ name: string }>(db, { text: LONG }, []);
    expect(oneCall.rows).toHaveLength(3000);
    expect(oneCall.rows).toEqual(own.rows);
    expect(oneCall.fields).toEqual(own.fields);
    expect(oneCall.rows[2998]!.name).toBe(`${'تاجر الكويت '.repeat(39)}2999`);
  });

  it('binds to a statement prepared by name', async () => {
    const db = await client();
    await db.exec(`prepare plus_one as select $1::int + 1 as n`);
    expect((await selectInOneCall(db, { name: 'plus_one' }, [41])).rows).toEqual([{ n: 42 }]);
  });

  it('fails with the database error PGlite gives, and the connection answers the next select', async () => {
    const db = await client();
    const failure = (text: string, values: unknown[]) =>
      selectInOneCall(db, { text }, values).then(
        () => undefined,
        (error: { code?: string; message: string }) => error,
      );
    expect(await failure('select 1 / $1::int', [0])).toMatchObject({ code: '22012', message: 'division by zero' });
    expect(await failure('select $1::text', ['a\0b'])).toMatchObject({ code: '22021' });
    expect(await failure('select no_such_column from notes', [])).toMatchObject({ code: '42703' });
    // Rows first, then the error: the select fails as a whole.
    expect(await failure('select 1 / (n - 3) from generate_series(1, 5) n', [])).toMatchObject({ code: '22012' });
    expect((await selectInOneCall(db, { text: 'select count(*)::int as n from notes' }, [])).rows).toEqual([{ n: 0 }]);
  });

  it("waits for another caller's transaction to end, and never reads inside it", async () => {
    const db = await client();
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    let rollBack!: () => void;
    const rolledBack = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.query(`insert into notes values (1, 'not kept')`);
        inserted();
        await rolledBack;
        throw new Error('changed its mind');
      })
      .catch(() => 'rolled back');
    await insertedRow;
    let answered = false;
    const read = selectInOneCall(db, { text: 'select count(*)::int as n from notes' }, []).then((result) => {
      answered = true;
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    rollBack();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([{ n: 0 }]);
  });
});

import type { SortDirection } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { products, productTypes } from '../db/schema';
import { setUpApp } from '../test';
import { defineList, searchAcross } from '.';

// A declared list read with one call: whichever way its pages are read (the page's ids first, or
// the whole query with its joins), each page, its total and the export hold exactly the rows the
// query keeps, in the declared order. Products with their type: 60 of three types, prices repeated.

const t = setUpApp();
const TYPES = ['Cables', 'Routers', 'Services'];
const COUNT = 60;

interface Query {
  page: number;
  limit: number;
  search?: string;
  sort?: 'price' | 'type';
  order?: SortDirection;
}

interface Row {
  id: string;
  name: string;
  price: number;
  type: string;
}

const select = (db: Database) =>
  db
    .select({ id: products.id, name: products.productName, price: products.productPrice, type: productTypes.name })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .$dynamic();
const order = {
  columns: { price: products.productPrice, type: productTypes.name },
  byDefault: { sort: ['price'] as const, order: 'desc' as const },
  id: products.id,
};
const rows = (found: Row[]) => found.map((row) => ({ ...row, price: Number(row.price) }));

/** Searched by the product's name, in its own table: a page's ids are read first, unless sorted by type. */
const byName = defineList({
  id: products.id,
  select,
  where: (query: Query) => searchAcross(query.search, [products.productName]),
  order,
  readWithJoins: ['type'],
  rows,
});

/** Searched by the type's name, a joined column: every page reads the joins, and so does the count. */
const byTypeName = defineList({
  id: products.id,
  select,
  where: (query: Query) => searchAcross(query.search, [productTypes.name]),
  order,
  readWithJoins: 'every page',
  countJoins: (query) =>
    query.search ? { table: productTypes, on: eq(productTypes.id, products.productTypeId) } : undefined,
  rows,
});

let every: Row[];

beforeAll(async () => {
  const types = await t.db
    .insert(productTypes)
    .values(TYPES.map((name) => ({ name: `${name} of the list test` })))
    .returning();
  await t.db.insert(products).values(
    Array.from({ length: COUNT }, (_, i) => ({
      productName: `Listed item ${i % 2 ? 'odd' : 'even'} ${i}`,
      productPrice: fils(1_000 + (i % 7) * 250),
      productTypeId: types[i % TYPES.length]!.id,
    })),
  );
  every = rows(await select(t.db));
});

/** The rows the query keeps, in its order, as written out by hand. */
function expected(keep: (row: Row) => boolean, query: Pick<Query, 'sort' | 'order'>): Row[] {
  const key = query.sort ?? 'price';
  const descending = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc';
  const compare = (a: Row, b: Row) => {
    const first = key === 'price' ? a.price - b.price : a.type < b.type ? -1 : a.type > b.type ? 1 : 0;
    return first || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
  return every.filter(keep).sort((a, b) => (descending ? -compare(a, b) : compare(a, b)));
}

async function allOf<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const row of rows) read.push(row);
  return read;
}

const SORTS: Pick<Query, 'sort' | 'order'>[] = [
  {},
  { order: 'asc' },
  { sort: 'price' },
  { sort: 'type', order: 'desc' },
];

describe('a declared list', () => {
  it('pages, counts and exports by its own table, its ids first', async () => {
    for (const sort of SORTS) {
      const want = expected((row) => row.name.includes('odd'), sort);
      for (const page of [1, 2, 3, 4]) {
        const listing = byName.read(t.db, { page, limit: 9, search: 'ODD', ...sort });
        const answer = await listing.page();
        expect(answer.data, JSON.stringify({ sort, page })).toEqual(want.slice((page - 1) * 9, page * 9));
        expect(answer.pagination.total).toBe(COUNT / 2);
      }
      expect(await allOf(byName.read(t.db, { page: 1, limit: 9, search: 'odd', ...sort }).everyRow())).toEqual(want);
    }
  });

  it('reads every page with its joins where its filter reads a joined column, and counts with the join', async () => {
    for (const sort of SORTS) {
      const want = expected((row) => row.type.startsWith('Routers'), sort);
      const listing = byTypeName.read(t.db, { page: 2, limit: 8, search: 'routers of the list', ...sort });
      const answer = await listing.page();
      expect(answer.data, JSON.stringify(sort)).toEqual(want.slice(8, 16));
      expect(answer.pagination.total).toBe(COUNT / TYPES.length);
      expect(await allOf(listing.everyRow())).toEqual(want);
    }
    const unsearched = await byTypeName.read(t.db, { page: 1, limit: 100 }).page();
    expect(unsearched.pagination.total).toBe(every.length);
    expect(unsearched.data).toEqual(expected(() => true, {}));
  });
});

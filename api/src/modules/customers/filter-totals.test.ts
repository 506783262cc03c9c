import { describe, expect, it } from '@rstest/core';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { compactFigures } from '../../db/figures';
import { onlyRow } from '../../db/rows';
import { customers } from '../../db/schema';
import { pickCyclic } from '../../lib/pick-cyclic';
import { createCustomer, customerBody, customerLookups, runPool, setUpApp } from '../../test';

const t = setUpApp();

const FILTERS = {
  status: customers.status,
  customerKind: customers.customerKindId,
  customerNationality: customers.customerNationalityId,
  customerCity: customers.customerCityId,
} as const;
type Filter = keyof typeof FILTERS;

/** Every way of picking at most `size` of the filters, each with one of its values. */
function queriesOf(values: Record<Filter, string[]>, size: number): [Filter, string][][] {
  const keys = Object.keys(FILTERS) as Filter[];
  const pick = (from: number, left: number): [Filter, string][][] =>
    left === 0
      ? [[]]
      : [
          [],
          ...keys
            .slice(from)
            .flatMap((key, offset) =>
              values[key].flatMap((value) =>
                pick(from + offset + 1, left - 1).map((rest) => [[key, value] as [Filter, string], ...rest]),
              ),
            ),
        ];
  return pick(0, size);
}

async function totalsDiffering(values: Record<Filter, string[]>): Promise<string[]> {
  const differing: string[] = [];
  for (const picked of queriesOf(values, 3)) {
    const query = picked.map(([key, value]) => `${key}=${value}`).join('&');
    const response = await t.request('GET', `/api/customers?limit=5&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const where = and(...picked.map(([key, value]): SQL => eq(FILTERS[key], value)));
    const { n } = onlyRow(await t.db.select({ n: count() }).from(customers).where(where));
    const total = response.json().pagination.total;
    if (total !== n) differing.push(`${query || '(none)'}: ${total} listed, ${n} counted`);
  }
  return differing;
}

describe('customers list totals by status, kind, nationality and city', () => {
  it('equal the customers counted, alone, paired or three together, after concurrent adds, moves and removals, and after folding', async () => {
    const lookups = [await customerLookups(t, ' A'), await customerLookups(t, ' B')];
    const statuses = ['high', 'medium', 'low'] as const;
    // Kind, nationality, city and status vary on their own: each combination is held by two customers.
    const refsOf = (kind: number, nationality: number, city: number) => ({
      customerKind: pickCyclic(lookups, kind).kind._id,
      customerNationality: pickCyclic(lookups, nationality).nationality._id,
      customerCity: pickCyclic(lookups, city).city._id,
    });
    const created = await runPool(48, 6, (i) =>
      createCustomer(t, lookups[0]!, {
        customerName: `Filtered ${i}`,
        ...refsOf(i, i >> 1, i >> 2),
        status: pickCyclic(statuses, i),
      }),
    );
    // A quarter move to another kind, city and status; a seventh are removed.
    const answers = await runPool(created.length, 6, async (i) => {
      const customer = created[i]!;
      if (i % 7 === 6) return (await t.request('DELETE', `/api/customers/${customer._id}`)).statusCode;
      if (i % 4 !== 1) return 200;
      const body = customerBody(lookups[0]!, {
        customerName: customer.customerName,
        ...refsOf(i + 1, i >> 1, (i >> 2) + 1),
        status: pickCyclic(statuses, i + 1),
      });
      return (await t.request('PUT', `/api/customers/${customer._id}`, body)).statusCode;
    });
    expect(answers.filter((status) => ![200, 204].includes(status))).toEqual([]);

    const values: Record<Filter, string[]> = {
      status: [...statuses],
      customerKind: lookups.map(({ kind }) => kind._id),
      customerNationality: lookups.map(({ nationality }) => nationality._id),
      customerCity: lookups.map(({ city }) => city._id),
    };
    expect(await totalsDiffering(values)).toEqual([]);
    await compactFigures(t.db);
    expect(await totalsDiffering(values)).toEqual([]);

    // An id written in capitals picks the same customers.
    const kind = lookups[0]!.kind._id;
    const [lower, upper] = await Promise.all(
      [kind, kind.toUpperCase()].map(
        async (id) => (await t.request('GET', `/api/customers?customerKind=${id}&status=high`)).json().pagination.total,
      ),
    );
    expect(upper).toBe(lower);
    expect(lower).toBeGreaterThan(0);
  });
});

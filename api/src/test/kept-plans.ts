import { expect } from '@rstest/core';
import type { TestApp } from './harness';
import { createCustomer, customerLookups } from './masters';

/**
 * The customers' first page opened unfiltered, searched and filtered by two statuses as customers
 * are added, each answer holding the rows of the moment; then what the connection kept (`kept`:
 * the texts of the statements it keeps planned): the first page unfiltered and with each status
 * once, the status written into the statement, and the search, whose pattern is a parameter, not
 * at all (db/driver/kept-plans.ts); the search page's rows by their ids once (lists/page-rows.ts).
 */
export async function expectFirstPagesKept(t: TestApp, kept: () => Promise<string[]>): Promise<void> {
  const firstName = async (query: string) => {
    const response = await t.request('GET', `/api/customers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0]?.customerName;
  };
  const lookups = await customerLookups(t);
  await createCustomer(t, lookups, { customerName: 'First Trader' });
  expect(await firstName('limit=10')).toBe('First Trader');
  await createCustomer(t, lookups, { customerName: 'Newer Trader' });
  // The kept plan reads the table as it is now: the newest customer heads the first page.
  expect(await firstName('limit=10')).toBe('Newer Trader');
  expect(await firstName('limit=10&search=First')).toBe('First Trader');
  await createCustomer(t, lookups, { customerName: 'Quiet Trader', status: 'low' });
  expect(await firstName('limit=10&status=low')).toBe('Quiet Trader');
  expect(await firstName('limit=10&status=medium')).toBe('Newer Trader');
  expect(await firstName('limit=10&status=low')).toBe('Quiet Trader');

  const statements = (await kept()).filter((text) => text.includes('from "customers"'));
  // The search's page is planned for its pattern (not kept); its rows are read by their ids
  // through one kept statement, whatever the term.
  const byIds = statements.filter((text) => text.includes('= any('));
  expect(byIds).toHaveLength(1);
  const pages = statements.filter((text) => !byIds.includes(text));
  expect(pages).toHaveLength(3);
  expect(pages.every((text) => text.includes('limit 10'))).toBe(true);
  expect(pages.filter((text) => text.includes(`"status" = 'low'`))).toHaveLength(1);
  expect(pages.filter((text) => text.includes(`"status" = 'medium'`))).toHaveLength(1);
  expect(statements.some((text) => text.includes('ilike'))).toBe(false);
}

/**
 * The invoices searched by pieces of their numbers' prefix in any case ("INV", "inv", "Inv",
 * "nv-") and by a number: a piece is written into the statements upper-cased, so the page of ids
 * and the count of the rows it leaves out are kept once per piece; a number stays a parameter and
 * its statements are not kept (lists/conditions.ts, pieceOfPrefix).
 */
export async function expectPrefixSearchesKept(t: TestApp, kept: () => Promise<string[]>): Promise<void> {
  for (const search of ['INV', 'inv', 'Inv', 'nv-', 'INV-000001']) {
    const response = await t.request('GET', `/api/invoices?limit=10&search=${search}`);
    expect(response.statusCode, response.body).toBe(200);
  }
  const searches = (await kept()).filter((text) => text.includes('from "invoices"') && text.includes('ilike'));
  expect(searches.filter((text) => text.includes(`'%INV%'`))).toHaveLength(2);
  expect(searches.filter((text) => text.includes(`'%NV-%'`))).toHaveLength(2);
  expect(searches).toHaveLength(4);
}

import type { Invoice, ListResponse } from '@admin/shared/contract';
import { dayToUtcMidnight } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { insertInvoice } from '../modules/invoices/service';
import { createCustomer, customerLookups, setUpApp, setUpSession } from '../test';

// A search's page (page-rows.ts, idsOfSearch) reads a few matches and sorts them, and walks
// the list's order for more, reading and sorting them instead when the walk's first 2,000 rows past
// the page do not hold it. Invoices, newest first: 5 of December referenced OLD-TOP-i, then 2,500
// of June to October referenced NEW-i, then, far down, 1,200 of January referenced OLD-i.
const TOP = 5;
const NEWER = 2_500;
const OLD = 1_200;

const t = setUpApp();
const auth = setUpSession(t);
beforeAll(async () => {
  const customer = await createCustomer(t, await customerLookups(t), { customerName: 'Hamad Al-Sabah' });
  const add = (day: string, referenceNumber: string) =>
    insertInvoice(t.db, {
      customerId: customer._id,
      credit: true,
      dateOfCreation: dayToUtcMidnight(day),
      totalAmount: fils(1_000),
      status: 'unpaid',
      referenceNumber,
    });
  const dayOf = (month: number, i: number) =>
    `2026-${String(month).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  for (let i = 0; i < OLD; i++) await add(dayOf(1, i), `OLD-${i}`);
  for (let i = 0; i < NEWER; i++) await add(dayOf(6 + (i % 5), i), `NEW-${i}`);
  for (let i = 0; i < TOP; i++) await add(dayOf(12, i), `OLD-TOP-${i}`);
}, 300_000);

async function list(query: string): Promise<ListResponse<Invoice>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/invoices?${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a list of invoices, as reference numbers in the list's order. */
async function everyPage(query: string): Promise<string[]> {
  const references: string[] = [];
  for (let page = 1; ; page++) {
    const { data, pagination } = await list(`${query}&limit=100&page=${page}`);
    references.push(...data.map((invoice) => invoice.referenceNumber ?? ''));
    if (page >= pagination.pages) return references;
  }
}

describe("a search's pages, wherever its matches sit along the list's order", () => {
  it('hold exactly the matches, in the list order: few, many at the top, many far down', async () => {
    const everyInvoice = await everyPage('');
    expect(everyInvoice).toHaveLength(TOP + NEWER + OLD);
    for (const [term, total] of [
      ['OLD-TOP', TOP], // few: read and sorted
      ['NEW', NEWER], // many, from the top: walked
      ['OLD', TOP + OLD], // many, 5 at the top and the rest past 2,500 others: read and sorted
    ] as const) {
      const matches = everyInvoice.filter((reference) => reference.includes(term));
      expect(matches).toHaveLength(total);
      expect((await list(`search=${term}&limit=100`)).pagination.total).toBe(total);
      expect(await everyPage(`search=${term}`)).toEqual(matches);
    }
  });
});

import { dayToUtcMidnight } from '@admin/shared/dates';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { customers } from '../../db/schema';
import { customerLookups, type CustomerLookups, setUpApp } from '../../test';

let a: CustomerLookups;
let b: CustomerLookups;
const TOTAL = 10_000;
const countOf = (test: (i: number) => boolean) => Array.from({ length: TOTAL }, (_, i) => i).filter(test).length;

const t = setUpApp();
beforeAll(async () => {
  a = await customerLookups(t, ' A');
  b = await customerLookups(t, ' B');
  // Customer i: every 10th is named "Sample Trader <i>", every 5th has kind B, status cycles.
  const statuses = ['high', 'medium', 'low'] as const;
  for (let start = 0; start < TOTAL; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, k) => {
      const i = start + k;
      const refs = i % 5 === 0 ? b : a;
      return {
        customerName: i % 10 === 0 ? `Sample Trader ${i}` : `Customer ${i}`,
        customerAlternateName: i % 10 === 0 ? `تاجر ${i}` : null,
        dateOfCreation: dayToUtcMidnight('2026-01-01'),
        customerKindId: refs.kind._id,
        customerNationalityId: refs.nationality._id,
        customerCityId: refs.city._id,
        status: statuses[i % 3],
      };
    });
    await t.db.insert(customers).values(rows);
  }
}, 300_000);

const list = async (query: string) => {
  const response = await t.request('GET', `/api/customers?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('customers list with 10,000 customers', () => {
  it('reports 1,000 pages of 10', async () => {
    const page = await list('page=1&limit=10');
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: TOTAL, pages: 1000, totalPages: 1000 });
    expect(page.data).toHaveLength(10);
    const last = await list('page=1000&limit=10');
    expect(last.data).toHaveLength(10);
  });

  it('narrows with search, in English and Arabic', async () => {
    expect((await list('search=sample trader')).pagination.total).toBe(1000);
    expect((await list(`search=${encodeURIComponent('تاجر')}`)).pagination.total).toBe(1000);
    const one = await list('search=Sample Trader 4240');
    expect(one.data.map((c: { customerName: string }) => c.customerName)).toEqual(['Sample Trader 4240']);
  });

  it('combines filters with search', async () => {
    // Sample traders (i % 10 === 0) all have kind B; status high is i % 3 === 0.
    const combined = await list(`search=sample&customerKind=${b.kind._id}&status=high`);
    expect(combined.pagination.total).toBe(countOf((i) => i % 10 === 0 && i % 3 === 0));
    expect(combined.pagination.pages).toBe(Math.ceil(countOf((i) => i % 30 === 0) / 10));
    expect((await list(`customerKind=${b.kind._id}`)).pagination.total).toBe(2000);
    expect((await list(`customerKind=${a.kind._id}&customerCity=${a.city._id}&status=low`)).pagination.total).toBe(
      countOf((i) => i % 5 !== 0 && i % 3 === 2),
    );
    expect((await list(`search=sample&customerKind=${a.kind._id}`)).pagination.total).toBe(0);
  });
});

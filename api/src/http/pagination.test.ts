import { describe, expect, it } from '@rstest/core';
import { EXPORT_BATCH, listing } from './pagination';

describe('listing', () => {
  const rowsOf = (total: number, reads: [number, number][]) => async (offset: number, limit: number) => {
    reads.push([offset, limit]);
    return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
  };

  it('reads every row of an export once, in order, batch after batch, and stops after a short batch', async () => {
    const reads: [number, number][] = [];
    const total = 2 * EXPORT_BATCH + 7;
    const all: number[] = [];
    for await (const row of listing({ page: 3, limit: 10 }, async () => total, rowsOf(total, reads)).everyRow())
      all.push(row);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(reads).toEqual([
      [0, EXPORT_BATCH],
      [EXPORT_BATCH, EXPORT_BATCH],
      [2 * EXPORT_BATCH, EXPORT_BATCH],
    ]);
  });

  it('reads one more, empty, batch when the rows fill the last one exactly; the page reads only its window', async () => {
    const reads: [number, number][] = [];
    const source = listing({ page: 2, limit: 10 }, async () => EXPORT_BATCH, rowsOf(EXPORT_BATCH, reads));
    let count = 0;
    for await (const _row of source.everyRow()) count++;
    expect(count).toBe(EXPORT_BATCH);
    expect(reads).toEqual([
      [0, EXPORT_BATCH],
      [EXPORT_BATCH, EXPORT_BATCH],
    ]);
    const page = await source.page();
    expect(page.data).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(page.pagination).toEqual({
      page: 2,
      limit: 10,
      total: EXPORT_BATCH,
      pages: EXPORT_BATCH / 10,
      totalPages: EXPORT_BATCH / 10,
    });
  });
});

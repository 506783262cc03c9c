import { describe, expect, it } from '@rstest/core';
import { EXPORT_BATCH_MAX, EXPORT_BATCH_MIN, EXPORT_TURN_MS, exportBatches, nextExportBatch } from './export-batches';
import { listing } from './list';

const rowsOf = (total: number, reads: [number, number][]) => async (offset: number, limit: number) => {
  reads.push([offset, limit]);
  return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
};

describe('an export', () => {
  it('reads every row once, in order, each batch where the last ended, and stops after a short batch', async () => {
    const reads: [number, number][] = [];
    const total = 3 * EXPORT_BATCH_MAX + 7;
    const all: number[] = [];
    for await (const row of listing({ page: 3, limit: 10 }, async () => total, rowsOf(total, reads)).everyRow())
      all.push(row);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i));
    reads.forEach(([offset], i) => expect(offset).toBe(i === 0 ? 0 : reads[i - 1]![0] + reads[i - 1]![1]));
    // The batches start small and never more than double, up to the largest.
    expect(reads[0]![1]).toBe(500);
    reads
      .slice(1)
      .forEach(([, limit], i) => expect(limit).toBeLessThanOrEqual(Math.min(2 * reads[i]![1], EXPORT_BATCH_MAX)));
  });

  it('reads one more, empty, batch when the rows fill the last one exactly; a page reads only its window', async () => {
    const reads: [number, number][] = [];
    let count = 0;
    for await (const _row of exportBatches(rowsOf(1500, reads), 500)) count++;
    expect(count).toBe(1500);
    expect(reads).toEqual([
      [0, 500],
      [500, 500],
      [1000, 500],
      [1500, 500],
    ]);
    const page = await listing({ page: 2, limit: 10 }, async () => 1500, rowsOf(1500, [])).page();
    expect(page.data).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(page.pagination).toEqual({ page: 2, limit: 10, total: 1500, pages: 150, totalPages: 150 });
  });

  it('sizes each batch to take about one turn, within its bounds', () => {
    expect(nextExportBatch(1000, EXPORT_TURN_MS)).toBe(1000);
    expect(nextExportBatch(1000, 4 * EXPORT_TURN_MS)).toBe(250);
    expect(nextExportBatch(500, 100 * EXPORT_TURN_MS)).toBe(EXPORT_BATCH_MIN);
    expect(nextExportBatch(1000, EXPORT_TURN_MS / 10)).toBe(2000);
    expect(nextExportBatch(4000, 0)).toBe(EXPORT_BATCH_MAX);
    // At the smallest, a turn that stays long (a sort per batch) reads larger batches again.
    expect(nextExportBatch(EXPORT_BATCH_MIN, 10 * EXPORT_TURN_MS)).toBe(2 * EXPORT_BATCH_MIN);
  });

  it('lets what waits run between its turns', async () => {
    const order: string[] = [];
    const read = async (offset: number, limit: number) => {
      order.push(`read ${offset}`);
      // Something that arrives while the batch is read, as a write's next statement would.
      setImmediate(() => order.push(`waiting after ${offset}`));
      return offset < 2 * limit ? Array.from({ length: limit }, (_, i) => offset + i) : [];
    };
    for await (const _row of exportBatches(read, 100));
    expect(order).toEqual(['read 0', 'waiting after 0', 'read 100', 'waiting after 100', 'read 200']);
  });
});

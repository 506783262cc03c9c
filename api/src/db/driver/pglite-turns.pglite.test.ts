import { afterEach, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("PGlite's statements and the event loop", () => {
  // What Node does on a turn of its loop (reading a socket, answering /api/health, which needs no
  // statement) must not wait until every request queued on PGlite's one connection is answered.
  it('gives Node a turn between two statements of the requests waiting for the connection', async () => {
    t = await createTestApp();
    const { db } = t;
    let statementsRun = 0;
    // Five requests of three statements each, as a list page runs, all waiting for the connection.
    const requests = Array.from({ length: 5 }, async () => {
      for (let statement = 0; statement < 3; statement++) {
        await db.execute(sql`select 1`);
        statementsRun++;
      }
    });
    const byNextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(statementsRun)));
    await Promise.all(requests);
    expect(statementsRun).toBe(15);
    expect(await byNextTurn).toBeLessThanOrEqual(5);
  });
});

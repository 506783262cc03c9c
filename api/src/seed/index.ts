import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { customerKinds, customers, products, productTypes } from '../db/schema';
import { seedMasters } from './masters';
import { seedPayments } from './payments';
import { seedSales } from './sales';
import { ADVISORY_LOCKS } from '../db/advisory-locks';

/**
 * Demo data for a first start: runs only on an empty database, in one transaction, so a
 * half-seeded database cannot happen. Each area adds one function here, in dependency order,
 * taking what the earlier ones created.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several instances starting together on one PostgreSQL: one seeds, the others see data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.seed})`);
    for (const table of [customers, products, customerKinds, productTypes]) {
      if ((await tx.select({ id: table.id }).from(table).limit(1)).length) return false;
    }
    const masters = await seedMasters(tx, now);
    await seedSales(tx, masters, now);
    await seedPayments(tx, now);
    return true;
  });
}

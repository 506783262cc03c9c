import type { Database } from './connect';
import { namedByCode } from './driver/kept-plans';

/**
 * A statement prepared once per database (and, on PostgreSQL, planned once per connection of the
 * pool): for the reports staff open most, planning costs several times running them (the customer
 * statement: about 4 ms of planning against 0.2 ms of work at 100,000 customers). Every value of
 * such a statement is a placeholder, given at each execute. PGlite keeps its plan by its text
 * (db/driver/kept-plans.ts).
 */
export function preparedPerDatabase<P extends { getQuery(): { sql: string } }>(
  prepare: (db: Database) => P,
): (db: Database) => P {
  const prepared = new WeakMap<Database, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = namedByCode(prepare(db))));
    return statement;
  };
}

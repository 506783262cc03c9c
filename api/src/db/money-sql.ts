import { fils, type Fils } from '@admin/shared/money';
import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * An amount as SQL hands it back, in a column (int8 comes as text from some drivers) or inside
 * JSON (a number), checked into Fils: money read from SQL gets its brand here rather than at each
 * use. Nothing (a null, an absent key) is 0.
 */
export const readFils = (value: unknown): Fils => fils(Number(value ?? 0));

/**
 * Fils read from SQL: nothing (no row, a null) is 0, and the value travels as int8 so a sum over
 * many rows never overflows a 4-byte integer.
 */
export const filsOf = (expression: SQLWrapper) => sql`coalesce((${expression}), 0)::int8`.mapWith(readFils);

/** The sum of a money column in fils; 0 over no rows. */
export const sumOfFils = (expression: SQLWrapper) => filsOf(sql`sum(${expression})`);

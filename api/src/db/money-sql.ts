import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * Fils read from SQL as a number: nothing (no row, a null) is 0, and the value travels as int8 so
 * a sum over many rows never overflows a 4-byte integer.
 */
export const filsOf = (expression: SQLWrapper) => sql<number>`coalesce((${expression}), 0)::int8`.mapWith(Number);

/** The sum of a money column in fils; 0 over no rows. */
export const sumOfFils = (expression: SQLWrapper) => filsOf(sql`sum(${expression})`);

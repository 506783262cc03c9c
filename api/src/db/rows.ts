/**
 * The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, but drizzle types the
 * answer per driver, so code written once for both reads it through here.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The row of a statement that always returns one: an insert's `returning`, an aggregate
 * (`count()`, `sum`), a read of a row the same transaction has just found or written. None means
 * the code is wrong, not the request, so it throws instead of letting `undefined` travel on.
 */
export function onlyRow<T>(rows: readonly T[], what = 'the statement'): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected a row from ${what}, got none`);
  return row;
}

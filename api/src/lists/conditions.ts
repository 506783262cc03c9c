import { and, eq, gte, ilike, inArray, lte, not, or, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A number the API gives out, searched as text. Where `issued` holds (on every row without it) the
 * column is `prefix` and digits (PAY-000042), as a CHECK keeps it; on the other rows it equals
 * another column the search reads (an invoice's manual number), which finds them.
 */
export interface IssuedNumber {
  issuedNumber: Column;
  prefix: string;
  issued?: SQL;
}

type SearchTarget = Column | ((pattern: string) => SQL) | IssuedNumber;

/**
 * A search target for a text the database keeps lowered (a stored `lower()` of it): the rows whose
 * lowered text holds the pattern lowered. On a multibyte encoding ILIKE lowers both sides and then
 * matches as LIKE, so these are the rows ILIKE finds in the text, without lowering every row checked.
 */
export const lowered =
  (loweredText: Column) =>
  (pattern: string): SQL =>
    sql`${loweredText} like lower(${pattern})`;

/** The search matches every row: it is no condition. */
const EVERY_ROW = Symbol('every row');

/**
 * Rows where one of `targets` contains the search term, or no condition without a term: a column
 * is matched with ILIKE, a function is given the pattern (the user's % _ \\ taken literally), an
 * issued number as issuedNumberHolding says.
 */
export function searchAcross(term: string | undefined, targets: SearchTarget[]): SQL | undefined {
  if (!term) return undefined;
  const piece = pieceOfPrefix(term, targets);
  const conditions = conditionsOf(piece ?? term, targets);
  if (conditions === EVERY_ROW) return undefined;
  const condition = conditions.length ? or(...conditions)! : sql`false`;
  return piece ? condition.inlineParams() : condition;
}

/**
 * A term that is a piece of the issued numbers' prefix ("INV", "inv-"), upper-cased, or undefined.
 * Such terms are few, so a search by one is written into its statements as a literal: they then
 * have no parameters and a connection keeps their plans (db/driver/kept-plans.ts), as for a picked
 * filter; planning them cost several times running them. Upper case is the same for ILIKE and
 * keeps one plan per piece. Other terms stay parameters: each would be a plan of its own.
 */
function pieceOfPrefix(term: string, targets: SearchTarget[]): string | undefined {
  const number = issuedNumberOf(targets);
  return number && inEveryIssuedNumber(number, term) ? term.toUpperCase() : undefined;
}

const issuedNumberOf = (targets: SearchTarget[]) =>
  targets.find((target): target is IssuedNumber => typeof target === 'object' && 'issuedNumber' in target);

/**
 * The rows searchAcross leaves out when the term is in every issued number ("INV") but some rows
 * have another number (an invoice's manual one): those of them whose other searched fields do not
 * hold it. They are few and read from the other numbers' index, so the list's exact total is the
 * table's count less them (totals.ts, listTotal) instead of a count of nearly every row.
 * Undefined for any other search.
 */
export function leftOutBySearch(term: string | undefined, targets: SearchTarget[]): SQL | undefined {
  const number = issuedNumberOf(targets);
  const piece = term && pieceOfPrefix(term, targets);
  if (!piece || !number?.issued) return undefined;
  const others = conditionsOf(
    piece,
    targets.filter((target) => target !== number),
  );
  if (others === EVERY_ROW) return sql`false`;
  // A field without a value (a null reference) makes its condition null, which the search leaves out too.
  return and(not(number.issued), others.length ? sql`(${or(...others)}) is not true` : undefined)!.inlineParams();
}

function conditionsOf(term: string, targets: SearchTarget[]): SQL[] | typeof EVERY_ROW {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [];
  for (const target of targets) {
    const condition =
      typeof target === 'function'
        ? target(pattern)
        : 'issuedNumber' in target
          ? issuedNumberHolding(target, term, pattern)
          : ilike(target, pattern);
    if (condition === EVERY_ROW) return EVERY_ROW;
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Terms of ASCII letters, digits and "-", not digits alone, are read by the issued numbers' form. */
const readByForm = (term: string) => /^[A-Za-z0-9-]+$/.test(term) && !/^\d+$/.test(term);

/** The term is a piece of the prefix, so every issued number holds it. */
const inEveryIssuedNumber = ({ prefix }: IssuedNumber, term: string) =>
  readByForm(term) && prefix.includes(term.toUpperCase());

/**
 * The rows whose issued number holds `term` anywhere (ILIKE), read without the trigram index where
 * the number's form allows: that index holds the prefix's trigrams for every row, and a term
 * with them read all of those. PAY-000042 holds a term only as a piece of the prefix (every number
 * does), as the prefix's end and digits ("PAY-0199", "Y-0199": the numbers starting PAY-0199, a
 * range of the number's C-ordered index, which also holds only for rows whose number holds the
 * term), or as digits (anywhere, through the trigram index); any other term, in no issued number.
 * A term with other characters than ASCII letters, digits and "-" is matched with ILIKE as it is.
 */
function issuedNumberHolding(number: IssuedNumber, term: string, pattern: string): SQL | typeof EVERY_ROW | undefined {
  const { issuedNumber: column, prefix, issued } = number;
  if (!readByForm(term)) return ilike(column, pattern);
  if (inEveryIssuedNumber(number, term)) return issued ?? EVERY_ROW;
  const upper = term.toUpperCase();
  for (let end = Math.min(prefix.length, upper.length); end > 0; end--) {
    const digits = upper.slice(end);
    if (prefix.endsWith(upper.slice(0, end)) && /^\d+$/.test(digits))
      return sql`(${column} collate "C") like ${`${prefix}${digits}%`}`;
  }
  return undefined;
}

/**
 * Rows whose `column` is the value picked (or one of the values), or no condition without one. The
 * values come from a small set the contract has checked (a status, a payment type, a lookup's id)
 * and are written into the statement as literals: a list filtered on them alone then has no
 * parameters, so its plan is kept (db/driver/kept-plans.ts), and each value still gets a plan of its
 * own, as PostgreSQL estimates 'paid' and 'draft' differently.
 */
export function picked(column: Column, value: string | readonly string[] | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  return (typeof value === 'string' ? eq(column, value) : inArray(column, [...value])).inlineParams();
}

/** The `from`/`to` days of a list's query (both included) on its date column. */
export function withinDays(column: SQLWrapper, query: { from?: string; to?: string }): SQL | undefined {
  return and(query.from ? gte(column, query.from) : undefined, query.to ? lte(column, query.to) : undefined);
}

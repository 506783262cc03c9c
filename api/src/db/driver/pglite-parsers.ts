import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types Drizzle reads as the text PostgreSQL sends (dates, times, intervals, and arrays of
 * them and of numerics), mapping them itself. Its PGlite driver passes a parser for each with
 * every query, and PGlite then copies its whole table of parsers (some 300) to merge them in:
 * a third of a small select's time (a 10-row page: 240 µs without, 344 with).
 */
const READ_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string) => value;

type Query = PGlite['query'];

/**
 * Makes `client` read those types as text itself, so a query (or exec) whose parsers are only
 * those goes without them, in and out of transactions. Other parsers are passed on as given.
 */
export function readDriverTextTypes(client: PGlite): void {
  const own = client.parsers;
  const onlyTextTypes = (options: QueryOptions | undefined) =>
    options?.parsers !== undefined && Object.keys(options.parsers).every((oid) => READ_AS_TEXT.includes(Number(oid)));
  const ownParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!onlyTextTypes(options)) return options;
    // PGlite adds array types' parsers when it learns of new types: keep these as text.
    for (const oid of READ_AS_TEXT) own[oid] = asText;
    const { parsers: _, ...rest } = options!;
    return rest;
  };
  const withoutParsers = (query: Query): Query =>
    ((text, params, options) => query(text, params, ownParsers(options))) as Query;
  const transaction = client.transaction.bind(client);
  const exec = client.exec.bind(client);
  Object.assign(client, {
    query: withoutParsers(client.query.bind(client)),
    exec: ((text, options) => exec(text, ownParsers(options))) as PGlite['exec'],
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => work(Object.assign(tx, { query: withoutParsers(tx.query.bind(tx)) }))),
  });
}

import { createHash } from 'node:crypto';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import type pg from 'pg';
import { selectInOneCall } from './pglite-one-call';

/**
 * Plans kept per connection for statements without parameters: mostly a list's first page,
 * unfiltered or filtered by picked values written into the statement (lists/), the
 * page staff open most. Planning such a page costs more than running it (PostgreSQL: 0.4–0.5 ms
 * against 0.1 ms at 100,000 customers; PGlite: 0.7 against 0.3). A statement with parameters is
 * left alone: its plan may depend on their values (a search's pattern), so it is planned each time,
 * unless the code prepared it by name (namedByCode), as it does for the statements every call runs.
 */

/** A connection keeps at most this many plans: each costs the server some memory. */
const PLANS_PER_CONNECTION = 200;

/**
 * A statement's name for the plan PostgreSQL keeps of it: `plan_` and a hash of its text, or
 * `page_` for the list pages lists/page-rows.ts prepares itself, which are not counted here.
 */
export function planName(text: string, kind: 'plan' | 'page' = 'plan'): string {
  return `${kind}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** The plans one connection keeps, by their statement's text. */
class PlanNames {
  // By text rather than by name: naming a text hashes it, which cost more than the lookup.
  private readonly names = new Map<string, string>();

  /** The name of `text`'s plan: kept already, or new while the connection keeps fewer than it may. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= PLANS_PER_CONNECTION) return undefined;
      this.names.set(text, (name = planName(text)));
    }
    return name;
  }

  /** A plan that could not be made: its place goes to another. */
  forget(text: string): void {
    this.names.delete(text);
  }
}

/**
 * Makes a report connection of node-postgres keep its plans, by naming each statement without
 * parameters after its text: PostgreSQL then plans it once per connection.
 */
export function keepPlansOfPg(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const plans = new PlanNames();
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const [config, ...rest] = args;
      const text = textWithoutParameters(config, rest[0]);
      const name = text === undefined ? undefined : plans.nameOf(text);
      if (!name) return query(...args);
      return query({ ...(config as object), name }, ...rest);
    },
  });
}

/** The text of a query given as a config object, unnamed and without parameters; else undefined. */
function textWithoutParameters(config: unknown, values: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const { text, name, values: configValues } = config as { text?: unknown; name?: unknown; values?: unknown };
  return typeof text === 'string' && !name && noValues(configValues) && noValues(values) ? text : undefined;
}

const noValues = (list: unknown) => list === undefined || (Array.isArray(list) && !list.length);

/**
 * The texts of the statements the code prepares by name (drizzle's `.prepare(name)`): the session
 * read, invoice lines, the dashboard, a list's pages. PostgreSQL keeps their plans by their name;
 * PGlite's driver drops the name, so its connection keeps them by their text (keepPlansOfPglite).
 */
const namedTexts = new Set<string>();

/** Marks a prepared statement as one whose plan is kept with its parameters (see namedTexts). */
export function namedByCode<P extends { getQuery(): { sql: string } }>(statement: P): P {
  namedTexts.add(statement.getQuery().sql);
  return statement;
}

/**
 * Makes PGlite's one connection keep its plans, and run its selects in one call each
 * (pglite-one-call.ts): a select without parameters, or one the code prepared by name
 * (namedByCode), run outside a transaction, is prepared once under a name (PREPARE) and bound to
 * that name from then on; any other select is planned at its call. A transaction's statements go
 * through the transaction's own client and are not touched, nor are writes.
 */
export function keepPlansOfPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const plans = new PlanNames();
  const prepared = new Map<string, Promise<unknown>>();
  /** Whether `text` is prepared as `name`, preparing it the first time. */
  const preparedAs = async (name: string, text: string) => {
    let preparing = prepared.get(name);
    if (!preparing) {
      preparing = query(`prepare ${name} as ${text}`);
      prepared.set(name, preparing);
      // A statement that does not prepare (an error in it) is run as it is, to fail with its own error.
      preparing.catch(() => {
        prepared.delete(name);
        plans.forget(text);
      });
    }
    return preparing.then(
      () => true,
      () => false,
    );
  };
  const keptQuery = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!/^\s*select\s/i.test(text)) return query(text, params, options);
    const name = noValues(params) || namedTexts.has(text) ? plans.nameOf(text) : undefined;
    const kept = name !== undefined && (await preparedAs(name, text));
    return selectInOneCall<T>(client, kept ? { name } : { text }, params, options);
  };
  Object.assign(client, { query: keptQuery });
}

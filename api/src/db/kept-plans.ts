import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Plans kept per connection for statements without parameters: mostly a list's first page,
 * unfiltered or filtered by picked values written into the statement (http/pagination.ts), the
 * page staff open most. Planning such a page costs more than running it (PostgreSQL: 0.4–0.5 ms
 * against 0.1 ms at 100,000 customers; PGlite: 0.7 against 0.3). A statement with parameters is
 * left alone: its plan may depend on their values (a search's pattern), so it is planned each time.
 */

/** A connection keeps at most this many plans: each costs the server some memory. */
const PLANS_PER_CONNECTION = 200;

/** A statement's name for the plan PostgreSQL keeps of it: `plan_` and a hash of its text. */
export function planName(text: string): string {
  return `plan_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** The plans one connection keeps, by name (planName). */
class PlanNames {
  private readonly names = new Set<string>();

  /** The name of `text`'s plan: kept already, or new while the connection keeps fewer than it may. */
  nameOf(text: string): string | undefined {
    const name = planName(text);
    if (!this.names.has(name)) {
      if (this.names.size >= PLANS_PER_CONNECTION) return undefined;
      this.names.add(name);
    }
    return name;
  }

  /** A plan that could not be made: its place goes to another. */
  forget(name: string): void {
    this.names.delete(name);
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
 * Makes PGlite's one connection keep its plans: a select without parameters, run outside a
 * transaction, is prepared once under a name (PREPARE) and executed by it from then on. A
 * transaction's statements go through the transaction's own client and are not touched.
 */
export function keepPlansOfPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const plans = new PlanNames();
  const prepared = new Map<string, Promise<unknown>>();
  const keptQuery: PGlite['query'] = async (text, params, options) => {
    const name = noValues(params) && /^\s*select\s/i.test(text) ? plans.nameOf(text) : undefined;
    if (!name) return query(text, params, options);
    let preparing = prepared.get(name);
    if (!preparing) {
      preparing = query(`prepare ${name} as ${text}`);
      prepared.set(name, preparing);
      // A statement that does not prepare (an error in it) is run as it is, to fail with its own error.
      preparing.catch(() => {
        prepared.delete(name);
        plans.forget(name);
      });
    }
    try {
      await preparing;
    } catch {
      return query(text, params, options);
    }
    return query(`execute ${name}`, [], options);
  };
  Object.assign(client, { query: keptQuery });
}

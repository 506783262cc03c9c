import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { keepPlansOfPg } from './kept-plans';

/**
 * Two lanes to PostgreSQL, so reporting can never starve money. Reads made while serving a
 * report request (lists, the dashboard, balances: GET) take their connections from a pool of
 * their own whose statements stop after a timeout; everything else (writes, money, the jobs)
 * keeps the main pool. A report request whose client goes away has its running statement
 * cancelled and its connections closed instead of finishing work nobody will read.
 */
export interface ReportLane {
  /** Connections this request holds from the report pool right now. */
  readonly clients: Set<pg.PoolClient>;
  /** The client went away: statements are cancelled, connections not reused. */
  aborted: boolean;
}

const lanes = new AsyncLocalStorage<ReportLane>();

/** Runs `work` (and everything it starts) in a new report lane; returns the lane with its result. */
export function inReportLane<T>(work: (lane: ReportLane) => T): T {
  const lane: ReportLane = { clients: new Set(), aborted: false };
  return lanes.run(lane, () => work(lane));
}

/** A report pool connection that did not come within the report timeout. */
export class ReportPoolBusy extends Error {}

/**
 * Makes `main.connect` (which pool.query and drizzle's transactions call) hand out connections
 * of `reports` inside a report lane. The lane tracks the connections it holds until released; a
 * connection released after the lane was aborted is closed, not returned to the pool, so a late
 * cancel can never reach another request's statement.
 */
export function routeReports(main: pg.Pool, reports: pg.Pool): void {
  reports.on('connect', keepPlansOfPg);
  const mainConnect = main.connect.bind(main) as (
    callback?: (...args: unknown[]) => void,
  ) => Promise<pg.PoolClient> | void;
  const acquire = async (lane: ReportLane): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await reports.connect();
    } catch (error) {
      if (error instanceof Error && /timeout/i.test(error.message))
        throw new ReportPoolBusy('no report connection came within the timeout');
      throw error;
    }
    if (lane.aborted) {
      // The client went away while this waited: close the connection, start nothing.
      client.release(true);
      throw new Error('the report was abandoned by its client');
    }
    lane.clients.add(client);
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      lane.clients.delete(client);
      return release.call(client, lane.aborted ? (error ?? true) : error);
    };
    return client;
  };
  const connect = (callback?: (...args: unknown[]) => void) => {
    const lane = lanes.getStore();
    if (!lane) return mainConnect(callback);
    if (lane.aborted) {
      const gone = Promise.reject(new Error('the report was abandoned by its client'));
      if (!callback) return gone;
      gone.catch((error) => callback(error));
      return;
    }
    const client = acquire(lane);
    if (!callback) return client;
    client.then(
      (c) => callback(undefined, c, c.release),
      (error) => callback(error),
    );
  };
  Object.assign(main, { connect });
}

/**
 * Cancels what `lane` is running (pg_cancel_backend through the main pool, which reports cannot
 * exhaust) and marks it aborted so its connections close when released.
 */
export async function abortReportLane(lane: ReportLane, main: pg.Pool): Promise<void> {
  lane.aborted = true;
  const pids = [...lane.clients]
    .map((client) => (client as unknown as { processID: number }).processID)
    .filter(Boolean);
  if (!pids.length) return;
  // Outside any lane: this must run on the main pool even though it is called from a report request.
  await lanes.exit(() => main.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]));
}

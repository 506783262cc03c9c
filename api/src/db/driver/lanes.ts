import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { keepPlansOfPg } from './kept-plans';

/**
 * Two lanes to PostgreSQL, so reporting can never starve money. Reads made while serving a
 * report request (lists, the dashboard, balances: GET) take their connections from a pool of
 * their own whose statements stop after a timeout; everything else (writes, money, the jobs)
 * keeps the main pool. A report request whose client goes away has its running statement
 * cancelled and its connections closed instead of finishing work nobody will read.
 *
 * With a streaming replica (REPLICA_URL) a report lane may read there instead (`replica`): the
 * request decides once its session is checked on the primary (http/read-source.ts).
 */
export interface ReportLane {
  /** Connections this request holds from the report pools right now. */
  readonly clients: Set<pg.PoolClient>;
  /** The client went away: statements are cancelled, connections not reused. */
  aborted: boolean;
  /** Reads go to the replica's report pool rather than the primary's. */
  replica: boolean;
}

const lanes = new AsyncLocalStorage<ReportLane>();

/** Runs `work` (and everything it starts) in a new report lane; returns the lane with its result. */
export function inReportLane<T>(work: (lane: ReportLane) => T): T {
  const lane: ReportLane = { clients: new Set(), aborted: false, replica: false };
  return lanes.run(lane, () => work(lane));
}

/**
 * Runs `work` on the primary even inside a report lane reading the replica: for the few writes a
 * read makes (folding figures' deltas), which a hot standby refuses. The lane seen by `work`
 * inherits the request's (its connections, whether its client went away) but reads the primary.
 */
export function onPrimary<T>(work: () => T): T {
  const lane = lanes.getStore();
  if (!lane?.replica) return work();
  return lanes.run(Object.create(lane, { replica: { value: false } }) as ReportLane, work);
}

/** A report pool connection that did not come within the report timeout. */
export class ReportPoolBusy extends Error {}

/**
 * Makes `main.connect` (which pool.query and drizzle's transactions call) hand out connections
 * of `reports` inside a report lane, or of `replicaReports` when the lane reads the replica. The
 * lane tracks the connections it holds until released; a connection released after the lane was
 * aborted is closed, not returned to the pool, so a late cancel can never reach another
 * request's statement.
 */
export function routeReports(main: pg.Pool, reports: pg.Pool, replicaReports?: pg.Pool): void {
  reports.on('connect', keepPlansOfPg);
  replicaReports?.on('connect', keepPlansOfPg);
  const mainConnect = main.connect.bind(main) as (
    callback?: (...args: unknown[]) => void,
  ) => Promise<pg.PoolClient> | void;
  const acquire = async (lane: ReportLane): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await (lane.replica && replicaReports ? replicaReports : reports).connect();
      if (lane.replica && replicaReports) fromReplica.add(client);
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

/** The report connections taken from the replica's pool: a cancel must reach them there. */
const fromReplica = new WeakSet<pg.PoolClient>();

/**
 * Cancels what `lane` is running (pg_cancel_backend through the main pool, which reports cannot
 * exhaust, and for the replica's connections through `replica`, its own small pool) and marks it
 * aborted so its connections close when released.
 */
export async function abortReportLane(lane: ReportLane, main: pg.Pool, replica?: pg.Pool): Promise<void> {
  lane.aborted = true;
  const pidsOf = (clients: pg.PoolClient[]) =>
    clients.map((client) => (client as unknown as { processID: number }).processID).filter(Boolean);
  const clients = [...lane.clients];
  const cancels: [pg.Pool | undefined, number[]][] = [
    [main, pidsOf(clients.filter((client) => !fromReplica.has(client)))],
    [replica, pidsOf(clients.filter((client) => fromReplica.has(client)))],
  ];
  // Outside any lane: this must run on the main pool even though it is called from a report request.
  await lanes.exit(() =>
    Promise.all(
      cancels.map(async ([server, pids]) => {
        if (server && pids.length)
          await server.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
      }),
    ),
  );
}

import pg from 'pg';

/**
 * How far a streaming replica (REPLICA_URL) is behind its primary: the age of the oldest change
 * the primary had written that the replica has not replayed yet. Every `everyMs` the primary's
 * WAL position is noted with the time, and the replica's replayed position read; the positions it
 * has replayed are dropped, and the oldest one left tells the lag (0 when none is left). This
 * needs no monitoring privilege, and an idle primary reads as caught up, not as ever further behind.
 *
 * Reports read there only while the lag is known and within the bound (http/read-source.ts): a
 * replica that does not answer, one that is no longer in recovery (promoted: the instances still
 * write elsewhere), or a reading older than three polls all count as unknown.
 */
export interface ReplicaWatch {
  /** Milliseconds behind the primary, or undefined when unknown. */
  lagMs(): number | undefined;
  /** One connection to the replica, for the positions and for cancelling an abandoned report there. */
  readonly control: pg.Pool;
  stop(): Promise<void>;
}

/** A WAL position ('16/B374D848') as a number of bytes. */
function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export function watchReplica(options: {
  primary: pg.Pool;
  url: string;
  applicationName: string;
  everyMs?: number;
}): ReplicaWatch {
  const everyMs = options.everyMs ?? 250;
  const control = new pg.Pool({
    connectionString: options.url,
    max: 1,
    application_name: options.applicationName,
    statement_timeout: 1_000,
    connectionTimeoutMillis: 1_000,
  });
  control.on('error', () => {});
  /** The primary's positions not yet replayed, oldest first, with when they were seen. */
  const pending: { lsn: bigint; at: number }[] = [];
  let reading: { lag: number; at: number } | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling = Promise.resolve();
  const poll = async () => {
    try {
      const at = Date.now();
      const written = await options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const { rows } = await control.query<{ lsn: string | null; recovery: boolean }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery',
      );
      const replica = rows[0];
      if (!replica?.recovery || !replica.lsn) throw new Error('not a streaming replica');
      const lsn = lsnOf(written.rows[0]!.lsn);
      // An idle primary stays at one position: noted once, with when it was first seen.
      if (!pending.length || lsn > pending.at(-1)!.lsn) pending.push({ lsn, at });
      const replayed = lsnOf(replica.lsn);
      while (pending[0] && pending[0].lsn <= replayed) pending.shift();
      reading = { lag: pending[0] ? Date.now() - pending[0].at : 0, at: Date.now() };
    } catch {
      reading = undefined;
      pending.length = 0;
    }
    if (!stopped)
      timer = setTimeout(() => {
        polling = poll();
      }, everyMs);
  };
  polling = poll();
  return {
    control,
    lagMs() {
      if (!reading || Date.now() - reading.at > everyMs * 3) return undefined;
      return reading.lag;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await polling;
      await control.end();
    },
  };
}

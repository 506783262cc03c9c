import type { Config } from '../config';
import type { Database } from '../db/connect';
import { onMailQueued } from '../lib/mail-queued';
import { deliverDueMail } from '../modules/mail/delivery';
import { mailTransport } from '../modules/mail/settings';
import type { Logger } from './scheduled-invoices';

/** How soon after a nudge (a message written, a mail server saved) the worker runs. */
const NUDGE_DELAY_MS = 200;

/**
 * The mail worker: delivers the outbox's due messages (deliverDueMail) now and then every
 * MAIL_POLL_SECONDS, never two runs at once in this process; a nudge brings the next run forward.
 * Every instance runs one: the claims share the work out, each message going once. stop() waits
 * for the message being sent, so shutdown records its outcome; one still claimed when the process
 * dies goes again once its claim's lease, no longer renewed, runs out (DEFAULT_LEASE_MS, 30 s).
 */
export function startMailWorker(options: { db: Database; config: Config; log: Logger }): { stop(): Promise<void> } {
  const { db, config, log } = options;
  if (!config.mailPollSeconds) return { stop: async () => {} };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inRun = false;
  let nudged = false;

  const run = async () => {
    try {
      const transport = await mailTransport(db, config);
      try {
        const report = await deliverDueMail(db, transport, { now: config.now(), keepGoing: () => !stopped });
        if (report.sent || report.retrying || report.failed) log.info({ ...report }, 'mail delivered');
      } finally {
        transport?.close();
      }
    } catch (err) {
      log.error({ err }, 'mail worker failed');
    }
  };
  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, delay);
  };
  const tick = () => {
    inRun = true;
    nudged = false;
    running = run().finally(() => {
      inRun = false;
      schedule(nudged ? NUDGE_DELAY_MS : config.mailPollSeconds * 1000);
    });
  };
  const unsubscribe = onMailQueued(() => {
    if (inRun) nudged = true;
    else schedule(NUDGE_DELAY_MS);
  });
  tick();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}

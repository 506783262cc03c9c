// The traffic of the cluster drills and of the rolling-restart check: a steady rate of staff
// requests counted one by one, and a stream of payments recording which were acknowledged.

/**
 * Sends `perSecond` requests a second through `base` until stop(), without waiting for answers:
 * four list reads to one new customer. Every answer that is not a success counts as failed; a
 * request whose connection the proxy closed before reading it is sent again, as browsers do.
 * @param {{ base: string, token: string, perSecond: number, customer: { kind: string, nationality: string, city: string } }} options
 */
export function steadyLoad({ base, token, perSecond, customer }) {
  const started = Date.now();
  /** @type {Promise<void>[]} */
  const inFlight = [];
  /** @type {string[]} */
  const failures = [];
  let sent = 0;
  let resent = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = () => {
    const n = sent++;
    const write = n % 5 === 4;
    const url = write ? `${base}/api/customers` : `${base}/api/customers?limit=20&page=${(n % 3) + 1}`;
    const body = write
      ? JSON.stringify({
          customerName: `Steady ${started}-${n}`,
          dateOfCreation: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
          customerKind: customer.kind,
          customerNationality: customer.nationality,
          customerCity: customer.city,
        })
      : undefined;
    const method = write ? 'POST' : 'GET';
    /** @param {number} resends @returns {Promise<Response>} */
    const attempt = (resends) =>
      fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) }).catch((error) => {
        // nginx closing its idle connections on a reload as the request left: it never read it.
        // Browsers send such a request again; so does this client, on another connection.
        if (error?.cause?.code !== 'UND_ERR_SOCKET' || resends >= 3) throw error;
        resent++;
        return attempt(resends + 1);
      });
    inFlight.push(
      attempt(0).then(
        async (response) => {
          await response.arrayBuffer();
          if (!response.ok) failures.push(`${method} ${url}: ${response.status}`);
        },
        (error) => {
          failures.push(`${method} ${url}: ${error} (${error?.cause ?? 'no cause'})`);
        },
      ),
    );
  };
  // On a schedule from the start, so a slow moment does not lower the rate that is counted.
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) send();
  }, 10);
  return {
    /** Stops sending, waits for every answer, and says how it went. */
    async stop() {
      clearInterval(timer);
      const seconds = (Date.now() - started) / 1000;
      await Promise.all(inFlight);
      return { sent, resent, seconds, failed: failures.length, failures };
    },
  };
}

/**
 * Records advance payments one after another through `base` until stop(): which were
 * acknowledged (201), and for how long in all writes were refused (from a refusal to the next
 * acknowledgement).
 * @param {{ base: string, token: string, customer: string, day: string }} options
 */
export function writesUntil({ base, token, customer, day }) {
  /** @type {string[]} */
  const acknowledged = [];
  let refusedMs = 0;
  /** @type {number | undefined} */
  let refusedSince;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      let ok = false;
      try {
        const response = await fetch(`${base}/api/payments/advance`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ customer, paymentDate: day, paymentMode: 'Cash', amount: 1_000 }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = await response.json().catch(() => undefined);
        if (response.status === 201) {
          acknowledged.push(body.data._id);
          ok = true;
        }
      } catch {
        // Refused: counted below.
      }
      if (ok && refusedSince !== undefined) {
        refusedMs += Date.now() - refusedSince;
        refusedSince = undefined;
      } else if (!ok) {
        refusedSince ??= at;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return {
        acknowledged,
        refusedSeconds: (refusedMs + (refusedSince === undefined ? 0 : Date.now() - refusedSince)) / 1000,
      };
    },
  };
}

// Sequential round trips of a page load, from Chromium's network log (CDP): how many times the page
// had to wait for an answer before it knew what to ask for next. Used by `pnpm bench:web`'s link
// profile and by e2e/tests/web-performance.spec.ts.

/**
 * A request as the log saw it, on the page's wall clock (ms).
 * @typedef {{ url: string, start: number, end: number, wave?: number }} Fetched
 */

/**
 * Follows every request of a page from now on. CDP stamps a request's end on a monotonic clock;
 * its start carries both clocks, which relates them.
 * @param {import('@playwright/test').CDPSession} cdp with Network enabled
 * @returns {Map<string, Fetched>}
 */
export function followRequests(cdp) {
  /** @type {Map<string, Fetched>} */
  const requests = new Map();
  let wallOffset = 0;
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp, wallTime }) => {
    wallOffset = wallTime * 1000 - timestamp * 1000;
    if (!request.url.startsWith('data:'))
      requests.set(requestId, { url: request.url, start: wallTime * 1000, end: Infinity });
  });
  /** @param {{ requestId: string, timestamp: number }} event */
  const finished = ({ requestId, timestamp }) => {
    const request = requests.get(requestId);
    if (request) request.end = timestamp * 1000 + wallOffset;
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', finished);
  return requests;
}

/**
 * Numbers each request's wave and returns how many there were: a request is in the wave after the
 * latest one whose answer had arrived before it was asked for (an upper bound: any earlier answer
 * may have been what it waited for).
 * @param {Fetched[]} requests
 */
export function sequentialWaves(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  for (const request of sorted) {
    const before = sorted.filter((r) => r.wave !== undefined && r.end <= request.start);
    request.wave = 1 + Math.max(0, ...before.map((r) => r.wave ?? 0));
  }
  return Math.max(0, ...sorted.map((r) => r.wave ?? 0));
}

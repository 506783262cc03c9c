// Calls host/index.html makes with the stored token before any script has loaded: the profile
// check always, and, when the dashboard is the page opened, the calls this browser's user made for
// it last time (remembered below), so their answers are on their way while the scripts download.
// The page's client takes each answer once, for a GET of the same path (./client.ts).

declare global {
  interface Window {
    /** Those calls, by their path under the API's base. */
    __early?: Record<string, Promise<Response> | undefined>;
  }
}

/** Where the dashboard's calls are remembered for index.html's script (it reads the same key). */
export const DASHBOARD_CALLS_KEY = 'admin.dashboard-calls';

/** That early call's body when it answered 200; else undefined, and the caller asks itself. */
export async function takeEarlyAnswer(path: string): Promise<unknown> {
  const early = globalThis.window?.__early;
  const call = early?.[path];
  if (!call) return undefined;
  delete early[path];
  try {
    const response = await call;
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/** The GETs the signed-in user's dashboard makes first (what they may read), for the next cold load. */
export function rememberDashboardCalls(paths: string[]): void {
  localStorage.setItem(DASHBOARD_CALLS_KEY, JSON.stringify(paths));
}

/** Another session's early answers and remembered calls are not this one's. */
export function forgetEarlyAnswers(): void {
  if (globalThis.window) window.__early = undefined;
  localStorage.removeItem(DASHBOARD_CALLS_KEY);
}

import { api } from '@admin/shared/api';
import { CORE_PATHS, type FailureKind, type PlatformReport, type RemoteName } from '@admin/shared/contract';
import { rememberFallback, type Pick } from './release-pick';

const reported = new Set<string>();

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Tells the platform that a release failed in this page (once per release and kind): the Platform
 * page counts them, and a canary with an auto-rollback limit is dropped when it reaches it. Only
 * the platform's releases count: not a tester's override, not a build still being checked.
 */
async function report(area: RemoteName, pick: Pick, kind: FailureKind, error: unknown): Promise<void> {
  const key = `${area}:${pick.version}:${kind}`;
  if ((pick.channel !== 'stable' && pick.channel !== 'canary') || reported.has(key)) return;
  reported.add(key);
  const body: PlatformReport = { area, version: pick.version, kind, message: message(error).slice(0, 500) };
  await api.post(CORE_PATHS.platformReports, body, { errorToast: false, timeout: 5_000 }).catch(() => undefined);
}

/**
 * A release failed to load or crashed while rendering. A canary falls back: the failure is
 * reported, this tab is set to the stable release and the page loads again, so the user goes on
 * with the stable release. The returned promise never settles then (the page is going away), so
 * callers keep showing their spinner rather than an error. Any other failure is reported and the
 * caller shows its unavailable panel.
 */
export async function releaseFailed(area: RemoteName, pick: Pick, kind: FailureKind, error: unknown): Promise<void> {
  const sent = report(area, pick, kind, error);
  if (pick.channel !== 'canary') return;
  // The report must leave before the reload cancels it.
  await sent;
  rememberFallback(area, pick.version);
  window.location.reload();
  await new Promise(() => undefined);
}

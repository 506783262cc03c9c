import { inCanary, type Release, type RemoteEntry, type RemoteName } from '@admin/shared/contract';
import type { User } from '@admin/shared/auth';

/**
 * Which release of an area this page runs, and why: everyone's (stable), the canary this user's
 * share draws, a tester's override, or a build `pnpm release` is checking (see health-probe.ts).
 */
export interface Pick extends Release {
  channel: 'stable' | 'canary' | 'override' | 'candidate';
}

/** A release's own fields, without what platform.json adds around it (a canary's share, say). */
const releaseOf = ({ version, entry, integrity, summary }: Release): Release => ({
  version,
  entry,
  integrity,
  summary,
});

// A canary that failed in this tab: the tab keeps the stable release of that area until the
// canary changes, so one broken canary is reported once per tab and never loops.
const fallbackKey = (area: RemoteName) => `platform.fallback.${area}`;

export function rememberFallback(area: RemoteName, canaryVersion: string): void {
  sessionStorage.setItem(fallbackKey(area), canaryVersion);
}

// A tester's override: a named release of an area in their own browser only (never on the server).
const overridesKey = (userId: string) => `platform.overrides.${userId}`;

function readOverrides(userId: string): Partial<Record<RemoteName, Release>> {
  try {
    return JSON.parse(localStorage.getItem(overridesKey(userId)) ?? '{}') as Partial<Record<RemoteName, Release>>;
  } catch {
    return {};
  }
}

/**
 * Sets (or, with no release, clears) this user's override of an area and loads the page again:
 * an area's code cannot be swapped in a live page.
 */
export function changeOverride(userId: string, area: RemoteName, release?: Release): void {
  const overrides = readOverrides(userId);
  if (release) overrides[area] = releaseOf(release);
  else delete overrides[area];
  if (Object.keys(overrides).length) localStorage.setItem(overridesKey(userId), JSON.stringify(overrides));
  else localStorage.removeItem(overridesKey(userId));
  window.location.reload();
}

/** Overrides count only for those who may set them: a shared browser never passes one on. */
export function activeOverrides(user: User | null): Partial<Record<RemoteName, Release>> {
  return user?._id && user.permissions?.includes('platform.manage') ? readOverrides(user._id) : {};
}

/** The release of an area this user runs: their override, else the canary if their share draws it, else the stable one. */
export function pickRelease(area: RemoteName, entry: RemoteEntry, user: User & { _id: string }): Pick {
  const override = activeOverrides(user)[area];
  if (override) return { ...override, channel: 'override' };
  const { canary } = entry;
  if (canary && inCanary(entry, user._id, area) && sessionStorage.getItem(fallbackKey(area)) !== canary.version) {
    return { ...releaseOf(canary), channel: 'canary' };
  }
  return { ...releaseOf(entry), channel: 'stable' };
}

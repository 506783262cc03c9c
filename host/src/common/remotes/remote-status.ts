import { create } from 'zustand';
import type { AreaSummary, PlatformConfig, RemoteName } from '@admin/shared/contract';
import type { RemoteModule } from '@admin/shared/remote';
import type { Pick } from './release-pick';

/** One shared package as the page's MF runtime holds it. */
export interface SharedUse {
  name: string;
  version: string;
  /** The app whose copy it is. */
  from: string;
  /** Apps that asked for it. */
  useIn: string[];
  loaded: boolean;
}

export interface RemoteStatus {
  version: string;
  entry: string;
  /** Whether this page runs the area's stable release, its canary or a tester's override. */
  channel: Pick['channel'];
  state: 'registered' | 'loading' | 'loaded' | 'failed';
  /** Time from asking for './routes' to having it, first successful load. */
  loadMs?: number;
  error?: string;
  /** The shared packages this remote asked for, and whose copy it got. */
  shared?: SharedUse[];
  /** The pages the release declared in platform.json: the menu's entries until its code arrives. */
  summary?: AreaSummary;
  /** The area's './routes', once loaded and checked (with its texts): its pages render without waiting. */
  module?: RemoteModule;
}

export interface PlatformStatus {
  /** /platform.json as this page read it. */
  config?: PlatformConfig;
  /** Why /platform.json could not be used, if it could not. */
  configError?: string;
  /** The release of each area this page picked for the signed-in user, and how it loads. */
  remotes: Partial<Record<RemoteName, RemoteStatus>>;
  /**
   * Areas whose code this page runs and whose release for this user has changed in /platform.json
   * since (a release, promotion or rollback), with the version a reload would run.
   */
  moved: Partial<Record<RemoteName, string>>;
}

/** What the platform page shows: per remote its version, entry, load state and time, and sharing. */
export const usePlatformStatus = create<PlatformStatus>()(() => ({ remotes: {}, moved: {} }));

export function updateRemoteStatus(name: RemoteName, patch: Partial<RemoteStatus>): void {
  usePlatformStatus.setState((s) => {
    const current = s.remotes[name] ?? {
      version: 'unknown',
      entry: '',
      channel: 'stable' as const,
      state: 'registered' as const,
    };
    return { remotes: { ...s.remotes, [name]: { ...current, ...patch } } };
  });
}

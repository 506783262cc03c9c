// Types of platform-api.mjs for the API, which compiles TypeScript only.
import type { FailureKind, PlatformReleases, PlatformReports } from '../../shared/src/contract/platform';

export function readReports(dir: string): PlatformReports;

export function recordReport(report: {
  dir: string;
  area: string;
  version: string;
  kind: FailureKind;
  message?: string;
  now?: Date;
}): { failures: number; rolledBack: boolean } | null;

export function listReleases(dir: string): PlatformReleases;

import * as v from 'valibot';
import { PlatformConfigSchema, type PlatformConfig } from '@admin/shared/contract';

/**
 * Reads /platform.json: which release of each remote runs and where the API is. Never cached, so
 * a release or rollback shows on the next page load.
 */
export async function fetchPlatformConfig(): Promise<PlatformConfig> {
  const response = await fetch('/platform.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/platform.json answered ${response.status}`);
  const result = v.safeParse(PlatformConfigSchema, await response.json());
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`/platform.json is not valid: ${v.getDotPath(issue) ?? ''} ${issue.message}`.trim());
  }
  return result.output;
}

import * as v from 'valibot';
import { PlatformConfigSchema, type PlatformConfig } from '@admin/shared/contract';

/**
 * Reads /platform.json: which release of each remote runs and where the API is. Never cached, so
 * a release or rollback shows on the next page load.
 */
declare global {
  interface Window {
    /** The request for /platform.json the entry starts before anything else loads (src/index.ts). */
    __platformJson?: Promise<Response>;
  }
}

/** The entry's early request, once; a later read (after a failure, in tests) asks again. */
function platformResponse(): Promise<Response> {
  const early = window.__platformJson;
  window.__platformJson = undefined;
  return early ?? fetch('/platform.json', { cache: 'no-store' });
}

export async function fetchPlatformConfig(): Promise<PlatformConfig> {
  const response = await platformResponse();
  if (!response.ok) throw new Error(`/platform.json answered ${response.status}`);
  const result = v.safeParse(PlatformConfigSchema, await response.json());
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`/platform.json is not valid: ${v.getDotPath(issue) ?? ''} ${issue.message}`.trim());
  }
  return result.output;
}

import * as v from 'valibot';

/** The three areas the host loads at run time; their MF container names. */
export const REMOTE_NAMES = ['masters', 'sales', 'payments'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const RemoteEntrySchema = v.object({
  /** The released version, e.g. '1.0.0-3f2a9c1b'. */
  version: v.pipe(v.string(), v.nonEmpty()),
  /** URL of the release's mf-manifest.json: same-origin path or another origin (CDN). */
  entry: v.pipe(v.string(), v.nonEmpty()),
});
export type RemoteEntry = v.InferOutput<typeof RemoteEntrySchema>;

/**
 * /platform.json, read by the host at every page load (never cached): which release of each
 * remote runs, and where the API is. Releasing or rolling back an area rewrites only its entry.
 */
export const PlatformConfigSchema = v.object({
  apiBaseUrl: v.pipe(v.string(), v.nonEmpty()),
  remotes: v.object({
    masters: RemoteEntrySchema,
    sales: RemoteEntrySchema,
    payments: RemoteEntrySchema,
  }),
});
export type PlatformConfig = v.InferOutput<typeof PlatformConfigSchema>;

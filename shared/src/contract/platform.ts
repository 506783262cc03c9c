import * as v from 'valibot';

/** The three areas the host loads at run time; their MF container names. */
export const REMOTE_NAMES = ['masters', 'sales', 'payments'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** 'sha384-<base64>', as an `integrity` attribute takes it. */
const DigestSchema = v.pipe(v.string(), v.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'Invalid digest'));

/*
 * A release's description is read open (platform.json and area-summary.json are written by other
 * releases, which may add a field) and answered closed by the API (GET /platform/releases): each
 * shape below is built from its parts twice, with v.object and with v.strictObject.
 */

/** A text in each of the product's languages, for what the host draws before an area's own texts load. */
const localText = { en: v.string(), ar: v.string() };
const LocalTextSchema = v.object(localText);
export type LocalText = v.InferOutput<typeof LocalTextSchema>;

const menuPlace = { group: v.optional(v.string()), order: v.number() };

/** A page of an area as its release declares it: enough for the host's menu and title. */
const pageSummary = <Text extends v.GenericSchema, Place extends v.GenericSchema>(label: Text, menu: Place) => ({
  path: v.pipe(v.string(), v.startsWith('/')),
  /** The menu's and the top bar's text. */
  label,
  /** What a user needs to open the page; the menu leaves it out for anyone else. */
  permission: v.optional(v.string()),
  /** Where it sits in the menu: in one of the host's groups or the area's own, by order; none for a page reached by links. */
  menu: v.optional(menu),
});
export const PageSummarySchema = v.object(pageSummary(LocalTextSchema, v.object(menuPlace)));
export type PageSummary = v.InferOutput<typeof PageSummarySchema>;

/** A menu group an area adds beside the host's own. */
const groupSummary = <Text extends v.GenericSchema>(label: Text) => ({ id: v.string(), label, order: v.number() });
export const GroupSummarySchema = v.object(groupSummary(LocalTextSchema));
export type GroupSummary = v.InferOutput<typeof GroupSummarySchema>;

/**
 * What a release of an area serves, written into platform.json by `pnpm release` from the build's
 * area-summary.json, so the host draws the area's menu entries before (or without) its code.
 */
const areaSummary = <Page extends v.GenericSchema, Group extends v.GenericSchema>(page: Page, group: Group) => ({
  pages: v.array(page),
  groups: v.optional(v.array(group)),
  /** Paths other releases of the area served and this one does not: 'not available in the current release'. */
  retired: v.optional(v.array(v.string())),
});
export const AreaSummarySchema = v.object(areaSummary(PageSummarySchema, GroupSummarySchema));
export type AreaSummary = v.InferOutput<typeof AreaSummarySchema>;

const release = <Summary extends v.GenericSchema>(summary: Summary) => ({
  /** The released version, e.g. '1.0.0-3f2a9c1b'. */
  version: v.pipe(v.string(), v.nonEmpty()),
  /** URL of the release's mf-manifest.json: same-origin path or another origin (CDN). */
  entry: v.pipe(v.string(), v.nonEmpty()),
  /**
   * Digests of the files the host fetches itself, by path inside the release folder
   * ('mf-manifest.json', 'remoteEntry.js'): a file that differs is refused by the browser.
   */
  integrity: v.optional(v.record(v.string(), DigestSchema)),
  /** The release's pages; absent for a release published before areas declared them. */
  summary: v.optional(summary),
});
export const ReleaseSchema = v.object(release(AreaSummarySchema));
export type Release = v.InferOutput<typeof ReleaseSchema>;

/** A release as the API answers it: closed at every level. */
const ReleaseAnswerSchema = v.strictObject(
  release(
    v.strictObject(
      areaSummary(
        v.strictObject(pageSummary(v.strictObject(localText), v.strictObject(menuPlace))),
        v.strictObject(groupSummary(v.strictObject(localText))),
      ),
    ),
  ),
);

export const CanarySchema = v.object({
  ...ReleaseSchema.entries,
  /** The share of signed-in users (by canaryBucket) who get this release instead of the stable one. */
  percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  /** The canary is dropped by itself once this many failures of it are reported. */
  autoRollbackAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type Canary = v.InferOutput<typeof CanarySchema>;

/** One area's line of platform.json: its stable release and, while one runs, a canary. */
export const RemoteEntrySchema = v.object({
  ...ReleaseSchema.entries,
  canary: v.optional(CanarySchema),
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

/**
 * Which hundredth (0..99) of the users a user falls in for an area: FNV-1a of area and user id,
 * so a user keeps one version across loads and devices, and is not in every area's canary at once.
 */
export function canaryBucket(userId: string, area: RemoteName): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(`${area}:${userId}`)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash % 100;
}

/** Whether this user gets the area's canary rather than its stable release. */
export function inCanary(entry: RemoteEntry, userId: string, area: RemoteName): boolean {
  return !!entry.canary && canaryBucket(userId, area) < entry.canary.percent;
}

export const FAILURE_KINDS = ['load', 'render'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** POST /platform/reports: a browser could not load (or render) a release of an area. */
export const PlatformReportSchema = v.strictObject({
  area: v.picklist(REMOTE_NAMES, 'Unknown area'),
  version: v.pipe(v.string('Version is required'), v.regex(/^[\w.+-]{1,100}$/, 'Invalid version')),
  kind: v.picklist(FAILURE_KINDS, 'Kind must be load or render'),
  message: v.optional(v.pipe(v.string(), v.maxLength(500, 'Message cannot exceed 500 characters'))),
});
export type PlatformReport = v.InferInput<typeof PlatformReportSchema>;

/** One schema for each area, closed: the areas are known. */
const byArea = <S extends v.GenericSchema>(schema: S) =>
  v.strictObject({ masters: schema, sales: schema, payments: schema } satisfies Record<RemoteName, S>);

/** What was reported about one release: failures by kind, and the latest one. */
export const ReleaseFailuresSchema = v.strictObject({
  load: v.number(),
  render: v.number(),
  last: v.strictObject({ kind: v.picklist(FAILURE_KINDS), message: v.string(), at: v.string() }),
});
export type ReleaseFailures = v.InferOutput<typeof ReleaseFailuresSchema>;

/** The answer to a report: the release's failures so far, and whether its canary was dropped. */
export const ReportResultSchema = v.strictObject({ failures: v.number(), rolledBack: v.boolean() });

/** GET /platform/reports: per area (those with reports), per version. */
export const PlatformReportsSchema = byArea(v.optional(v.record(v.string(), ReleaseFailuresSchema)));
export type PlatformReports = v.InferOutput<typeof PlatformReportsSchema>;

/** GET /platform/releases: every release still in the folder, oldest first, for testers' overrides. */
export const PlatformReleasesSchema = byArea(
  v.array(v.strictObject({ ...ReleaseAnswerSchema.entries, at: v.string() })),
);
export type PlatformReleases = v.InferOutput<typeof PlatformReleasesSchema>;

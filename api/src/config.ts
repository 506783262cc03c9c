import type { BlockList } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUSINESS_TZ } from '@admin/shared/dates';
import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from './http/trusted-proxies';
import { runtimeUrlOf } from './db/runtime-role';
import { mailKeyOf } from './lib/mail-key';

export interface Config {
  port: number;
  host: string;
  /**
   * PostgreSQL connection string of the schema's owner, which migrates (and backs up, restores,
   * verifies); when absent the embedded PGlite database in dataDir is used.
   */
  databaseUrl?: string;
  /**
   * The audit chain's keys, oldest first, the last signing (AUDIT_PREVIOUS_KEYS, AUDIT_KEY); when
   * absent, the key file in dataDir (audit/keys.ts).
   */
  auditKeys?: string[];
  /** The append-only file the chain's head is written to (AUDIT_ANCHOR_FILE), and how often, in seconds. */
  auditAnchorFile: string;
  auditAnchorSeconds: number;
  /** PostgreSQL: the role the server's pools connect as, which may only append to the trail (runtime-role.ts). */
  runtimeDatabaseUrl?: string;
  /** Holds the PGlite database, its lock file and initial-admin-password. */
  dataDir: string;
  adminPassword?: string;
  businessTz: string;
  releasesDir: string;
  hostDist: string;
  /** Demo data on first start with an empty database. */
  seed: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Failed sign-ins for one username from one address, per loginThrottleMinutes. */
  loginFailuresPerAccountIp: number;
  /** Failed sign-ins from one address, whatever the usernames, per loginThrottleMinutes. */
  loginFailuresPerIp: number;
  loginThrottleMinutes: number;
  /** Failed sign-ins for one username from everywhere, per loginAccountThrottleHours. */
  loginFailuresPerAccount: number;
  loginAccountThrottleHours: number;
  /**
   * Reverse proxies in front of the API that append to X-Forwarded-For. The client address is
   * the entry this many hops from the right; 0 uses the connection's address.
   */
  trustedProxyHops: number;
  /** The addresses the proxies of TRUSTED_PROXY_HOPS connect from (TRUSTED_PROXIES). */
  trustedProxies: BlockList;
  logLevel: string;
  /**
   * The address staff use (PUBLIC_URL), e.g. https://billing.example.com. When it starts with
   * https:// every answer carries Strict-Transport-Security.
   */
  publicUrl?: string;
  /** Bearer token Prometheus sends to read /api/metrics (METRICS_TOKEN); without it /api/metrics answers 404. */
  metricsToken?: string;
  /** PostgreSQL: connections of the main pool (writes, money, jobs): DB_POOL_SIZE. */
  poolSize: number;
  /**
   * PostgreSQL: connections of the report pool, which GET requests read through (REPORT_POOL_SIZE),
   * and how long a report's statement may run, or wait for a connection, in ms (REPORT_TIMEOUT_MS).
   */
  reportPoolSize: number;
  reportTimeoutMs: number;
  /**
   * PostgreSQL: a streaming replica, as the runtime role (REPLICA_URL). Report requests read there
   * unless the replica is more than replicaMaxLagMs behind (REPLICA_MAX_LAG_MS) or the user wrote
   * within readYourWritesSeconds (READ_YOUR_WRITES_SECONDS): http/read-source.ts.
   */
  replicaUrl?: string;
  replicaMaxLagMs: number;
  readYourWritesSeconds: number;
  /**
   * CSV exports streamed at once per instance (EXPORTS_AT_ONCE: default 1 on PGlite, which reads in
   * the API's own thread, 2 on PostgreSQL) and how many more may wait for a turn before 503
   * (EXPORTS_WAITING, default 20).
   */
  exportsAtOnce: number;
  exportsWaiting: number;
  /** Chromium for PDF documents (CHROMIUM_PATH; default Debian's headless shell, else Debian's chromium). */
  chromiumPath: string;
  /**
   * Where the print views PDFs are made from are served (DOCUMENTS_WEB_URL); by default the API's
   * own address when it serves the web platform.
   */
  documentsWebUrl?: string;
  /** How long one PDF may take to render, in ms (PDF_TIMEOUT_MS). */
  pdfTimeoutMs: number;
  /**
   * The mail server as a URL (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465): when set
   * it overrides the mail settings kept in the database, and MAIL_FROM is the sender's address.
   */
  smtpUrl?: string;
  mailFrom?: string;
  /** The key the mail password is sealed with (MAIL_KEY, base64); main.ts otherwise reads or makes DATA_DIR/mail-key. */
  mailKey?: Buffer;
  /** How often the mail worker looks for due messages, in seconds (MAIL_POLL_SECONDS); 0 turns it off. */
  mailPollSeconds: number;
  /** The clock every expiry and throttle reads; tests move it. */
  now: () => Date;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The api package folder, found from this module so it works from src/ (tsx, tests) and dist/ (bundle). */
function findApiDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the api package folder');
    dir = parent;
  }
}

export const API_DIR = findApiDir();
export const REPO_DIR = resolve(API_DIR, '..');
export const MIGRATIONS_DIR = join(API_DIR, 'drizzle');

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

// Renamed settings: a start with the old name set would silently run with the default.
const REPLACED: Record<string, string> = {
  TRUST_PROXY: 'TRUSTED_PROXY_HOPS (the number of proxies in front of the API)',
  LOGIN_FAILURES_PER_USER: 'LOGIN_FAILURES_PER_ACCOUNT_IP and LOGIN_FAILURES_PER_ACCOUNT',
};

function refuseReplaced(env: NodeJS.ProcessEnv): void {
  const old = Object.keys(REPLACED).find((name) => env[name] !== undefined && env[name] !== '');
  if (old) throw new Error(`${old} is no longer read: use ${REPLACED[old]}`);
}

function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an address such as https://billing.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`PUBLIC_URL must start with https:// or http://, got "${raw}"`);
  return url.origin;
}

function metricsToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // Long enough not to be guessed; Prometheus reads it from a file (authorization.credentials_file).
  if (raw.length < 24 || /\s/.test(raw))
    throw new Error('METRICS_TOKEN must be at least 24 characters without spaces (e.g. openssl rand -hex 32)');
  return raw;
}

function timeZone(raw: string | undefined): string {
  const zone = raw || DEFAULT_BUSINESS_TZ;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new Error(`BUSINESS_TZ is not a known time zone: "${zone}"`);
  }
  return zone;
}

function runtimeDatabaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_URL) {
    if (env.DATABASE_RUNTIME_URL) throw new Error('DATABASE_RUNTIME_URL needs DATABASE_URL, the owner that migrates');
    return undefined;
  }
  return runtimeUrlOf(env.DATABASE_URL, env.DATABASE_RUNTIME_URL || undefined);
}

function replicaUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.REPLICA_URL) return undefined;
  if (!env.DATABASE_URL) throw new Error('REPLICA_URL needs DATABASE_URL, the primary it replicates');
  return env.REPLICA_URL;
}

function smtpUrl(env: NodeJS.ProcessEnv): Pick<Config, 'smtpUrl' | 'mailFrom'> {
  const raw = env.SMTP_URL;
  if (!raw) return { mailFrom: env.MAIL_FROM || undefined };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be an address such as smtps://user:password@smtp.example.com:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)');
  if (!env.MAIL_FROM || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(env.MAIL_FROM))
    throw new Error('SMTP_URL needs MAIL_FROM, the address mail is sent from (e.g. billing@example.com)');
  return { smtpUrl: raw, mailFrom: env.MAIL_FROM };
}

function auditKeys(env: NodeJS.ProcessEnv): string[] | undefined {
  const previous = (env.AUDIT_PREVIOUS_KEYS ?? '').split(/[\s,]+/).filter(Boolean);
  if (!env.AUDIT_KEY) {
    if (previous.length) throw new Error('AUDIT_PREVIOUS_KEYS needs AUDIT_KEY, the key that signs new entries');
    return undefined;
  }
  return [...previous, env.AUDIT_KEY];
}

/** Reads the environment once at start; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  refuseReplaced(env);
  const dataDir = resolve(env.DATA_DIR || join(REPO_DIR, '.data'));
  return {
    port: integer(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    runtimeDatabaseUrl: runtimeDatabaseUrl(env),
    dataDir,
    auditKeys: auditKeys(env),
    auditAnchorFile: resolve(env.AUDIT_ANCHOR_FILE || join(dataDir, 'audit-anchors')),
    auditAnchorSeconds: integer(env, 'AUDIT_ANCHOR_SECONDS', 60, 1),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    businessTz: timeZone(env.BUSINESS_TZ),
    releasesDir: resolve(env.RELEASES_DIR || join(REPO_DIR, 'releases')),
    hostDist: resolve(env.HOST_DIST || join(REPO_DIR, 'host', 'dist')),
    seed: flag(env, 'SEED', true),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1),
    loginFailuresPerAccountIp: integer(env, 'LOGIN_FAILURES_PER_ACCOUNT_IP', 5, 1),
    loginFailuresPerIp: integer(env, 'LOGIN_FAILURES_PER_IP', 20, 1),
    loginThrottleMinutes: integer(env, 'LOGIN_THROTTLE_MINUTES', 15, 1),
    loginFailuresPerAccount: integer(env, 'LOGIN_FAILURES_PER_ACCOUNT', 50, 1),
    loginAccountThrottleHours: integer(env, 'LOGIN_ACCOUNT_THROTTLE_HOURS', 24, 1),
    trustedProxyHops: integer(env, 'TRUSTED_PROXY_HOPS', 0),
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES),
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: publicUrl(env.PUBLIC_URL),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    poolSize: integer(env, 'DB_POOL_SIZE', 10, 1),
    reportPoolSize: integer(env, 'REPORT_POOL_SIZE', 4, 1),
    reportTimeoutMs: integer(env, 'REPORT_TIMEOUT_MS', 5_000, 100),
    replicaUrl: replicaUrl(env),
    replicaMaxLagMs: integer(env, 'REPLICA_MAX_LAG_MS', 1_000),
    readYourWritesSeconds: integer(env, 'READ_YOUR_WRITES_SECONDS', 5, 1),
    exportsAtOnce: integer(env, 'EXPORTS_AT_ONCE', env.DATABASE_URL ? 2 : 1, 1),
    exportsWaiting: integer(env, 'EXPORTS_WAITING', 20),
    chromiumPath: env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    documentsWebUrl: env.DOCUMENTS_WEB_URL ? new URL(env.DOCUMENTS_WEB_URL).origin : undefined,
    pdfTimeoutMs: integer(env, 'PDF_TIMEOUT_MS', 20_000, 1_000),
    ...smtpUrl(env),
    mailKey: env.MAIL_KEY ? mailKeyOf(env.MAIL_KEY) : undefined,
    mailPollSeconds: integer(env, 'MAIL_POLL_SECONDS', 5),
    now: () => new Date(),
  };
}

// Environment, validated once at start (DESIGN.md §3). A bad value stops the process with a
// message that names the variable.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './security/trust-proxy.ts';
import {
  GOOGLE_INDEXING_DEFAULT_ENDPOINT,
  type GoogleCredentials,
  INDEXNOW_DEFAULT_ENDPOINT,
  readGoogleCredentials,
} from './modules/ingestion/search-engines.ts';

/**
 * A name a resolver could look up: dot-separated labels of letters, digits and inner dashes, the
 * last not all digits (so 999.1.1.1 is a bad address, not a host name).
 */
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*(?!\d+$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** One proxy as Fastify's proxy-addr reads it: an address, address/prefix (or /mask), a named range. */
function isProxyEntry(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

/** What security/trust-proxy.ts understands; anything else failed only at Fastify's start. */
function isTrustProxy(value: string): boolean {
  if (value === 'true' || value === 'false' || /^\d+$/.test(value)) return true;
  // Empty entries are skipped there too: `TRUST_PROXY=` trusts no proxy.
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .every(isProxyEntry);
}

/** `VAR=` in a shell, an env file or a compose file means "not set" for an optional address or secret. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** Nothing but scheme, host and port (a trailing slash allowed): no path, query, fragment or user. */
function isOrigin(value: string): boolean {
  const url = new URL(value);
  return (
    /^\/+$/.test(url.pathname) &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password &&
    !/[?#]/.test(value)
  );
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Checked here: a bad one failed only at listen, as getaddrinfo ENOTFOUND. */
  HOST: z
    .string()
    .refine((host) => isIP(host) !== 0 || HOST_NAME.test(host), {
      error: (issue) => `must be an IP address or a host name, not ${JSON.stringify(issue.input)}`,
    })
    .default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A read replica of DATABASE_URL's database: read-only queries go there (db/client.ts). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** How often the large-result counts are recomputed (once across all servers; counts.ts). */
  COUNTS_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  /**
   * Unset (or empty): this machine at PORT, so a server moved to another port still accepts its
   * own pages' posts. An origin only: the app is served at the root, and links are made both by
   * joining paths to it and by resolving them against it, so a path would be kept by some and
   * dropped by others.
   */
  PUBLIC_URL: z.preprocess(
    emptyAsUnset,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .refine(isOrigin, {
        error: (issue) =>
          `must be the site's address alone, http(s)://host[:port], not ${JSON.stringify(issue.input)}: ` +
          'the app is served at the root, so a path (or query, fragment or user) would be lost',
      })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs the visitor cookie; generated and kept in DATA_DIR when not given (or empty). */
  COOKIE_SECRET: z.preprocess(
    emptyAsUnset,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * Behind a reverse proxy: `true` (one proxy on this machine or a private network), a hop count,
   * or comma-separated proxy addresses/CIDRs (security/trust-proxy.ts).
   */
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxy, {
      error: (issue) =>
        'must be true, false, a hop count, or comma-separated proxy addresses/CIDRs, ' +
        `not ${JSON.stringify(issue.input)}`,
    })
    .default('false'),
  /** Multiplies the API rate limits; 0 turns them off (benchmarks). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /** Sends e-mail through this server (smtp://user:pass@host:587); without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Test setting: SMTP_URL is a local catcher, so it also gets mail to .example, .test, … */
  SMTP_ALLOW_RESERVED: z.enum(['true', 'false']).default('false'),
  /** The sender of every e-mail, e.g. `Openings <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Seeds demo employer accounts on PostgreSQL too (always on the embedded default). */
  DEMO_ACCOUNTS: z.enum(['true', 'false']).default('false'),
  /** `off` stops this server from running the scheduled tasks (another server still does). */
  TASKS: z.enum(['on', 'off']).default('on'),
  /** How often a server looks for due task runs (modules/tasks/task-runner.ts). */
  TASK_TICK_MS: z.coerce.number().int().min(100).default(15_000),
  /** Tells IndexNow of every job that goes live, changes or closes; the key file is served at /KEY.txt. */
  INDEXNOW_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,128}$/, 'must be 8 to 128 letters, digits or dashes (IndexNow key)')
    .optional(),
  INDEXNOW_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default(INDEXNOW_DEFAULT_ENDPOINT),
  /** A Google service-account JSON file: tells Google's Indexing API of the same changes. */
  GOOGLE_INDEXING_CREDENTIALS: z.string().min(1).optional(),
  GOOGLE_INDEXING_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default(GOOGLE_INDEXING_DEFAULT_ENDPOINT),
  /** Test setting: lets the apply-link check reach private and loopback addresses. */
  APPLY_LINK_CHECK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /**
   * Test setting: an http(s) origin that every ATS board request goes to instead, the real host
   * as the first path segment (modules/ats/board-fetch.ts), e.g. a local fake ATS server.
   */
  ATS_BASE_URL_OVERRIDE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Test setting: lets the ATS board sync reach private and loopback addresses. */
  ATS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** How long anonymous public pages are kept in memory (web/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** The page cache's bound in megabytes (least recently used pages go first). */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseReadUrl?: string | undefined;
  countsRefreshMs?: number;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  cookieSecret: string | undefined;
  isProduction: boolean;
  /** Optional so hand-built test configs stay valid; buildApp treats absent as false / 1. */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean);
  rateLimitScale?: number;
  /** Optional so hand-built test configs stay valid: absent, mail goes to DATA_DIR/outbox. */
  smtpUrl?: string | undefined;
  /** Mail to reserved domains goes to SMTP_URL's server too (mail/mailer.ts); tests only. */
  smtpAllowReserved?: boolean;
  mailFrom?: string | undefined;
  /** Demo employer accounts with the documented password: embedded default, or when asked. */
  demoAccounts?: boolean;
  /** Optional so hand-built test configs stay valid: absent, tasks do not start on their own. */
  runTasks?: boolean;
  taskTickMs?: number;
  /** Search-engine notifications (modules/ingestion/search-engines.ts); absent, none are queued. */
  indexNow?: { key: string; endpoint: string } | undefined;
  googleIndexing?: { credentials: GoogleCredentials; endpoint: string } | undefined;
  linkCheckAllowPrivate?: boolean;
  atsBaseUrlOverride?: string | undefined;
  atsAllowPrivate?: boolean;
  /** Optional so hand-built test configs stay valid: absent, the defaults (5 s, 64 MB). */
  pageCache?: { ttlMs: number; maxBytes: number };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env, {
    // A number variable set to words: zod would say "expected number, received NaN".
    error: (issue) =>
      issue.code === 'invalid_type' && issue.expected === 'number'
        ? `must be a number, not ${JSON.stringify(env[String(issue.path?.[0])])}`
        : undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment:\n  DATABASE_READ_URL: needs DATABASE_URL (the primary it replicates)',
    );
  }
  let googleCredentials: GoogleCredentials | undefined;
  if (e.GOOGLE_INDEXING_CREDENTIALS) {
    try {
      googleCredentials = readGoogleCredentials(path.resolve(e.GOOGLE_INDEXING_CREDENTIALS));
    } catch (err) {
      throw new Error(
        `Invalid environment:\n  GOOGLE_INDEXING_CREDENTIALS: ${(err as Error).message}`,
      );
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    countsRefreshMs: e.COUNTS_REFRESH_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    cookieSecret: e.COOKIE_SECRET,
    isProduction: e.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    smtpUrl: e.SMTP_URL,
    smtpAllowReserved: e.SMTP_ALLOW_RESERVED === 'true',
    mailFrom: e.MAIL_FROM,
    demoAccounts: !e.DATABASE_URL || e.DEMO_ACCOUNTS === 'true',
    runTasks: e.TASKS === 'on',
    taskTickMs: e.TASK_TICK_MS,
    indexNow: e.INDEXNOW_KEY ? { key: e.INDEXNOW_KEY, endpoint: e.INDEXNOW_ENDPOINT } : undefined,
    googleIndexing: googleCredentials
      ? { credentials: googleCredentials, endpoint: e.GOOGLE_INDEXING_ENDPOINT }
      : undefined,
    linkCheckAllowPrivate: e.APPLY_LINK_CHECK_ALLOW_PRIVATE === 'true',
    atsBaseUrlOverride: e.ATS_BASE_URL_OVERRIDE,
    atsAllowPrivate: e.ATS_ALLOW_PRIVATE === 'true',
    pageCache: {
      ttlMs: e.PAGE_CACHE_TTL_MS,
      maxBytes: Math.round(e.PAGE_CACHE_MAX_MB * 1024 * 1024),
    },
  };
}

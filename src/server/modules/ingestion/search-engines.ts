// Search engines hear of a job that goes live, changes or closes: IndexNow (when INDEXNOW_KEY is
// set) and Google's Indexing API (when GOOGLE_INDEXING_CREDENTIALS names a service-account file).
// One place notices every change, whoever made it (the form, the posting API, an operator, the
// expiry task, the ATS sync): the task reads jobs by updated_at since its last scan and queues one
// notification per target and change; the same task sends what is due, in batches, and retries a
// failure with a growing wait until it gives up and logs it.
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { TaskLog } from '../tasks/task-runner.ts';

export const INDEXNOW_DEFAULT_ENDPOINT = 'https://api.indexnow.org/indexnow';
export const GOOGLE_INDEXING_DEFAULT_ENDPOINT =
  'https://indexing.googleapis.com/v3/urlNotifications:publish';
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/indexing';

/** Tries before a notification is given up. */
export const MAX_ATTEMPTS = 5;
/** The wait after the first failure; doubles per attempt. */
export const FIRST_RETRY_MS = 60_000;
/** A job changed within this window before the last scan is read again (late commits). */
const RESCAN_OVERLAP_MS = 5 * 60_000;
const SCAN_LIMIT = 5_000;
/** IndexNow takes up to 10,000 URLs per request. */
const INDEXNOW_BATCH = 1_000;
/** Google's default quota is 200 publish calls a day; a run sends at most this many. */
const GOOGLE_BATCH = 50;
const REQUEST_TIMEOUT_MS = 15_000;
const KEEP_DAYS = 30;

export type PingTarget = 'indexnow' | 'google';

export interface GoogleCredentials {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

export interface SearchEngineOptions {
  publicUrl: string;
  indexNow?: { key: string; endpoint: string };
  google?: { credentials: GoogleCredentials; endpoint: string };
  log?: TaskLog;
  fetch?: typeof fetch;
}

/** The service-account file's three fields we use, or an error that says what is wrong. */
export function readGoogleCredentials(file: string): GoogleCredentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(
      `cannot read a JSON service-account file at ${file}: ${(err as Error).message}`,
    );
  }
  const o = (parsed ?? {}) as Record<string, unknown>;
  const missing = ['client_email', 'private_key', 'token_uri'].filter(
    (k) => typeof o[k] !== 'string' || o[k] === '',
  );
  if (missing.length > 0)
    throw new Error(`the service-account file ${file} lacks ${missing.join(', ')}`);
  return {
    clientEmail: o.client_email as string,
    privateKey: o.private_key as string,
    tokenUri: o.token_uri as string,
  };
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A service account's signed assertion (RFC 7523), RS256 with node:crypto. */
export function signedAssertion(credentials: GoogleCredentials, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      iss: credentials.clientEmail,
      scope: GOOGLE_SCOPE,
      aud: credentials.tokenUri,
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${claims}`)
    .sign(credentials.privateKey)
    .toString('base64url');
  return `${header}.${claims}.${signature}`;
}

interface PingRow {
  id: number;
  url: string;
  action: 'URL_UPDATED' | 'URL_DELETED';
  attempts: number;
}

export interface PingTally {
  queued: number;
  sent: number;
  retried: number;
  failed: number;
}

/** The notifier's one run, or null when no search engine is configured (nothing is queued). */
export function createSearchEnginePings(db: Db, options: SearchEngineOptions) {
  const targets: PingTarget[] = [
    ...(options.indexNow ? (['indexnow'] as const) : []),
    ...(options.google ? (['google'] as const) : []),
  ];
  if (targets.length === 0) return null;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const post = (url: string, init: RequestInit) =>
    doFetch(url, { method: 'POST', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });

  /** Queues a notification per target for each job changed since the last scan. */
  async function scan(now: Date): Promise<number> {
    const [mark] = await queryRows<{ scanned_until: Date | string }>(
      db,
      sql`select scanned_until from search_engine_scan where id = 1`,
    );
    if (!mark) {
      // The first run starts from now: a board that turns notifications on does not resend
      // every job it ever had.
      await db.execute(sql`insert into search_engine_scan (id, scanned_until) values (1, ${now})
        on conflict (id) do nothing`);
      return 0;
    }
    const from = new Date(new Date(mark.scanned_until).getTime() - RESCAN_OVERLAP_MS);
    const rows = await queryRows<{ updated_at: Date | string | null; seen: number; n: number }>(
      db,
      sql`with changed as (
            select j.id, j.page_url, j.updated_at,
              case when j.status = 'live' and j.is_active
                     and (j.valid_through is null or j.valid_through > ${now})
                   then 'URL_UPDATED' else 'URL_DELETED' end as action
            from jobs j
            where j.updated_at > ${from} and j.updated_at <= ${now}
              -- A job still in review was never public: nothing to tell.
              and j.status <> 'in_review'
            order by j.updated_at, j.id
            limit ${SCAN_LIMIT}
          ), queued as (
            insert into search_engine_pings (target, job_id, url, action, changed_at, next_attempt_at)
            select t.target, c.id, ${`${publicUrl}/job-description/`} || c.page_url, c.action,
                   c.updated_at, ${now}
            from changed c cross join unnest(${`{${targets.join(',')}}`}::text[]) as t(target)
            on conflict (target, job_id, changed_at) do nothing
            returning 1
          )
          select (select max(updated_at) from changed) as updated_at,
                 (select count(*)::int from changed) as seen,
                 (select count(*)::int from queued) as n`,
    );
    // All read: next time from now; a capped read resumes after its last change.
    const row = rows[0];
    const until = row && row.seen >= SCAN_LIMIT && row.updated_at ? new Date(row.updated_at) : now;
    await db.execute(sql`update search_engine_scan set scanned_until = ${until} where id = 1`);
    return rows[0]?.n ?? 0;
  }

  async function due(target: PingTarget, now: Date, limit: number): Promise<PingRow[]> {
    return queryRows<PingRow>(
      db,
      sql`select id, url, action, attempts from search_engine_pings
          where target = ${target} and status = 'pending' and next_attempt_at <= ${now}
          order by id limit ${limit}`,
    );
  }

  async function markSent(ids: number[], now: Date) {
    if (ids.length === 0) return;
    await db.execute(sql`update search_engine_pings set status = 'sent', sent_at = ${now},
      attempts = attempts + 1, last_error = null
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  /** A failed try: wait and retry, or give up after MAX_ATTEMPTS with a log line. */
  async function markFailed(
    target: PingTarget,
    rows: PingRow[],
    error: string,
    now: Date,
    tally: PingTally,
  ) {
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      const wait = FIRST_RETRY_MS * 2 ** (attempts - 1);
      await db.execute(sql`update search_engine_pings set attempts = ${attempts},
        last_error = ${error.slice(0, 500)},
        status = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = ${new Date(now.getTime() + wait)}
        where id = ${row.id}`);
      if (giveUp) {
        tally.failed++;
        options.log?.error(
          { target, url: row.url, attempts, error },
          'search-engine notification given up',
        );
      } else tally.retried++;
    }
  }

  async function describe(res: Response) {
    const text = await res.text().catch(() => '');
    return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  }

  async function sendIndexNow(now: Date, tally: PingTally) {
    const config = options.indexNow!;
    const rows = await due('indexnow', now, INDEXNOW_BATCH);
    if (rows.length === 0) return;
    const host = new URL(publicUrl).host;
    let error: string | null = null;
    try {
      const res = await post(config.endpoint, {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          host,
          key: config.key,
          keyLocation: `${publicUrl}/${config.key}.txt`,
          urlList: [...new Set(rows.map((r) => r.url))],
        }),
      });
      if (!res.ok) error = await describe(res);
    } catch (err) {
      error = (err as Error).message;
    }
    if (error === null) {
      await markSent(
        rows.map((r) => r.id),
        now,
      );
      tally.sent += rows.length;
    } else await markFailed('indexnow', rows, error, now, tally);
  }

  async function googleToken(now: Date): Promise<string> {
    const { credentials } = options.google!;
    const res = await post(credentials.tokenUri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signedAssertion(credentials, now),
      }).toString(),
    });
    if (!res.ok) throw new Error(`token: ${await describe(res)}`);
    const body = (await res.json()) as { access_token?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('token: no access_token');
    return body.access_token;
  }

  async function sendGoogle(now: Date, tally: PingTally) {
    const rows = await due('google', now, GOOGLE_BATCH);
    if (rows.length === 0) return;
    let token: string;
    try {
      token = await googleToken(now);
    } catch (err) {
      await markFailed('google', rows, (err as Error).message, now, tally);
      return;
    }
    for (const row of rows) {
      let error: string | null = null;
      try {
        const res = await post(options.google!.endpoint, {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ url: row.url, type: row.action }),
        });
        if (!res.ok) error = await describe(res);
      } catch (err) {
        error = (err as Error).message;
      }
      if (error === null) {
        await markSent([row.id], now);
        tally.sent++;
      } else await markFailed('google', [row], error, now, tally);
    }
  }

  /** One run of the 'search-engine-pings' task. */
  return async function run(now: Date): Promise<PingTally> {
    const tally: PingTally = { queued: await scan(now), sent: 0, retried: 0, failed: 0 };
    if (options.indexNow) await sendIndexNow(now, tally);
    if (options.google) await sendGoogle(now, tally);
    await db.execute(sql`delete from search_engine_pings where status <> 'pending'
      and created_at < ${new Date(now.getTime() - KEEP_DAYS * 86_400_000)}`);
    return tally;
  };
}

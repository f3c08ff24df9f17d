// The daily check of every live job's apply link: HEAD (else a GET of the first bytes), a 10 s
// bound, a few at a time, a user agent that says who we are; http and https only, and never an
// address on a private network or this machine (the name is resolved, the address checked, and
// the request pinned to that address) unless a test setting allows it. Two failures in a row close
// the job as "apply link not working" and tell the employer; mailto: links are not checked.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import { APP_NAME } from '../../../shared/constants.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { addressRanges, inRanges } from '../../security/address-ranges.ts';
import { renderMail } from '../../mail/layout.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { asArray, RECIPIENTS } from './job-lifecycle.ts';

export const LINK_CHECK_TIMEOUT_MS = 10_000;
export const LINK_CHECK_CONCURRENCY = 4;
export const FAILURES_TO_CLOSE = 2;
export const CLOSED_LINK_REASON = 'apply link not working';
const MAX_REDIRECTS = 5;
/**
 * Links on the documentation domains (RFC 2606: example.com, .example …) never resolve: the demo
 * data uses them, and checking them would close every demo job in two days.
 */
const DOCUMENTATION_HOST = '^https?://([^/?#]*\\.)?example(\\.(com|net|org))?([:/?#]|$)';

/** Every address that is not public: this machine, private networks, link-local, multicast… */
const nonPublic = addressRanges(
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ],
  [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ],
);

/**
 * A lookup that answers only the address already checked, so the connection goes where the
 * private-address check looked (no second DNS answer in between). The board sync uses it too.
 */
export function pinnedLookup(address: { address: string; family: number }): LookupFunction {
  return (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        address,
      ]);
    } else callback(null, address.address, address.family);
  };
}

/**
 * A private, loopback, link-local or otherwise non-public address (IPv4-mapped IPv6 included),
 * or no address at all: what an outgoing request must never reach.
 */
export function isNonPublicAddress(address: string): boolean {
  return isIP(address) === 0 || inRanges(nonPublic, address);
}

export interface LinkCheckOptions {
  timeoutMs?: number;
  /** Lets tests check a server on 127.0.0.1 (APPLY_LINK_CHECK_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  userAgent?: string;
}

export type LinkCheckResult = { ok: true; result: string } | { ok: false; result: string };

class CheckFailure extends Error {}

async function resolveChecked(hostname: string, allowPrivate: boolean) {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new CheckFailure('DNS failure');
      });
  const first = addresses[0];
  if (!first) throw new CheckFailure('DNS failure');
  if (!allowPrivate && addresses.some((a) => isNonPublicAddress(a.address))) {
    throw new CheckFailure('private address');
  }
  return first;
}

function request(
  url: URL,
  method: 'HEAD' | 'GET',
  address: { address: string; family: number },
  options: Required<LinkCheckOptions>,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        lookup: pinnedLookup(address),
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: '*/*',
          ...(method === 'GET' ? { range: 'bytes=0-1023' } : {}),
        },
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        // Only the status matters: the first bytes are enough, the rest is never read.
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Checks one link: ok for a 2xx or 3xx answer (redirects followed and checked the same way). */
export async function checkLink(
  link: string,
  given: LinkCheckOptions = {},
): Promise<LinkCheckResult> {
  const options: Required<LinkCheckOptions> = {
    timeoutMs: given.timeoutMs ?? LINK_CHECK_TIMEOUT_MS,
    allowPrivate: given.allowPrivate ?? false,
    userAgent: given.userAgent ?? `${APP_NAME}-link-check/1.0 (apply-link check of a job posting)`,
  };
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, result: 'not a URL' };
  }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { ok: false, result: `not http(s): ${url.protocol}` };
      }
      const address = await resolveChecked(url.hostname, options.allowPrivate);
      let answer = await request(url, 'HEAD', address, options, signal);
      // Some servers refuse HEAD (405, 501, or an error for any method they did not expect).
      if (answer.status >= 400) answer = await request(url, 'GET', address, options, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        url = new URL(answer.location, url);
        continue;
      }
      return answer.status >= 200 && answer.status < 400
        ? { ok: true, result: String(answer.status) }
        : { ok: false, result: String(answer.status) };
    }
    return { ok: false, result: 'too many redirects' };
  } catch (err) {
    if (err instanceof CheckFailure) return { ok: false, result: err.message };
    if (signal.aborted) return { ok: false, result: 'timed out' };
    const code = (err as { code?: string }).code;
    return { ok: false, result: code ? `error ${code}` : 'connection failed' };
  }
}

/** Runs work over items, at most `limit` at a time. */
async function eachBounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export interface ApplyLinkTaskOptions extends LinkCheckOptions {
  now: Date;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  concurrency?: number;
  /** Checks a link; checkLink by default (tests may count calls). */
  check?: (link: string) => Promise<LinkCheckResult>;
  /** Every link now, however recently checked (`npm run tasks -- run apply-link-checks`). */
  all?: boolean;
}

interface LinkJob {
  id: number;
  status: string;
  title: string;
  apply_link: string;
  apply_link_failures: number;
  emails: string[] | string;
}

/** How long a job closed for its link is still checked, so its dashboard can say it works again. */
const RECHECK_CLOSED_DAYS = 30;

/**
 * Checks every live job's http(s) apply link not checked in the last 20 hours, and the links of
 * jobs closed for a failing link in the last 30 days (link-recovery.ts lets the employer reopen
 * one whose link works again).
 */
export async function checkApplyLinks(db: Db, options: ApplyLinkTaskOptions) {
  const { now } = options;
  const check = options.check ?? ((link: string) => checkLink(link, options));
  const jobs = await queryRows<LinkJob>(
    db,
    sql`select j.id, j.status, j.title, j.apply_link, j.apply_link_failures,
          ${RECIPIENTS} as emails
        from jobs j
        where ((j.status = 'live' and j.is_active)
               or (j.status = 'closed' and j.closed_reason = ${CLOSED_LINK_REASON}
                   and j.closed_at > ${new Date(now.getTime() - RECHECK_CLOSED_DAYS * 86_400_000)}))
          and j.apply_link ~ '^https?://'
          and j.apply_link !~* ${DOCUMENTATION_HOST}
          and (${options.all ?? false} or j.apply_link_checked_at is null
               or j.apply_link_checked_at <= ${new Date(now.getTime() - 20 * 3_600_000)})
        order by j.apply_link_checked_at nulls first, j.id limit 5000`,
  );
  const tally = { checked: 0, failed: 0, closed: 0 };
  await eachBounded(jobs, options.concurrency ?? LINK_CHECK_CONCURRENCY, async (job) => {
    const outcome = await check(job.apply_link);
    tally.checked++;
    if (outcome.ok) {
      await db.execute(sql`update jobs set apply_link_failures = 0, apply_link_checked_at = ${now},
        apply_link_result = ${outcome.result} where id = ${job.id}`);
      return;
    }
    tally.failed++;
    if (job.status !== 'live') {
      // Closed already: only what the check found is kept.
      await db.execute(sql`update jobs set apply_link_checked_at = ${now},
        apply_link_result = ${outcome.result} where id = ${job.id}`);
      return;
    }
    const [row] = await queryRows<{ closed: boolean }>(
      db,
      sql`update jobs set apply_link_failures = apply_link_failures + 1,
            apply_link_checked_at = ${now}, apply_link_result = ${outcome.result},
            status = case when apply_link_failures + 1 >= ${FAILURES_TO_CLOSE} then 'closed' else status end,
            is_active = case when apply_link_failures + 1 >= ${FAILURES_TO_CLOSE} then false else is_active end,
            closed_at = case when apply_link_failures + 1 >= ${FAILURES_TO_CLOSE} then ${now} else closed_at end,
            closed_reason = case when apply_link_failures + 1 >= ${FAILURES_TO_CLOSE} then ${CLOSED_LINK_REASON} else closed_reason end
          where id = ${job.id} and status = 'live'
          returning status = 'closed' as closed`,
    );
    if (!row?.closed) return;
    tally.closed++;
    const content = renderMail({
      intro: [
        `We closed your job "${job.title}": its apply link did not work on two daily checks in a row (last answer: ${outcome.result}).`,
        `The link: ${job.apply_link}`,
      ],
      action: { label: 'Open your dashboard', url: `${options.publicUrl}/employer` },
      outro: [
        'Once the link works again (correct it with Edit if it moved), press "Reopen" on your dashboard: we check the link right then and put the job back.',
      ],
      appName: APP_NAME,
    });
    for (const to of asArray(job.emails)) {
      await options.mailer.send({
        to,
        subject: `"${job.title}" was closed: apply link not working`,
        ...content,
      });
    }
  });
  return tally;
}

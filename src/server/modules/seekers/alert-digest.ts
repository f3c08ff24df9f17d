// The alert digests (the 'alert-digests' task, once per period across servers): each confirmed,
// unpaused alert whose day or week has passed gets the jobs of its search posted since its last
// digest, never one it was sent before. The high-water mark (sent_up_to) keeps old jobs out; the
// sent list (job_alert_sent) keeps a job that went live late (after review) from coming twice.
import { sql } from 'drizzle-orm';
import type { JobsService } from '../../../shared/services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { digestMail } from './alert-mails.ts';
import { alertListingQuery, alertToken, alertTokenKey } from './alerts.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DIGEST_PERIODS = { daily: DAY, weekly: 7 * DAY } as const;

/** The task runs hourly; an alert is due a little early rather than an hour late. */
const DUE_SLACK_MS = HOUR;

/** A job held in review is listed later than its posted time: look this far behind the mark. */
export const REVIEW_GRACE_MS = 3 * DAY;

/** An alert never confirmed is deleted after this, address and all. */
export const UNCONFIRMED_TTL_MS = 7 * DAY;

/** Sent ids older than this are dropped; the mark keeps those jobs out anyway. */
const SENT_KEEP_MS = 30 * DAY;

export interface DigestOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  secret: string;
  now: Date;
  listJobs: JobsService['list'];
  /** Ignore the schedule (an operator's or test's manual run): every confirmed alert is due. */
  force?: boolean;
}

interface DueRow {
  id: number;
  email: string;
  label: string;
  query: string;
  frequency: keyof typeof DIGEST_PERIODS;
  confirmed_at: Date | string;
  sent_up_to: Date | string | null;
  created_at: Date | string;
}

function location(job: {
  city: { name: string };
  state: { stateCode: string };
  country: { iso3: string };
}) {
  return [job.city.name, job.state.stateCode, job.country.iso3].filter(Boolean).join(', ');
}

export async function sendAlertDigests(db: Db, options: DigestOptions) {
  const { now } = options;
  const key = alertTokenKey(options.secret);
  const expired = await queryRows<{ id: number }>(
    db,
    sql`delete from job_alerts where confirmed_at is null
        and created_at < ${new Date(now.getTime() - UNCONFIRMED_TTL_MS)} returning id`,
  );
  await db.execute(
    sql`delete from job_alert_sent where sent_at < ${new Date(now.getTime() - SENT_KEEP_MS)}`,
  );
  const daily = new Date(now.getTime() - DIGEST_PERIODS.daily + DUE_SLACK_MS);
  const weekly = new Date(now.getTime() - DIGEST_PERIODS.weekly + DUE_SLACK_MS);
  const due = await queryRows<DueRow>(
    db,
    options.force
      ? sql`select id, email, label, query, frequency, confirmed_at, sent_up_to, created_at
            from job_alerts where confirmed_at is not null and paused_at is null order by id`
      : sql`select id, email, label, query, frequency, confirmed_at, sent_up_to, created_at
            from job_alerts where confirmed_at is not null and paused_at is null
              and (last_digest_at is null
                   or last_digest_at <= case frequency when 'daily' then ${daily}::timestamptz else ${weekly}::timestamptz end)
            order by id`,
  );
  let mailed = 0;
  let jobsSent = 0;
  for (const alert of due) {
    const query = alertListingQuery(alert.query);
    if (!query) continue;
    const since = Math.max(
      new Date(alert.confirmed_at).getTime(),
      alert.sent_up_to ? new Date(alert.sent_up_to).getTime() - REVIEW_GRACE_MS : 0,
    );
    // Newest first even for a keyword: a ranked page need not hold the new jobs.
    const listing = await options.listJobs(query, { byDate: true });
    const fresh = listing.jobs.filter((job) => new Date(job.postedOn).getTime() > since);
    const sent = new Set(
      fresh.length === 0
        ? []
        : (
            await queryRows<{ job_id: number }>(
              db,
              sql`select job_id from job_alert_sent where alert_id = ${alert.id}
                  and job_id in (${sql.join(
                    fresh.map((job) => sql`${Number(job._id)}`),
                    sql`, `,
                  )})`,
            )
          ).map((r) => r.job_id),
    );
    const jobs = fresh.filter((job) => !sent.has(Number(job._id)));
    if (jobs.length > 0) {
      // Recorded before sending: a crash between the two loses a mail rather than repeating one.
      await db.execute(
        sql`insert into job_alert_sent (alert_id, job_id, sent_at) values ${sql.join(
          jobs.map((job) => sql`(${alert.id}, ${Number(job._id)}, ${now})`),
          sql`, `,
        )} on conflict do nothing`,
      );
    }
    await db.execute(
      sql`update job_alerts set sent_up_to = ${now}, last_digest_at = ${now} where id = ${alert.id}`,
    );
    if (jobs.length === 0) continue;
    await options.mailer.send(
      digestMail(
        { publicUrl: options.publicUrl },
        alert.email,
        alert,
        jobs.map((job) => ({
          title: job.title,
          pageUrl: job.pageUrl,
          companyName: job.company.companyName,
          location: location(job),
        })),
        alertToken(key, alert.id, alert.created_at),
      ),
    );
    mailed += 1;
    jobsSent += jobs.length;
  }
  return { due: due.length, mailed, jobs: jobsSent, expiredUnconfirmed: expired.length };
}

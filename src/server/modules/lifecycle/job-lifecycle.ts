// A live job's end (DESIGN.md §10): the expiry task marks jobs past their closing date expired,
// the reminder task mails the employer 7 days and 1 day before with one-click links ("still open,
// extend 30 days" and "filled, close it"), and those links act once, without a sign-in. Only a
// link token's SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { APP_NAME } from '../../../shared/constants.ts';
import { formatDay } from '../../../shared/dates.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { renderMail } from '../../mail/layout.ts';
import type { Mailer } from '../../mail/mailer.ts';

const DAY = 86_400_000;
export const EXTEND_DAYS = 30;
/** The reminders: how long before the closing date each is sent. */
export const REMINDERS = [
  { name: '7d', before: 7 * DAY },
  { name: '1d', before: DAY },
] as const;

/**
 * When the job closes, as a reminder says it: in calendar days from today to the closing date
 * (UTC, the days the mail's date is written in), so the count agrees with the date that follows
 * it in the mail: on 26 Nov a job closing on 28 Nov closes "in 2 days", whatever the hour. Counted
 * when the mail goes, since one can go out after its day (a job posted with five days to go, a
 * server that was down).
 */
export function closesIn(closing: Date, now: Date): string {
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const days = Math.round((day(closing) - day(now)) / DAY);
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

export type JobLinkAction = 'extend' | 'close';

/** The statuses a reminder's links act on: a job on the board, or one past its closing date. */
const EXTENDABLE = ['live', 'expired'];

export type JobLinkOutcome =
  | {
      status: 'done';
      action: JobLinkAction;
      title: string;
      pageUrl: string;
      validThrough: string | null;
    }
  | { status: 'closed'; title: string }
  | { status: 'used' | 'expired' | 'unknown' };

export interface JobLinkPreview {
  status: 'ready';
  action: JobLinkAction;
  title: string;
  validThrough: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** Marks live jobs past their closing date expired: they left the public side already (ACTIVE). */
export async function expireJobs(db: Db, now: Date): Promise<{ expired: number }> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set status = 'expired', is_active = false, updated_at = ${now}
        where status = 'live' and valid_through is not null and valid_through <= ${now}
        returning id`,
  );
  return { expired: rows.length };
}

interface ReminderJob {
  id: number;
  title: string;
  valid_through: Date | string;
  company_name: string;
  emails: string[] | string;
}

/** Who hears about a job: whoever submitted it, else its company's owners (as `emails`). */
export const RECIPIENTS = sql`coalesce(
  (select array_agg(u.email) from "user" u where u.id = j.created_by),
  (select array_agg(u.email) from company_members m join "user" u on u.id = m.user_id
    where m.company_id = j.company_id and m.role = 'owner'),
  '{}')`;

/** RECIPIENTS as a list: a driver may answer the array as PostgreSQL's text ('{a,b}'). */
export const asArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

export interface ReminderOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  now: Date;
}

/**
 * Sends each due reminder once per job and closing date: the (job, kind, action) unique index of
 * job_action_tokens is the "sent" mark, and a new closing date (an extension) is a new kind.
 */
export async function sendExpiryReminders(db: Db, options: ReminderOptions) {
  const { now } = options;
  let sent = 0;
  for (const reminder of REMINDERS) {
    const jobs = await queryRows<ReminderJob>(
      db,
      sql`select j.id, j.title, j.valid_through, c.company_name, ${RECIPIENTS} as emails
          from jobs j join companies c on c.id = j.company_id
          where j.status = 'live' and j.is_active and j.hidden_reason is null
            and j.valid_through > ${now}
            and j.valid_through <= ${new Date(now.getTime() + reminder.before)}
          order by j.valid_through limit 500`,
    );
    for (const job of jobs) {
      const closing = new Date(job.valid_through);
      const kind = `expiry-${reminder.name}:${closing.toISOString().slice(0, 10)}`;
      // The 7-day reminder is pointless once the 1-day one is due.
      if (reminder.name === '7d' && closing.getTime() - now.getTime() <= DAY) continue;
      const tokens = {
        extend: randomBytes(24).toString('base64url'),
        close: randomBytes(24).toString('base64url'),
      };
      const expiresAt = new Date(closing.getTime() + 14 * DAY);
      const inserted = await queryRows<{ action: string }>(
        db,
        sql`insert into job_action_tokens (token_hash, job_id, kind, action, expires_at)
            values (${hashToken(tokens.extend)}, ${job.id}, ${kind}, 'extend', ${expiresAt}),
                   (${hashToken(tokens.close)}, ${job.id}, ${kind}, 'close', ${expiresAt})
            on conflict (job_id, kind, action) do nothing returning action`,
      );
      if (inserted.length < 2) continue; // another server sent it
      const link = (t: string) => `${options.publicUrl}/job-link/${t}`;
      const day = formatDay(closing);
      const when = closesIn(closing, now);
      const content = renderMail({
        intro: [
          `Your job "${job.title}" at ${job.company_name} closes ${when} (on ${day}).`,
          `Still hiring? One click keeps it listed for ${EXTEND_DAYS} more days; no sign-in needed.`,
        ],
        action: { label: `Still open: extend ${EXTEND_DAYS} days`, url: link(tokens.extend) },
        outro: [
          `Position filled? Close it now, so nobody applies in vain:\n${link(tokens.close)}`,
          'Each link works once. If you do nothing, the job leaves the board on its closing date.',
        ],
        appName: APP_NAME,
      });
      for (const to of asArray(job.emails)) {
        await options.mailer.send({
          to,
          subject: `"${job.title}" closes ${when}`,
          ...content,
        });
        sent++;
      }
    }
  }
  return { sent };
}

export interface JobLinksService {
  preview(
    token: string,
    now?: Date,
  ): Promise<
    | JobLinkPreview
    | { status: 'closed'; title: string }
    | { status: 'used' | 'expired' | 'unknown' }
  >;
  use(token: string, now?: Date): Promise<JobLinkOutcome>;
}

export function createJobLinks(
  db: Db,
  clock: () => Date = () => new Date(),
  /** After a link moved a job on or off the board (reloads this server's copy of the counts). */
  onPublicChange?: () => unknown,
): JobLinksService {
  async function find(token: string, now: Date) {
    if (!TOKEN_SHAPE.test(token)) return { status: 'unknown' as const };
    const [row] = await queryRows<{
      action: JobLinkAction;
      used_at: Date | null;
      expires_at: Date | string;
      title: string;
      valid_through: Date | string | null;
      status: string;
    }>(
      db,
      sql`select t.action, t.used_at, t.expires_at, j.title, j.valid_through, j.status
          from job_action_tokens t join jobs j on j.id = t.job_id where t.token_hash = ${hashToken(token)}`,
    );
    if (!row) return { status: 'unknown' as const };
    if (row.used_at) return { status: 'used' as const };
    if (new Date(row.expires_at) <= now) return { status: 'expired' as const };
    // Extend and close act on a job on the board or past its date (EXTENDABLE, below).
    if (!EXTENDABLE.includes(row.status)) return { status: 'closed' as const, title: row.title };
    return { status: 'ready' as const, row };
  }

  return {
    async preview(token, now = clock()) {
      const found = await find(token, now);
      if (found.status !== 'ready') return found;
      const vt = found.row.valid_through;
      return {
        status: 'ready',
        action: found.row.action,
        title: found.row.title,
        validThrough: vt === null ? null : new Date(vt).toISOString(),
      };
    },
    async use(token, now = clock()) {
      const found = await find(token, now);
      if (found.status !== 'ready') return found;
      const outcome = await db.transaction(async (tx) => {
        // The used_at guard makes two clicks at once act once.
        const [claimed] = await queryRows<{ job_id: number; action: JobLinkAction }>(
          tx as unknown as Db,
          sql`update job_action_tokens set used_at = ${now}
              where token_hash = ${hashToken(token)} and used_at is null and expires_at > ${now}
              returning job_id, action`,
        );
        if (!claimed) return { status: 'used' as const };
        const change =
          claimed.action === 'extend'
            ? sql`valid_through = greatest(coalesce(valid_through, ${now}), ${now}) + interval '${sql.raw(String(EXTEND_DAYS))} days',
                  status = 'live', is_active = hidden_reason is null, closed_at = null`
            : sql`status = 'closed', is_active = false, closed_at = ${now}`;
        const [job] = await queryRows<{
          title: string;
          page_url: string;
          valid_through: Date | string | null;
        }>(
          tx as unknown as Db,
          sql`update jobs set ${change}, updated_at = ${now}
              where id = ${claimed.job_id} and status in ('live', 'expired')
              returning title, page_url, valid_through`,
        );
        if (!job) return { status: 'expired' as const };
        return {
          status: 'done' as const,
          action: claimed.action,
          title: job.title,
          pageUrl: job.page_url,
          validThrough:
            job.valid_through === null ? null : new Date(job.valid_through).toISOString(),
        };
      });
      if (outcome.status === 'done') await onPublicChange?.();
      return outcome;
    },
  };
}

// The operators' console (/admin): figures, the review queue with duplicate flags, reports,
// companies (verify, suspend, merge), any job (search, unpublish), the maintenance switch and the
// site details (support e-mail, social links).
// Every change is one transaction with its audit row (audit.ts).
import { type SQL, sql } from 'drizzle-orm';
import { APP_NAME } from '../../../shared/constants.ts';
import type {
  CompanyAdminRow,
  Figures,
  JobAdminRow,
  ModerationResult,
  ModerationService,
  OperatorActor,
  OperatorJobView,
  RejectableStatus,
  ReportGroup,
  ReviewItem,
  SiteDetails,
  SuspendPreview,
  UnpublishPreview,
} from '../../../shared/operator-services.ts';
import {
  REJECTION_REASONS,
  REJECTION_TEXT_MAX,
  SITE_DETAILS_FIELDS,
} from '../../../shared/operator-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { jobDetailById } from '../jobs/data/job-detail.ts';
import { formatDay } from '../../../shared/dates.ts';
import { type MailContent, renderMail } from '../../mail/layout.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AppDetailsWriter } from '../app-details/app-details.service.ts';
import { checkSiteDetails } from '../app-details/site-details.ts';
import { type Actor, audit, recentAudit } from './audit.ts';
import { SOURCES } from '../ats/sources.ts';
import type { AtsSourceName } from '../ats/sources/types.ts';

export const SUSPENDED_REASON = 'company suspended';
export const SCAM_REASON = 'reported as a scam';
/** Why a job an operator unpublished from the any-job list is closed. */
export const UNPUBLISHED_REASON = 'unpublished by an operator';
/** Why a job an operator kept down after its reports is closed. */
export const KEPT_DOWN_REASON = 'removed by an operator after reports';
/** Titles at least this similar (pg_trgm) count as the same job for the duplicate flag. */
export const DUPLICATE_SIMILARITY = 0.6;
const DUPLICATE_WINDOW_DAYS = 30;

export interface ModerationOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  appDetails: Pick<AppDetailsWriter, 'setMaintenance' | 'setSiteDetails' | 'getFromPrimary'>;
  /**
   * After a job entered or left the public side: reloads this server's copy of the stored counts
   * (the database trigger of migration 0018 moved them already), awaited so that the next page
   * this server shows counts the change.
   */
  onPublicChange?: () => unknown;
  now?: () => Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(tx: Tx | Db, q: ReturnType<typeof sql>) => queryRows<T>(tx as Db, q);
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const OK: ModerationResult = { ok: true };
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const siteDetailsOf = (details: SiteDetails): SiteDetails => ({
  supportEmail: details.supportEmail,
  twitter: details.twitter,
  linkedIn: details.linkedIn,
  youtube: details.youtube,
  whatsApp: details.whatsApp,
});
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id < 2_147_483_647;

/**
 * A change's answer when what the operator asked for holds already: a second press of the same
 * button (a double click, a second tab) or another operator who did the same first. It is done
 * as far as the operator is concerned, so it is no error; nothing is written, audited or mailed.
 */
const UNCHANGED = Symbol('unchanged');
/** What changeJob did: refused, changed the job, or found it as asked already (UNCHANGED). */
type JobChange = { ok: true; changed: boolean } | { ok: false; message: string };
const answer = (change: JobChange): ModerationResult => (change.ok ? OK : change);

interface MergeSide {
  id: number;
  company_name: string;
  merged_into_id: number | null;
  suspended: boolean;
}

/**
 * Whether `fromId` may be merged into `intoId`: two companies, neither merged already, and
 * neither suspended: the one that takes the jobs (its jobs would stay live under a company page
 * that is gone, and the merged company's page would redirect to that 404), nor the one merged
 * (its jobs, hidden by its suspension, would stay hidden under a company that has none to lift).
 */
async function mergeable(
  run: Tx | Db,
  fromId: number,
  intoId: number,
  lock: boolean,
): Promise<{ ok: true; from: MergeSide; into: MergeSide } | { ok: false; message: string }> {
  if (!validId(fromId) || !validId(intoId)) return { ok: false, message: 'No such company' };
  if (fromId === intoId) return { ok: false, message: 'A company cannot be merged into itself' };
  const found = await rowsOf<MergeSide>(
    run,
    sql`select id, company_name, merged_into_id, suspended from companies where id in (${fromId}, ${intoId}) ${lock ? sql`for update` : sql``}`,
  );
  const from = found.find((c) => c.id === fromId);
  const into = found.find((c) => c.id === intoId);
  if (!from || !into) return { ok: false, message: 'No such company' };
  if (from.merged_into_id !== null || into.merged_into_id !== null) {
    return { ok: false, message: 'One of these companies was merged already' };
  }
  if (into.suspended) {
    return {
      ok: false,
      message: `${into.company_name} #${into.id} is suspended: unsuspend it first, or merge into another company`,
    };
  }
  if (from.suspended) {
    return {
      ok: false,
      message: `${from.company_name} #${from.id} is suspended: its jobs are hidden, and merged they would stay hidden under ${into.company_name}. Unsuspend it first, or leave it suspended`,
    };
  }
  return { ok: true, from, into };
}

/** The company `id` was merged into, if any (a merge's second press finds it done). */
async function mergedInto(run: Tx | Db, id: number): Promise<number | null> {
  if (!validId(id)) return null;
  const [row] = await rowsOf<{ merged_into_id: number | null }>(
    run,
    sql`select merged_into_id from companies where id = ${id}`,
  );
  return row?.merged_into_id ?? null;
}

/** The last audited change of a target: who made it, and which change it was. */
interface LastChange {
  actor_id: string | null;
  action: string;
}

/**
 * A decision found made already (the state the operator saw has moved to what they asked):
 * UNCHANGED when the last change of its target is this operator's own same decision (a double
 * click, a second tab), so that it answers done as the first press did; otherwise who made it, in
 * words for the refusal, since this press did nothing and must not say it did.
 */
async function madeAlready(
  run: Tx | Db,
  actor: OperatorActor,
  target: { type: 'job' | 'company' | 'site'; id: number | string },
  action: string,
): Promise<typeof UNCHANGED | string> {
  const [last] = await rowsOf<LastChange>(
    run,
    sql`select actor_id, action from audit_log where target_type = ${target.type}
          and target_id = ${String(target.id)} order by id desc limit 1`,
  );
  if (last?.action !== action) return '';
  return last.actor_id === actor.id ? UNCHANGED : ', by another operator';
}

/**
 * A report decision on a job whose reports were all decided (`last`: the latest decision, null
 * when it never had any): done already if decided the same way, refused if the other way, and
 * null (go ahead) for a job never reported.
 */
function decidedAlready(decision: ReportDecision, last: string | null) {
  if (last === null) return null;
  if (last === decision) return UNCHANGED;
  if (last === 'dismiss') return 'Its reports were dismissed already; the job was off the board';
  return last === 'restore'
    ? 'Its reports were dismissed already and the job restored: unpublish it from “Any job” if it must go'
    : 'Its reports were decided already: the job was unpublished';
}

/**
 * What the reports list decides on a reported job: restore or unpublish one on the board (live
 * or in review), dismiss the reports on one off it (closed by its employer, expired, rejected),
 * which leaves the job as it is.
 */
type ReportDecision = 'restore' | 'unpublish' | 'dismiss';

/** A report decision another operator made first, the same way, in words. */
const REPORTS_DECIDED: Record<ReportDecision, (by: string) => string> = {
  restore: (by: string) =>
    `Its reports were dismissed already${by}, and the job restored. Nothing was changed.`,
  unpublish: (by: string) =>
    `Its reports were decided already${by}: the job was unpublished. Nothing was changed.`,
  dismiss: (by: string) => `Its reports were dismissed already${by}. Nothing was changed.`,
};

/**
 * Why a report decision does not fit the job as it is now (the page showed it on the board, or
 * off it, and it has moved since), or null when it does.
 */
function reportDecisionRefusal(decision: ReportDecision, job: JobState) {
  const onBoard = unpublishable(job.status);
  if (decision === 'dismiss') {
    return onBoard
      ? `“${job.title}” is ${job.status === 'live' ? 'live' : 'in review'}. Nothing was changed. Restore it or unpublish it.`
      : null;
  }
  return onBoard ? null : reportsOffBoard(job);
}

/** A reported job that is off the board: its reports can only be dismissed. */
const reportsOffBoard = (job: { title: string; status: string; closed_reason: string | null }) =>
  `“${job.title}” ${whatHappened(job.status, job.closed_reason)}, so it is not on the board. Nothing was changed. Dismiss its reports instead.`;

type FlagAction = 'company.verify' | 'company.unverify' | 'company.suspend' | 'company.unsuspend';

/** The audit action of setting a company's flag `on` or off. */
const flagAction = (flag: 'verified' | 'suspended', on: boolean): FlagAction =>
  `company.${on ? '' : 'un'}${flag === 'verified' ? 'verify' : 'suspend'}`;

/**
 * A company's flag found as asked already, in words: what another operator did (“Acme #4 was
 * suspended already, by another operator”), or how it is when no operator set it so.
 */
const FLAG_SET: Record<FlagAction, { made: string; is: string }> = {
  'company.verify': { made: 'was verified already', is: 'is verified already' },
  'company.unverify': { made: 'was unverified already', is: 'is not verified' },
  'company.suspend': { made: 'was suspended already', is: 'is suspended already' },
  'company.unsuspend': { made: 'was unsuspended already', is: 'is not suspended' },
};

/** Whether a job in `status` is on the board, or on its way there, so that it can be unpublished. */
const unpublishable = (status: string) => status === 'live' || status === 'in_review';

/** What took a closed job off the board, by its closed reason (null: its company closed it). */
const CLOSED_BY: Record<string, string> = {
  [UNPUBLISHED_REASON]: 'was unpublished already by an operator',
  'removed by an operator after reports': 'was unpublished already with its reports',
};

/** What took a job that is neither live nor in review off the board, in words. */
function whatHappened(status: string, closedReason: string | null) {
  if (status === 'expired') return 'expired already (its closing date passed)';
  if (status === 'rejected') return 'was rejected already';
  if (status !== 'closed') return `is not live or in review (${status})`;
  if (closedReason === null) return 'was closed already by its employer';
  return CLOSED_BY[closedReason] ?? `was closed already (${closedReason})`;
}

/**
 * Why a job cannot be unpublished, or null when it can: what happened to it since the page that
 * offered Unpublish was shown (another operator, its employer, its closing date).
 */
function unpublishRefusal(job: { title: string; status: string; closed_reason: string | null }) {
  if (unpublishable(job.status)) return null;
  return `“${job.title}” ${whatHappened(job.status, job.closed_reason)}, so it is not on the board. Nothing was changed.`;
}

/**
 * Why a Reject is refused when the job is no longer as the operator saw it (`seen`): approved
 * meanwhile, back in review, or off the board. A live job stays live: if it must still go, the
 * console's Unpublish takes it down, and asks first.
 */
/**
 * Turns maintenance on or off and writes it to the audit log, whoever switched it: an operator in
 * the console, or `npm run maintenance` (the command line, through the server or the database).
 * A switch to what it is already changes and audits nothing.
 */
export async function switchMaintenance(
  db: Db,
  appDetails: Pick<AppDetailsWriter, 'setMaintenance' | 'getFromPrimary'>,
  actor: Actor,
  on: boolean,
): Promise<void> {
  const before = (await appDetails.getFromPrimary()).isUnderMaintenance;
  if (before === on) return;
  await appDetails.setMaintenance(on);
  await audit(db, actor, {
    action: on ? 'maintenance.on' : 'maintenance.off',
    targetType: 'site',
    targetId: 'maintenance',
    before: { isUnderMaintenance: before },
    after: { isUnderMaintenance: on },
  });
}

/** The refusal of a decision on words the job no longer has. */
const changedSince = (job: JobState) =>
  `“${job.title}” was edited since your page showed it (by its employer or its board). Nothing was changed: read it again and decide.`;

function rejectRefusal(job: JobState, seen: RejectableStatus, approved: Approved) {
  if (job.status === 'live') {
    return `“${job.title}” ${liveBy(approved)}. Nothing was changed. If it must still go, unpublish it under “Any job”.`;
  }
  if (job.status === 'in_review') {
    return `“${job.title}” is in review again (its words changed since it went live). Nothing was changed. Decide on it in the review queue.`;
  }
  return `“${job.title}” ${whatHappened(job.status, job.closed_reason)}, so it is not ${seen === 'live' ? 'on the board' : 'in review'}. Nothing was changed.`;
}

/** Who approved a job found live: this operator (UNCHANGED), another, or no operator's approval. */
type Approved = typeof UNCHANGED | string;

/** How a job found live got there, in words. */
const liveBy = (approved: Approved) =>
  approved === UNCHANGED
    ? 'was approved already (it is live)'
    : approved
      ? `was approved already${approved} (it is live)`
      : 'is live now';

interface JobState {
  id: number;
  title: string;
  status: string;
  is_active: boolean;
  hidden_reason: string | null;
  rejection_reason: string | null;
  closed_reason: string | null;
  version: string;
}

/** A job's JobVersion from its updated_at, which moves with every edit of its words. */
const versionOf = (updatedAt: SQL) =>
  sql`(extract(epoch from ${updatedAt}) * 1000000)::bigint::text`;
const JOB_STATE = sql`id, title, status, is_active, hidden_reason, rejection_reason, closed_reason,
  ${versionOf(sql`updated_at`)} as version`;
const stateOf = (j: JobState) => ({
  status: j.status,
  isActive: j.is_active,
  hiddenReason: j.hidden_reason,
  rejectionReason: j.rejection_reason,
  closedReason: j.closed_reason,
});

export function createModeration(db: Db, options: ModerationOptions): ModerationService {
  const now = options.now ?? (() => new Date());
  const changed = async () => {
    await options.onPublicChange?.();
  };

  /** Changes one job under a row lock and audits before and after; null when not found. */
  async function changeJob(
    actor: OperatorActor,
    jobId: number,
    action: string,
    change: (before: JobState, tx: Tx) => Promise<string | null | typeof UNCHANGED>,
  ): Promise<JobChange> {
    if (!validId(jobId)) return fail('No such job');
    const result = await db.transaction(async (tx): Promise<JobChange> => {
      const [before] = await rowsOf<JobState>(
        tx,
        sql`select ${JOB_STATE} from jobs where id = ${jobId} for update`,
      );
      if (!before) return fail('No such job');
      const refusal = await change(before, tx);
      if (refusal === UNCHANGED) return { ok: true, changed: false };
      if (refusal) return fail(refusal);
      const [after] = await rowsOf<JobState>(
        tx,
        sql`select ${JOB_STATE} from jobs where id = ${jobId}`,
      );
      await audit(tx, actor, {
        action,
        targetType: 'job',
        targetId: jobId,
        before: stateOf(before),
        after: after ? stateOf(after) : null,
      });
      return { ok: true, changed: true };
    });
    if (result.ok && result.changed) await changed();
    return result;
  }

  const dashboard = `${options.publicUrl}/employer`;

  /**
   * Mails `intro` to `emails` (an array, or PGlite's text form of one) with a dashboard link, or
   * with `more`'s action and closing words.
   */
  async function mailTo(
    emails: string[] | string | undefined,
    subject: string,
    intro: string[],
    more: Pick<MailContent, 'action' | 'outro'> = {},
  ) {
    const list = Array.isArray(emails)
      ? emails
      : (emails ?? '')
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
    const content = renderMail({
      intro,
      action: { label: 'Open your dashboard', url: dashboard },
      ...more,
      appName: APP_NAME,
    });
    for (const to of list) await options.mailer.send({ to, subject, ...content });
  }

  /** Mails whoever posted the job, or the company's owners when nobody did (an ATS import). */
  async function mailEmployer(
    jobId: number,
    subject: string,
    intro: string[],
    more?: Pick<MailContent, 'action' | 'outro'>,
  ) {
    const [job] = await queryRows<{ emails: string[] | string }>(
      db,
      sql`select coalesce((select array_agg(u.email) from "user" u where u.id = j.created_by),
            (select array_agg(u.email) from company_members m join "user" u on u.id = m.user_id
              where m.company_id = j.company_id and m.role = 'owner'), '{}') as emails
          from jobs j where j.id = ${jobId}`,
    );
    await mailTo(job?.emails, subject, intro, more);
  }

  async function mailOwners(companyId: number, subject: string, intro: string[]) {
    const [company] = await queryRows<{ emails: string[] | string }>(
      db,
      sql`select coalesce(array_agg(u.email), '{}') as emails from company_members m
          join "user" u on u.id = m.user_id where m.company_id = ${companyId} and m.role = 'owner'`,
    );
    await mailTo(company?.emails, subject, intro);
  }

  /** Tells the employer that our team closed a job that was live or in review. */
  const mailClosed = (jobId: number, title: string, why?: string) =>
    mailEmployer(jobId, `"${title}" was closed by our team`, [
      `We closed your job "${title}"${why ? ` because ${why}` : ''}. It is no longer on the board.`,
      `If you think this is a mistake, write to us: ${options.publicUrl}/contact`,
    ]);

  /**
   * Tells the employer that a job in review was approved: live, with its page's link, or waiting
   * for its company's suspension to be lifted (approve hides it then). A job still hidden for
   * another reason (its scam reports, which an operator decides under Reports) is not live, and
   * nothing is said until it is.
   */
  async function mailApproved(jobId: number) {
    const [job] = await queryRows<{
      title: string;
      page_url: string;
      is_active: boolean;
      hidden_reason: string | null;
      valid_through: Date | string | null;
      company_name: string;
    }>(
      db,
      sql`select j.title, j.page_url, j.is_active, j.hidden_reason, j.valid_through, c.company_name
          from jobs j join companies c on c.id = j.company_id where j.id = ${jobId}`,
    );
    if (!job) return;
    if (job.hidden_reason === SUSPENDED_REASON) {
      await mailEmployer(jobId, `"${job.title}" was approved`, [
        `We approved your job "${job.title}". It shows on the board once the suspension of ${job.company_name} is lifted.`,
      ]);
      return;
    }
    const closing = job.valid_through === null ? null : new Date(job.valid_through);
    if (!job.is_active || (closing && closing <= now())) return;
    const until = closing ? ` It stays listed until ${formatDay(closing)}.` : '';
    await mailEmployer(
      jobId,
      `"${job.title}" is live on ${APP_NAME}`,
      [`We approved your job "${job.title}": job seekers see it on the board now.${until}`],
      {
        action: {
          label: 'See your job',
          url: `${options.publicUrl}/job-description/${encodeURIComponent(job.page_url)}`,
        },
        outro: [`Edit or close it from your dashboard:\n${dashboard}`],
      },
    );
  }

  return {
    async isOperator(accountId) {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`select 1 as one from operators where user_id = ${accountId}`,
      );
      return rows.length > 0;
    },

    async figures(): Promise<Figures> {
      const at = now();
      const week = new Date(at.getTime() + 7 * 86_400_000);
      const [row] = await queryRows<Record<keyof Figures, number>>(
        db,
        sql`select
          (select count(*)::int from jobs where is_active and status = 'live'
             and (valid_through is null or valid_through > ${at})) as "liveJobs",
          (select count(*)::int from jobs where status = 'in_review') as "inReview",
          (select count(*)::int from job_reports where resolved_at is null) as "reportsOpen",
          (select count(*)::int from jobs where is_active and status = 'live'
             and valid_through > ${at} and valid_through <= ${week}) as "expiringThisWeek",
          (select count(*)::int from jobs where hidden_reason is not null) as "hiddenJobs"`,
      );
      return (
        row ?? { liveJobs: 0, inReview: 0, reportsOpen: 0, expiringThisWeek: 0, hiddenJobs: 0 }
      );
    },

    async reviewQueue(): Promise<ReviewItem[]> {
      const since = new Date(now().getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000);
      const rows = await queryRows<{
        id: number;
        title: string;
        page_url: string;
        company_name: string;
        verified: boolean;
        suspended: boolean;
        city: string;
        posted_at: Date | string;
        dup_id: number | null;
        dup_title: string | null;
        dup_page_url: string | null;
        dup_status: string | null;
        review_reason: string | null;
        apply_link: string | null;
        version: string;
      }>(
        db,
        sql`select j.id, j.title, j.page_url, c.company_name, c.verified, c.suspended, ci.name as city, j.posted_at,
              j.apply_link, d.id as dup_id, d.title as dup_title, d.page_url as dup_page_url, d.status as dup_status,
              j.review_reason, ${versionOf(sql`j.updated_at`)} as version
            from jobs j join companies c on c.id = j.company_id join cities ci on ci.id = j.city_id
            left join lateral (
              select o.id, o.title, o.page_url, o.status from jobs o
              where o.company_id = j.company_id and o.city_id = j.city_id and o.id <> j.id
                and (o.status = 'live' or (o.status in ('closed', 'expired')
                     and coalesce(o.closed_at, o.valid_through, o.updated_at) >= ${since}))
                and similarity(o.title, j.title) >= ${DUPLICATE_SIMILARITY}
              order by similarity(o.title, j.title) desc limit 1) d on true
            where j.status = 'in_review'
            order by j.posted_at, j.id limit 200`,
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        pageUrl: r.page_url,
        companyName: r.company_name,
        companyVerified: r.verified,
        companySuspended: r.suspended,
        city: r.city,
        postedAt: iso(r.posted_at) ?? '',
        applyLink: r.apply_link,
        reviewReason: r.review_reason,
        version: r.version,
        duplicateOf:
          r.dup_id === null
            ? null
            : {
                id: r.dup_id,
                title: r.dup_title ?? '',
                pageUrl: r.dup_page_url ?? '',
                status: r.dup_status ?? '',
              },
      }));
    },

    async jobView(jobId: number): Promise<OperatorJobView | null> {
      // The stamp is read before the words: an edit in between then makes a decision refused,
      // never one on words the page did not show.
      const [row] = await queryRows<{
        status: string;
        verified: boolean;
        review_reason: string | null;
        hidden_reason: string | null;
        closed_reason: string | null;
        has_been_live: boolean;
        version: string;
      }>(
        db,
        sql`select j.status, c.verified, j.review_reason, j.hidden_reason, j.closed_reason,
              j.has_been_live, ${versionOf(sql`j.updated_at`)} as version
            from jobs j join companies c on c.id = j.company_id where j.id = ${jobId}`,
      );
      const job = row && (await jobDetailById(db, jobId));
      if (!row || !job) return null;
      return {
        id: jobId,
        job,
        status: row.status,
        companyVerified: row.verified,
        reviewReason: row.review_reason,
        hiddenReason: row.hidden_reason,
        closedReason: row.closed_reason,
        hasBeenLive: row.has_been_live,
        version: row.version,
      };
    },

    async approve(actor, jobId, version) {
      const result = await changeJob(actor, jobId, 'job.approve', async (before, tx) => {
        if (before.status === 'live') {
          const by = await madeAlready(tx, actor, { type: 'job', id: jobId }, 'job.approve');
          if (by === UNCHANGED) return UNCHANGED;
          return `“${before.title}” ${liveBy(by)}. Nothing was changed.`;
        }
        // Rejected or closed meanwhile (another operator, the employer): approving would
        // overrule that, and a rejected job's employer was told it is not published.
        if (before.status !== 'in_review') {
          // Whose rejection it was, as a Reject refused the other way round says.
          const by =
            before.status === 'rejected'
              ? await madeAlready(tx, actor, { type: 'job', id: jobId }, 'job.reject')
              : '';
          return `Only a job in review can be approved (this one is ${before.status}${by === UNCHANGED ? '' : by})`;
        }
        // Edited since the operator's page showed it: approving would publish unread words.
        if (version !== undefined && version !== before.version) return changedSince(before);
        // A suspended company's job is approved hidden, as its suspension hid its live jobs
        // (setCompanyFlag), so that it comes back with them when the company is unsuspended.
        // A job published for the first time is posted today, not on the day it was sent for
        // review (a board's job keeps the date its board gives).
        await tx.execute(sql`update jobs j set status = 'live', rejection_reason = null,
            posted_at = case when j.has_been_live or j.ats_connection_id is not null
              then j.posted_at else ${now()} end,
            hidden_reason = case when j.hidden_reason is null and exists (select 1 from companies c
                where c.id = j.company_id and c.suspended) then ${SUSPENDED_REASON} else j.hidden_reason end,
            is_active = j.hidden_reason is null
              and not exists (select 1 from companies c where c.id = j.company_id and c.suspended),
            updated_at = ${now()} where j.id = ${jobId}`);
        return null;
      });
      // Mailed once the approval is committed, as a rejection is: never for a press that did nothing.
      if (result.ok && result.changed) await mailApproved(jobId);
      return answer(result);
    },

    async reject(actor, jobId, reason, text, seen = 'in_review', version) {
      if (!(REJECTION_REASONS as readonly string[]).includes(reason)) {
        return fail('Choose a reason from the list');
      }
      const detail = text.trim();
      if (detail.length > REJECTION_TEXT_MAX) {
        return fail(
          `The message to the employer is at most ${REJECTION_TEXT_MAX} characters (it has ${detail.length})`,
        );
      }
      if (reason === 'Other' && !detail) return fail('Say why, when the reason is "Other"');
      const full = detail ? `${reason}: ${detail}` : reason;
      let title = '';
      let wasLive = false;
      const result = await changeJob(actor, jobId, 'job.reject', async (before, tx) => {
        if (before.status === 'rejected') {
          // Rejected by this operator for the same reason: this press's rejection holds. Else
          // this press's message never reached the employer, so it must not look sent.
          const by = await madeAlready(tx, actor, { type: 'job', id: jobId }, 'job.reject');
          if (before.rejection_reason === full && by === UNCHANGED) return UNCHANGED;
          const whose = by === UNCHANGED ? '' : by;
          const how =
            before.rejection_reason === full
              ? 'for the same reason'
              : `for another reason: ${before.rejection_reason ?? 'none given'}`;
          return `“${before.title}” was rejected already${whose}, ${how}. The employer was not e-mailed again.`;
        }
        // Approved (or taken down) since the operator's page showed it: rejecting now would
        // overrule that, and tell the employer of a live job that it was never published.
        if (before.status !== seen) {
          const by = await madeAlready(tx, actor, { type: 'job', id: jobId }, 'job.approve');
          return rejectRefusal(before, seen, by);
        }
        // The reason was given for the words the page showed, not for others sent since.
        if (version !== undefined && version !== before.version) return changedSince(before);
        title = before.title;
        wasLive = before.status === 'live';
        await tx.execute(sql`update jobs set status = 'rejected', is_active = false,
          rejection_reason = ${full}, updated_at = ${now()} where id = ${jobId}`);
        return null;
      });
      if (result.ok && result.changed) {
        // A job synced from the company's ATS board is corrected there: the board's next
        // change to the posting replaces edits made on the dashboard, and submits it again.
        const [board] = await queryRows<{ source: string; board_id: string }>(
          db,
          sql`select c.source, c.board_id from jobs j
              join ats_connections c on c.id = j.ats_connection_id where j.id = ${jobId}`,
        );
        const system = board && (SOURCES[board.source as AtsSourceName]?.label ?? board.source);
        // A live job rejected from "Any job" was published: it is taken off, not "not published".
        await mailEmployer(
          jobId,
          wasLive ? `"${title}" was taken off ${APP_NAME}` : `"${title}" was not published`,
          [
            wasLive
              ? `We took your job "${title}" off the board; it no longer shows to job seekers.`
              : `We did not publish your job "${title}".`,
            `Reason: ${full}`,
            board
              ? `This job comes from your ${system} board "${board.board_id}". Correct the posting there: we read your board every hour, and the corrected posting is submitted again.`
              : 'You can edit the job on your dashboard and submit it again.',
          ],
        );
      }
      return answer(result);
    },

    async reports(): Promise<ReportGroup[]> {
      const rows = await queryRows<{
        job_id: number;
        title: string;
        page_url: string;
        company_name: string;
        status: string;
        hidden_reason: string | null;
        closed_reason: string | null;
        closed_at: Date | string | null;
        reasons: Record<string, number> | string;
        details: string[] | string | null;
        first_at: Date | string;
      }>(
        db,
        sql`select r.job_id, j.title, j.page_url, c.company_name, j.status, j.hidden_reason,
              j.closed_reason, j.closed_at,
              (select jsonb_object_agg(reason, n) from (select reason, count(*)::int as n
                 from job_reports x where x.job_id = r.job_id and x.resolved_at is null
                 group by reason) s) as reasons,
              array_remove(array_agg(r.details order by r.id), null) as details,
              min(r.created_at) as first_at
            from job_reports r join jobs j on j.id = r.job_id join companies c on c.id = j.company_id
            where r.resolved_at is null
            group by r.job_id, j.title, j.page_url, c.company_name, j.status, j.hidden_reason,
              j.closed_reason, j.closed_at
            order by (j.hidden_reason is not null) desc, min(r.created_at) limit 200`,
      );
      return rows.map((r) => ({
        jobId: r.job_id,
        title: r.title,
        pageUrl: r.page_url,
        companyName: r.company_name,
        status: r.status,
        hiddenReason: r.hidden_reason,
        closedReason: r.closed_reason,
        closedAt: iso(r.closed_at),
        reasons:
          typeof r.reasons === 'string'
            ? (JSON.parse(r.reasons) as Record<string, number>)
            : (r.reasons ?? {}),
        details: Array.isArray(r.details)
          ? r.details
          : (r.details ?? '')
              .replace(/^\{|\}$/g, '')
              .split(',')
              .filter(Boolean),
        firstAt: iso(r.first_at) ?? '',
      }));
    },

    async decideReports(actor, jobId, decision) {
      let closed: string | null = null;
      const result = await changeJob(actor, jobId, `reports.${decision}`, async (before, tx) => {
        const [open] = await rowsOf<{ n: number; last: string | null }>(
          tx,
          sql`select count(*)::int as n, (select resolution from job_reports where job_id = ${jobId}
                and resolved_at is not null order by resolved_at desc, id desc limit 1) as last
              from job_reports where job_id = ${jobId} and resolved_at is null`,
        );
        // No open reports: decided already, by this press or another operator's.
        const decided = open?.n ? null : decidedAlready(decision, open?.last ?? null);
        if (decided === UNCHANGED) {
          const target = { type: 'job', id: jobId } as const;
          const by = await madeAlready(tx, actor, target, `reports.${decision}`);
          return by === UNCHANGED ? UNCHANGED : REPORTS_DECIDED[decision](by);
        }
        if (decided) return decided;
        // Kept down with its reports already (a job never reported has no resolution to show it).
        if (decision === 'unpublish' && before.closed_reason === KEPT_DOWN_REASON) {
          const by = await madeAlready(tx, actor, { type: 'job', id: jobId }, 'reports.unpublish');
          return by === UNCHANGED ? UNCHANGED : REPORTS_DECIDED.unpublish(by);
        }
        const refusal = reportDecisionRefusal(decision, before);
        if (refusal) return refusal;
        const at = now();
        if (decision === 'unpublish') closed = before.title;
        if (decision === 'dismiss') {
          // Off the board already: the job stays as its employer (or its date) left it.
        } else if (decision === 'restore') {
          await tx.execute(sql`update jobs j set hidden_reason = null,
            is_active = j.status = 'live'
              and not exists (select 1 from companies c where c.id = j.company_id and c.suspended),
            updated_at = ${at} where j.id = ${jobId} and j.hidden_reason is distinct from ${SUSPENDED_REASON}`);
        } else {
          await tx.execute(sql`update jobs set status = 'closed', is_active = false, hidden_reason = null,
            closed_at = ${at}, closed_reason = ${KEPT_DOWN_REASON}, updated_at = ${at}
            where id = ${jobId}`);
        }
        await tx.execute(sql`update job_reports set resolved_at = ${at}, resolution = ${decision}
          where job_id = ${jobId} and resolved_at is null`);
        return null;
      });
      // A job that was closed already (by its company, or by its closing date) is not news.
      if (result.ok && result.changed && closed !== null) {
        await mailClosed(jobId, closed, 'visitors reported it and we checked their reports');
      }
      return answer(result);
    },

    async companies(query) {
      const q = query.trim().slice(0, 100);
      const rows = await queryRows<{
        id: number;
        company_name: string;
        company_website: string | null;
        verified: boolean;
        suspended: boolean;
        merged_into_id: number | null;
        live_jobs: number;
      }>(
        db,
        sql`select c.id, c.company_name, c.company_website, c.verified, c.suspended, c.merged_into_id,
              (select count(*)::int from jobs j where j.company_id = c.id and j.status = 'live'
                 and j.hidden_reason is not distinct from
                   case when c.suspended then ${SUSPENDED_REASON} end) as live_jobs
            from companies c
            where ${q ? sql`(c.company_name ilike ${`%${q}%`} or c.id::text = ${q})` : sql`c.created_by is not null or not c.verified`}
            order by c.verified, c.id desc limit 100`,
      );
      return rows.map((r): CompanyAdminRow => ({
        id: r.id,
        companyName: r.company_name,
        companyWebsite: r.company_website,
        verified: r.verified,
        suspended: r.suspended,
        mergedIntoId: r.merged_into_id,
        liveJobs: r.live_jobs,
      }));
    },

    async setCompanyFlag(actor, companyId, flag, on) {
      if (!validId(companyId)) return fail('No such company');
      let suspendedNow: string | null = null;
      /** An unsuspended company's name, and how many of its jobs came back on the board. */
      let lifted: { name: string; jobs: number } | null = null;
      const action = flagAction(flag, on);
      const result = await db.transaction(async (tx) => {
        const [row] = await rowsOf<{ company_name: string; verified: boolean; suspended: boolean }>(
          tx,
          sql`select company_name, verified, suspended from companies where id = ${companyId} for update`,
        );
        if (!row) return fail('No such company');
        const { company_name: name, ...before } = row;
        if (before[flag] === on) {
          // Set already: done if by this operator's own press, else it says who did it.
          const by = await madeAlready(tx, actor, { type: 'company', id: companyId }, action);
          return by === UNCHANGED
            ? OK
            : fail(
                `${name} #${companyId} ${by ? FLAG_SET[action].made + by : FLAG_SET[action].is}. Nothing was changed.`,
              );
        }
        suspendedNow = flag === 'suspended' && on && !before.suspended ? name : null;
        const at = now();
        if (flag === 'verified') {
          await tx.execute(sql`update companies set verified = ${on} where id = ${companyId}`);
        } else {
          await tx.execute(sql`update companies set suspended = ${on} where id = ${companyId}`);
          // A suspended company's jobs leave the board at once, and come back with it.
          if (on) {
            await tx.execute(sql`update jobs set is_active = false, hidden_reason = ${SUSPENDED_REASON},
              updated_at = ${at} where company_id = ${companyId} and hidden_reason is null and status = 'live'`);
          } else {
            // Counted as the board shows them: one whose closing date passed meanwhile is not back.
            const [back] = await rowsOf<{ n: number }>(
              tx,
              sql`with b as (update jobs set hidden_reason = null, is_active = status = 'live',
                updated_at = ${at} where company_id = ${companyId} and hidden_reason = ${SUSPENDED_REASON}
                returning status, valid_through)
              select count(*)::int as n from b
              where status = 'live' and (valid_through is null or valid_through > ${at})`,
            );
            lifted = { name, jobs: back?.n ?? 0 };
          }
        }
        await audit(tx, actor, {
          action,
          targetType: 'company',
          targetId: companyId,
          before,
          after: { ...before, [flag]: on },
        });
        return OK;
      });
      if (result.ok) await changed();
      if (result.ok && suspendedNow !== null) {
        await mailOwners(companyId, `${suspendedNow} was suspended on ${APP_NAME}`, [
          `Our team has suspended ${suspendedNow}. Its company page and jobs are hidden from the board, and no job can be posted or edited until the suspension is lifted.`,
          `To learn why, or to ask us to lift it, write to us: ${options.publicUrl}/contact`,
        ]);
      }
      if (result.ok && lifted !== null) {
        const { name, jobs } = lifted;
        const back =
          jobs === 0
            ? []
            : [`Its ${jobs === 1 ? 'live job is' : `${jobs} live jobs are`} back on the board.`];
        await mailOwners(companyId, `${name} can post again on ${APP_NAME}`, [
          `Our team has lifted the suspension of ${name}. Its company page is back, and jobs can be posted and edited again.`,
          ...back,
        ]);
      }
      return result;
    },

    async suspendPreview(companyId): Promise<SuspendPreview> {
      if (!validId(companyId)) return fail('No such company');
      const [company] = await queryRows<{
        company_name: string;
        suspended: boolean;
        live_jobs: number;
      }>(
        db,
        // The jobs a suspension hides (setCompanyFlag): live and not hidden for another reason.
        sql`select c.company_name, c.suspended,
              (select count(*)::int from jobs j where j.company_id = c.id and j.status = 'live'
                 and j.hidden_reason is null) as live_jobs
            from companies c where c.id = ${companyId}`,
      );
      if (!company) return fail('No such company');
      if (company.suspended) return fail(`${company.company_name} is suspended already`);
      return { ok: true, companyName: company.company_name, liveJobs: company.live_jobs };
    },

    async mergePreview(fromId, intoId) {
      const check = await mergeable(db, fromId, intoId, false);
      if (!check.ok) return check;
      const [counts] = await rowsOf<{ jobs: number; members: number }>(
        db,
        sql`select (select count(*)::int from jobs where company_id = ${fromId}) as jobs,
                   (select count(*)::int from company_members where company_id = ${fromId}) as members`,
      );
      return {
        ok: true,
        fromName: check.from.company_name,
        intoName: check.into.company_name,
        jobs: counts?.jobs ?? 0,
        members: counts?.members ?? 0,
      };
    },

    async mergeCompanies(actor, fromId, intoId) {
      const result = await db.transaction(async (tx) => {
        const check = await mergeable(tx, fromId, intoId, true);
        // Merged into that company already: done if by this operator's own press, and nothing
        // moves again; by another operator, it says so.
        if (!check.ok) {
          if ((await mergedInto(tx, fromId)) !== intoId) return check;
          const by = await madeAlready(tx, actor, { type: 'company', id: fromId }, 'company.merge');
          if (by === UNCHANGED) return UNCHANGED;
          const names = await rowsOf<{ id: number; company_name: string }>(
            tx,
            sql`select id, company_name from companies where id in (${fromId}, ${intoId})`,
          );
          const named = (id: number) =>
            `${names.find((c) => c.id === id)?.company_name ?? 'Company'} #${id}`;
          return fail(
            `${named(fromId)} was merged into ${named(intoId)} already${by}. Nothing was changed.`,
          );
        }
        const { from, into } = check;
        const [moved] = await rowsOf<{ n: number }>(
          tx,
          sql`with m as (update jobs set company_id = ${intoId} where company_id = ${fromId} returning 1)
              select count(*)::int as n from m`,
        );
        await tx.execute(
          sql`update job_drafts set company_id = ${intoId} where company_id = ${fromId}`,
        );
        // They join as members, not owners: the company taking them in keeps its owners, and
        // those decide who else becomes one.
        await tx.execute(sql`insert into company_members (company_id, user_id, role, created_at)
          select ${intoId}, user_id, 'member', created_at from company_members where company_id = ${fromId}
          on conflict do nothing`);
        await tx.execute(sql`delete from company_members where company_id = ${fromId}`);
        await tx.execute(
          sql`update companies set merged_into_id = ${intoId}, suspended = true where id = ${fromId}`,
        );
        await audit(tx, actor, {
          action: 'company.merge',
          targetType: 'company',
          targetId: fromId,
          before: { companyName: from.company_name },
          after: { mergedInto: intoId, intoName: into.company_name, jobsMoved: moved?.n ?? 0 },
        });
        return OK;
      });
      if (result === UNCHANGED) return OK;
      if (result.ok) await changed();
      return result;
    },

    async searchJobs(query) {
      const q = query.trim().slice(0, 200);
      if (!q) return [];
      const rows = await queryRows<{
        id: number;
        title: string;
        page_url: string;
        company_name: string;
        status: string;
        hidden_reason: string | null;
        closed_reason: string | null;
        valid_through: Date | string | null;
      }>(
        db,
        sql`select j.id, j.title, j.page_url, c.company_name, j.status, j.hidden_reason, j.closed_reason, j.valid_through
            from jobs j join companies c on c.id = j.company_id
            where j.page_url = ${q} or j.title ilike ${`%${q}%`} or c.company_name ilike ${`%${q}%`}
            order by (j.page_url = ${q}) desc, j.posted_at desc limit 50`,
      );
      return rows.map((r): JobAdminRow => ({
        id: r.id,
        title: r.title,
        pageUrl: r.page_url,
        companyName: r.company_name,
        status: r.status,
        hiddenReason: r.hidden_reason,
        closedReason: r.closed_reason,
        validThrough: iso(r.valid_through),
      }));
    },

    async unpublishPreview(jobId, reported): Promise<UnpublishPreview> {
      if (!validId(jobId)) return fail('No such job');
      const [job] = await queryRows<{
        title: string;
        company_name: string;
        status: string;
        closed_reason: string | null;
        open: boolean;
      }>(
        db,
        sql`select j.title, c.company_name, j.status, j.closed_reason,
              exists (select 1 from job_reports r where r.job_id = j.id and r.resolved_at is null) as open
            from jobs j join companies c on c.id = j.company_id where j.id = ${jobId}`,
      );
      if (!job) return fail('No such job');
      // From the reports list: any job its reports were decided on is named (done-message), but
      // one off the board with its reports still open cannot be unpublished, only dismissed.
      const refusal = reported
        ? job.open && !unpublishable(job.status)
          ? reportsOffBoard(job)
          : null
        : unpublishRefusal(job);
      if (refusal) return fail(refusal);
      return { ok: true, title: job.title, companyName: job.company_name };
    },

    async unpublish(actor, jobId) {
      let title = '';
      const result = await changeJob(actor, jobId, 'job.unpublish', async (before, tx) => {
        if (before.status === 'closed' && before.closed_reason === UNPUBLISHED_REASON) {
          const by = await madeAlready(tx, actor, { type: 'job', id: jobId }, 'job.unpublish');
          if (by === UNCHANGED) return UNCHANGED;
          return `“${before.title}” was unpublished already${by}, so it is not on the board. Nothing was changed.`;
        }
        const refusal = unpublishRefusal(before);
        if (refusal) return refusal;
        title = before.title;
        const at = now();
        await tx.execute(sql`update jobs set status = 'closed', is_active = false, closed_at = ${at},
          closed_reason = ${UNPUBLISHED_REASON}, updated_at = ${at} where id = ${jobId}`);
        return null;
      });
      if (result.ok && result.changed) await mailClosed(jobId, title);
      return answer(result);
    },

    async maintenance() {
      return (await options.appDetails.getFromPrimary()).isUnderMaintenance;
    },

    async setMaintenance(actor, on) {
      await switchMaintenance(db, options.appDetails, actor, on);
      return OK;
    },

    async siteDetails() {
      return siteDetailsOf(await options.appDetails.getFromPrimary());
    },

    async setSiteDetails(actor, typed) {
      const checked = checkSiteDetails(typed);
      if (!checked.ok) return checked;
      const before = siteDetailsOf(await options.appDetails.getFromPrimary());
      const changed = SITE_DETAILS_FIELDS.filter((key) => before[key] !== checked.details[key]);
      if (changed.length === 0) return { ok: true, changed: false }; // nothing to audit
      await options.appDetails.setSiteDetails(checked.details);
      const pick = (from: SiteDetails) =>
        Object.fromEntries(changed.map((key) => [key, from[key]]));
      await audit(db, actor, {
        action: 'site-details.change',
        targetType: 'site',
        targetId: 'details',
        before: pick(before),
        after: pick(checked.details),
      });
      return { ok: true, changed: true };
    },

    audit: (limit) => recentAudit(db, limit),
    lastMadeBy: async (actor, target, action) =>
      (await madeAlready(db, actor, target, action)) === UNCHANGED,
  };
}

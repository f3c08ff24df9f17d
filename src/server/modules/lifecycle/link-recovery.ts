// A job closed as "apply link not working" (apply-link-check.ts) comes back when its link works
// again: the employer checks the link on demand, or simply reopens the job, which checks it right
// then. A working link puts the job live again (in review for a company that needs review); a
// failing one leaves it closed with a message that names the answer. Every reopening is audited.
import { sql } from 'drizzle-orm';
import type { JobStatus } from '../../../shared/contract/employer-jobs.ts';
import type { LinkRecoveryService, Result } from '../../../shared/employer-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { membershipOf } from '../employer/membership.ts';
import { audit } from '../moderation/audit.ts';
import {
  CLOSED_LINK_REASON,
  checkLink,
  type LinkCheckOptions,
  type LinkCheckResult,
} from './apply-link-check.ts';
import { EXTEND_DAYS } from './job-lifecycle.ts';

const DAY = 86_400_000;

export interface LinkRecoveryOptions extends LinkCheckOptions {
  now?: () => Date;
  /** Checks a link; checkLink by default. */
  check?: (link: string) => Promise<LinkCheckResult>;
  /** After a reopened job went live (reloads this server's copy of the stored counts). */
  onPublicChange?: () => unknown;
}

interface ClosedJob {
  id: number;
  title: string;
  company_id: number;
  status: string;
  closed_reason: string | null;
  hidden_reason: string | null;
  apply_link: string | null;
  valid_through: Date | string | null;
}

const notFound = { ok: false, reason: 'not-found', message: 'Job not found' } as const;
const notLinkClosed = {
  ok: false,
  reason: 'conflict',
  message: 'Only a job closed because its apply link did not work can be reopened here',
} as const;

/** What the employer reads when the link still fails. */
export const stillFailing = (result: string) =>
  `The apply link still does not work (the last answer: ${result}). Correct it with Edit, then reopen the job.`;

export function createLinkRecovery(db: Db, options: LinkRecoveryOptions = {}): LinkRecoveryService {
  const now = options.now ?? (() => new Date());
  const check = options.check ?? ((link: string) => checkLink(link, options));

  /** The job, when the account belongs to its company and it was closed for its link. */
  async function closedForLink(accountId: string, jobId: number) {
    if (!Number.isSafeInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) return null;
    const [job] = await queryRows<ClosedJob>(
      db,
      sql`select id, title, company_id, status, closed_reason, hidden_reason, apply_link, valid_through
          from jobs where id = ${jobId}`,
    );
    if (!job) return null;
    const member = await membershipOf(db, accountId, job.company_id);
    return member ? { job, member } : null;
  }

  /** Checks the job's link now and records what it found (as the daily check does). */
  async function checkNow(job: ClosedJob): Promise<LinkCheckResult> {
    const outcome = job.apply_link
      ? await check(job.apply_link)
      : { ok: false as const, result: 'no link' };
    await db.execute(sql`update jobs set apply_link_checked_at = ${now()},
      apply_link_result = ${outcome.result},
      apply_link_failures = case when ${outcome.ok} then 0 else apply_link_failures end
      where id = ${job.id}`);
    return outcome;
  }

  const isLinkClosed = (job: ClosedJob) =>
    job.status === 'closed' && job.closed_reason === CLOSED_LINK_REASON;

  return {
    async check(accountId, jobId) {
      const found = await closedForLink(accountId, jobId);
      if (!found) return notFound;
      if (!isLinkClosed(found.job)) return notLinkClosed;
      const outcome = await checkNow(found.job);
      const message = outcome.ok
        ? 'The apply link works again: reopen the job when you are ready.'
        : stillFailing(outcome.result);
      return { ok: true, value: { works: outcome.ok, result: outcome.result, message } };
    },

    async reopen(accountId, jobId): Promise<Result<{ status: JobStatus }>> {
      const found = await closedForLink(accountId, jobId);
      if (!found) return notFound;
      const { job, member } = found;
      if (!isLinkClosed(job)) return notLinkClosed;
      if (member.suspended) {
        return { ok: false, reason: 'forbidden', message: 'This company is suspended' };
      }
      const outcome = await checkNow(job);
      if (!outcome.ok)
        return { ok: false, reason: 'conflict', message: stillFailing(outcome.result) };
      const at = now();
      const status: JobStatus = member.verified ? 'live' : 'in_review';
      // A closing date that passed while the job was closed would end it at once: 30 more days.
      const closing = job.valid_through === null ? null : new Date(job.valid_through);
      const validThrough =
        closing !== null && closing <= at ? new Date(at.getTime() + EXTEND_DAYS * DAY) : closing;
      const [email] = await queryRows<{ email: string }>(
        db,
        sql`select email from "user" where id = ${accountId}`,
      );
      const reopened = await db.transaction(async (tx) => {
        const rows = await queryRows<{ id: number; is_active: boolean }>(
          tx as unknown as Db,
          sql`update jobs set status = ${status}, is_active = ${status === 'live'} and hidden_reason is null,
                closed_at = null, closed_reason = null, valid_through = ${validThrough},
                updated_at = ${at}
              where id = ${job.id} and status = 'closed' and closed_reason = ${CLOSED_LINK_REASON}
              returning id, is_active`,
        );
        if (rows.length === 0) return null;
        await audit(
          tx,
          { id: accountId, email: email?.email ?? accountId },
          {
            action: 'job.reopen-after-link-check',
            targetType: 'job',
            targetId: job.id,
            before: { status: job.status, closedReason: job.closed_reason },
            after: { status, applyLinkResult: outcome.result },
          },
          at,
        );
        return rows[0]!;
      });
      // Reopened by a second click in the meantime: the same answer.
      if (!reopened) return { ok: true, value: { status } };
      if (reopened.is_active) await options.onPublicChange?.();
      return { ok: true, value: { status } };
    },
  };
}

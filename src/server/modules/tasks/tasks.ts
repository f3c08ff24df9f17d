// The board's scheduled tasks, registered with the runner (task-runner.ts) that runs each once per
// period across every server: expiry, expiry reminders, apply-link checks, ATS board syncs and the
// counts refresh.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { checkApplyLinks } from '../lifecycle/apply-link-check.ts';
import { expireJobs, sendExpiryReminders } from '../lifecycle/job-lifecycle.ts';
import { createTaskRunner, type TaskLog, type TaskRunner } from './task-runner.ts';

const MINUTE = 60_000;

export const TASK_NAMES = [
  'expire-jobs',
  'expiry-reminders',
  'apply-link-checks',
  'counts-refresh',
  'prune-task-runs',
  'alert-digests',
  'ats-sync',
] as const;

export interface BoardTasksOptions {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  now?: () => Date;
  log?: TaskLog;
  tickMs?: number;
  /** Recomputes the listing's large-result counts (jobs.service refreshCounts). */
  refreshCounts: () => Promise<void>;
  /** Lets the link check reach private addresses (tests only). */
  linkCheckAllowPrivate?: boolean;
  /**
   * After a run took jobs off the board (expiry, link checks): reloads this server's copy of the
   * stored counts, which the database trigger of migration 0018 moved already.
   */
  onPublicChange?: () => unknown;
  /**
   * Queues and sends search-engine notifications (modules/ingestion/search-engines.ts); given
   * only when IndexNow or Google's Indexing API is configured, so otherwise no task runs at all.
   */
  searchEnginePings?: (now: Date) => Promise<Record<string, unknown>>;
  /** Mails the job seekers' alert digests (modules/seekers/alert-digest.ts); `manual`: all due now. */
  alertDigests?: (now: Date, manual: boolean) => Promise<Record<string, unknown>>;
  /** Syncs every connected ATS board (modules/ats/ats-sync.ts syncAll). */
  atsSync?: (now: Date) => Promise<Record<string, unknown>>;
}

export function createBoardTasks(db: Db, options: BoardTasksOptions): TaskRunner {
  const { mailer, publicUrl } = options;
  return createTaskRunner(db, {
    now: options.now,
    log: options.log,
    tickMs: options.tickMs,
    tasks: [
      {
        // Every minute, so a job past its closing date leaves the stored counts within a minute as
        // it leaves the listing and the sitemap (those read valid_through) at once; the partial
        // index jobs_live_valid_through keeps a run to the due jobs.
        name: 'expire-jobs',
        periodMs: MINUTE,
        run: async ({ now }) => {
          const result = await expireJobs(db, now);
          if (result.expired > 0) await options.onPublicChange?.();
          return result;
        },
      },
      {
        name: 'expiry-reminders',
        periodMs: 60 * MINUTE,
        run: ({ now }) => sendExpiryReminders(db, { mailer, publicUrl, now }),
      },
      {
        name: 'apply-link-checks',
        periodMs: 24 * 60 * MINUTE,
        leaseMs: 60 * MINUTE,
        // A manual run (`npm run tasks -- run apply-link-checks`) checks every link now.
        run: async ({ now, periodKey }) => {
          const tally = await checkApplyLinks(db, {
            now,
            mailer,
            publicUrl,
            allowPrivate: options.linkCheckAllowPrivate ?? false,
            all: periodKey.startsWith('manual:'),
          });
          if (tally.closed > 0) await options.onPublicChange?.();
          return tally;
        },
      },
      {
        // Finished runs are kept 30 days for `npm run tasks -- list`, then dropped.
        name: 'prune-task-runs',
        periodMs: 24 * 60 * MINUTE,
        run: async ({ now }) => {
          const rows = await queryRows<{ id: number }>(
            db,
            sql`delete from task_runs where status in ('succeeded', 'failed')
                and coalesce(finished_at, created_at) < ${new Date(now.getTime() - 30 * 24 * 60 * MINUTE)}
                returning id`,
          );
          return { deleted: rows.length };
        },
      },
      {
        // Hourly: each alert is due a day or a week after its last digest; a manual run
        // (`npm run tasks -- run alert-digests`) sends every alert's new jobs at once.
        name: 'alert-digests',
        periodMs: 60 * MINUTE,
        leaseMs: 30 * MINUTE,
        run: async ({ now, periodKey }) =>
          options.alertDigests
            ? options.alertDigests(now, periodKey.startsWith('manual:'))
            : { due: 0 },
      },
      {
        // Each connected ATS board hourly; a board's failed crawl closes nothing (ats-sync.ts).
        name: 'ats-sync',
        periodMs: 60 * MINUTE,
        leaseMs: 30 * MINUTE,
        run: async ({ now }) => (options.atsSync ? options.atsSync(now) : { connections: 0 }),
      },
      {
        // The listing also refreshes on demand (counts.ts, once per period via job_counts_refresh);
        // this keeps the counts fresh when nobody browses.
        name: 'counts-refresh',
        periodMs: 15 * MINUTE,
        run: async () => {
          await options.refreshCounts();
        },
      },
      ...(options.searchEnginePings
        ? [
            {
              name: 'search-engine-pings',
              periodMs: 2 * MINUTE,
              run: ({ now }: { now: Date }) => options.searchEnginePings!(now),
            },
          ]
        : []),
    ],
  });
}

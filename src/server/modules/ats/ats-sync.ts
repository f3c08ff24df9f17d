// The ATS board sync (DESIGN.md §10): reads a connected board whole, then adds new postings and
// updates changed ones through the employer job service (the job form's checks, review rules and
// counts), records when each job was last seen there, reopens a job that came back, and closes a
// job unseen for 48 hours — only after a crawl that read the whole board. A failed crawl changes
// no job and is kept on the connection for the dashboard. Time comes from the caller.
import { sql, type SQL } from 'drizzle-orm';
import type { Result } from '../../../shared/employer-services.ts';
import type {
  FailedSync,
  HeldJob,
  JobSourceRow,
  JobSourcesService,
  SyncOutcome,
  SyncSummary,
} from '../../../shared/job-source-services.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { createEmployerJobsService, notFound } from '../employer/employer-jobs.service.ts';
import { membershipOf } from '../employer/membership.ts';
import { boardFromAddress } from './board-address.ts';
import { createBoardGet } from './board-fetch.ts';
import { loadReference, mapPosting, type Reference } from './map-posting.ts';
import { SOURCES } from './sources.ts';
import {
  ATS_SOURCES,
  type AtsPosting,
  type AtsSourceName,
  type BoardGet,
} from './sources/types.ts';

export const UNSEEN_CLOSE_MS = 48 * 3_600_000;
export const NOT_SEEN_REASON = "no longer on the company's site";
/** A job closed while in review goes back to review when it reappears, never straight live. */
const NOT_SEEN_IN_REVIEW = `${NOT_SEEN_REASON} (was in review)`;
export const DISCONNECTED_REASON = 'its job source was disconnected';
/**
 * A board another company has connected: one board, one company (migration 0023), so its jobs are
 * never imported twice. The other company is not named; the operators sort out whose board it is.
 */
export const boardTakenMessage = (label: string, board: string) =>
  `${label} board "${board}" is already connected to another company on Openings, so its jobs are imported there. If it is your company's board, write to us through the contact page (/contact) and we will sort it out.`;
/** A crawl that started longer ago than this and never finished (a dead server) may start again. */
const CLAIM_LEASE_MS = 15 * 60_000;
const MAX_ERRORS = 20;
const DAY = 86_400_000;

export interface AtsSyncOptions {
  /** The board reader; tests inject one, the app builds it from the settings below. */
  get?: BoardGet;
  allowPrivate?: boolean;
  baseUrlOverride?: string;
  onPublicChange?: () => void;
  now?: () => Date;
}

interface ConnectionRow {
  id: number;
  company_id: number;
  source: AtsSourceName;
  board_id: string;
  created_by: string | null;
  disabled_reason: string | null;
}

interface JobState {
  id: number;
  external_id: string;
  status: string;
  is_active: boolean;
  valid_through: Date | string | null;
  closed_reason: string | null;
  hidden_reason: string | null;
  ats_hash: string | null;
  review_reason: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const JOB_STATE = sql`id, external_id, status, is_active, valid_through, closed_reason,
  hidden_reason, ats_hash, review_reason`;

const emptySummary = (found: number): SyncSummary => ({
  found,
  added: 0,
  waiting: 0,
  updated: 0,
  unchanged: 0,
  reopened: 0,
  closed: 0,
  held: 0,
  holds: [],
  failed: 0,
  errors: [],
});
/** A summary stored before `waiting` and `holds` were counted reads with them empty. */
const summaryOf = (stored: SyncSummary | string | null): SyncSummary | null =>
  stored === null
    ? null
    : {
        ...emptySummary(0),
        ...(typeof stored === 'string' ? (JSON.parse(stored) as SyncSummary) : stored),
      };

/** On the public side: live, switched on and not past its closing date (modules/jobs/data/listing-sql.ts ACTIVE). */
const isVisible = (j: JobState, now: Date) =>
  j.is_active &&
  j.status === 'live' &&
  (j.valid_through === null || new Date(j.valid_through) > now);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const boardUrlOf = (source: AtsSourceName, board: string) =>
  ({
    greenhouse: `https://boards.greenhouse.io/${board}`,
    lever: `https://jobs.lever.co/${board}`,
    ashby: `https://jobs.ashbyhq.com/${board}`,
    recruitee: `https://${board}.recruitee.com/`,
    smartrecruiters: `https://jobs.smartrecruiters.com/${board}`,
    workable: `https://apply.workable.com/${board}/`,
    personio: `https://${board}.jobs.personio.de/`,
  })[source];

export function createAtsSync(db: Db, options: AtsSyncOptions = {}) {
  const get =
    options.get ??
    createBoardGet({
      allowPrivate: options.allowPrivate,
      baseUrlOverride: options.baseUrlOverride,
    });
  const clock = options.now ?? (() => new Date());

  /** Reads the whole board; any page failing fails the crawl with a short reason. */
  async function crawl(
    source: AtsSourceName,
    board: string,
  ): Promise<{ ok: true; postings: AtsPosting[] } | { ok: false; error: string }> {
    try {
      const postings = await SOURCES[source].fetchAll(board, get);
      // One posting id once: a board that lists a job twice still has one job. Postings without
      // an id are all kept, for apply() to report each.
      const seen = new Set<string>();
      const once = (id: string) => id === '' || (!seen.has(id) && seen.add(id));
      return { ok: true, postings: postings.filter((p) => once(p.postingId)) };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, error: message.slice(0, 300) };
    }
  }

  /** Changes one job under a row lock; answers whether it entered or left the public side. */
  async function transition(jobId: number, set: SQL, now: Date): Promise<boolean> {
    return db.transaction(async (tx: Tx) => {
      const [before] = await queryRows<JobState>(
        tx as unknown as Db,
        sql`select ${JOB_STATE} from jobs where id = ${jobId} for update`,
      );
      if (!before) return false;
      await tx.execute(sql`update jobs set ${set} where id = ${jobId}`);
      const [after] = await queryRows<JobState>(
        tx as unknown as Db,
        sql`select ${JOB_STATE} from jobs where id = ${jobId}`,
      );
      // The stored counts follow by themselves (migration 0018's trigger).
      return isVisible(before, now) !== (after ? isVisible(after, now) : false);
    });
  }

  const closingOf = (now: Date) => new Date(Math.floor(now.getTime() / DAY) * DAY + 31 * DAY - 1);

  async function fallbackIds(companyId: number) {
    const [row] = await queryRows<{ city_id: number | null; role_id: number | null }>(
      db,
      sql`select (select city_id from jobs where company_id = ${companyId}
                  order by posted_at desc limit 1) as city_id,
                 (select min(id) from roles) as role_id`,
    );
    const [city] = await queryRows<{ id: number }>(db, sql`select min(id) as id from cities`);
    return { cityId: row?.city_id ?? city?.id ?? 1, roleId: row?.role_id ?? 1 };
  }

  /** Writes the crawl's postings; the caller has claimed the connection. */
  async function apply(
    connection: ConnectionRow,
    postings: AtsPosting[],
    now: Date,
  ): Promise<SyncSummary> {
    const summary = emptySummary(postings.length);
    const fail = (what: string, message: string) => {
      summary.failed += 1;
      if (summary.errors.length < MAX_ERRORS) summary.errors.push(`${what}: ${message}`);
    };
    const held = (title: string, reason: string) => {
      summary.held += 1;
      if (summary.holds.length < MAX_ERRORS) summary.holds.push({ title, reason });
    };
    let publicChanged = false;
    const jobsService = createEmployerJobsService(db, {
      now: () => now,
      onPublicChange: () => {
        publicChanged = true;
      },
    });
    const actor = { companyId: connection.company_id, by: connection.created_by };
    const ref: Reference = await loadReference(db);
    const fallback = {
      ...(await fallbackIds(connection.company_id)),
      boardUrl: boardUrlOf(connection.source, connection.board_id),
    };
    const prefix = `${connection.source}:`;
    const existing = new Map(
      (
        await queryRows<JobState>(
          db,
          sql`select ${JOB_STATE} from jobs where company_id = ${connection.company_id}
              and external_id like ${`${prefix}%`}`,
        )
      ).map((j) => [j.external_id, j]),
    );
    const closing = closingOf(now);

    for (const posting of postings) {
      // Saved, a posting without an id could never be found again on the next crawl (to update
      // or close it): reported as not saved instead.
      if (posting.postingId === '') {
        fail(
          posting.title ?? 'A posting without a title',
          'your board gives it no id, so it could not be kept up to date; not saved',
        );
        continue;
      }
      const externalId = `${prefix}${posting.postingId}`.slice(0, 200);
      const mapped = mapPosting(ref, posting, now, fallback);
      const reason = mapped.holdReasons.length > 0 ? mapped.holdReasons.join('; ') : null;
      const label = String(mapped.values.title);
      const job = existing.get(externalId);
      if (!job) {
        const result = await jobsService.submit(
          actor,
          { companyId: connection.company_id },
          mapped.values,
          { externalId },
        );
        if (!result.ok || result.value.jobId === null) {
          fail(label, result.ok ? 'not saved' : result.message);
          continue;
        }
        await db.execute(sql`update jobs set ats_connection_id = ${connection.id},
            last_seen_at = ${now}, ats_hash = ${mapped.hash}, review_reason = ${reason},
            posted_at = ${mapped.publishedAt ?? now}
          where id = ${result.value.jobId}`);
        if (reason) {
          held(label, reason);
          if (await hold(result.value.jobId, reason, now)) publicChanged = true;
        } else if (result.value.status === 'live') summary.added += 1;
        else summary.waiting += 1;
        continue;
      }

      const reopen =
        (job.status === 'closed' &&
          (job.closed_reason === NOT_SEEN_REASON || job.closed_reason === NOT_SEEN_IN_REVIEW)) ||
        job.status === 'expired';
      // Words or a link changed on the board that our team has not read (a company not verified
      // yet): a live job went back to review in the submit; a closed one reopens to review.
      let unreviewed = false;
      if (job.ats_hash !== mapped.hash) {
        const result = await jobsService.submit(
          actor,
          { companyId: connection.company_id, jobId: job.id },
          mapped.values,
        );
        if (!result.ok) fail(label, result.message);
        else {
          unreviewed = result.value.unreviewed === true;
          await db.execute(
            sql`update jobs set ats_hash = ${mapped.hash}, review_reason = ${reason} where id = ${job.id}`,
          );
          if (reason) {
            held(label, reason);
            if (await hold(job.id, reason, now)) publicChanged = true;
          } else if (result.value.sentToReview || (reopen && unreviewed)) summary.waiting += 1;
          else summary.updated += 1;
        }
      } else {
        summary.unchanged += 1;
        // The board's words are those our team saw live, but the company may have edited the
        // closed job since: a dry run of the board's values tells whether its words are not those.
        if (reopen) {
          const dry = await jobsService.submit(
            actor,
            { companyId: connection.company_id, jobId: job.id },
            mapped.values,
            { dryRun: true },
          );
          unreviewed = !dry.ok || dry.value.unreviewed === true;
          if (unreviewed) summary.waiting += 1;
        }
      }

      const reopenTo =
        job.closed_reason === NOT_SEEN_IN_REVIEW ||
        job.review_reason !== null ||
        reason ||
        unreviewed
          ? 'in_review'
          : 'live';
      const set = reopen
        ? sql`status = ${reopenTo}, is_active = (${reopenTo} = 'live' and hidden_reason is null),
            closed_at = null, closed_reason = null, valid_through = ${closing},
            last_seen_at = ${now}, ats_connection_id = ${connection.id}, updated_at = ${now}`
        : sql`last_seen_at = ${now}, ats_connection_id = ${connection.id},
            valid_through = case when status in ('live', 'in_review')
              and (valid_through is null or valid_through < ${new Date(closing.getTime() - DAY)})
              then ${closing} else valid_through end`;
      if (await transition(job.id, set, now)) publicChanged = true;
      if (reopen) summary.reopened += 1;
    }

    // Only now, after the whole board was read: what it no longer lists for 48 hours closes.
    const stale = await queryRows<{ id: number; status: string }>(
      db,
      sql`select id, status from jobs where ats_connection_id = ${connection.id}
          and status in ('live', 'in_review')
          and (last_seen_at is null or last_seen_at < ${new Date(now.getTime() - UNSEEN_CLOSE_MS)})`,
    );
    for (const job of stale) {
      const why = job.status === 'in_review' ? NOT_SEEN_IN_REVIEW : NOT_SEEN_REASON;
      const changed = await transition(
        job.id,
        sql`status = 'closed', is_active = false, closed_at = ${now}, closed_reason = ${why},
          updated_at = ${now}`,
        now,
      );
      if (changed) publicChanged = true;
      summary.closed += 1;
    }
    if (publicChanged) options.onPublicChange?.();
    return summary;
  }

  /** Holds a job in review (off the public side) with the reason an operator reads. */
  function hold(jobId: number, reason: string, now: Date) {
    return transition(
      jobId,
      sql`review_reason = ${reason},
        is_active = case when status = 'live' then false else is_active end,
        status = case when status = 'live' then 'in_review' else status end, updated_at = ${now}`,
      now,
    );
  }

  /**
   * Crawls one connection and applies it; null when another crawl of it is running. With
   * `postings`, the board already read (the test crawl on connect) is applied as it is.
   */
  async function syncConnection(
    connectionId: number,
    now: Date,
    postings?: AtsPosting[],
  ): Promise<SyncOutcome | null> {
    const [connection] = await queryRows<ConnectionRow>(
      db,
      sql`update ats_connections set last_crawl_started_at = ${now}
          where id = ${connectionId} and disabled_reason is null and (last_crawl_started_at is null
            or (last_crawl_finished_at is not null and last_crawl_finished_at >= last_crawl_started_at)
            or last_crawl_started_at < ${new Date(now.getTime() - CLAIM_LEASE_MS)})
          returning id, company_id, source, board_id, created_by, disabled_reason`,
    );
    if (!connection) return null;
    const read = postings
      ? { ok: true as const, postings }
      : await crawl(connection.source, connection.board_id);
    if (!read.ok) {
      await db.execute(sql`update ats_connections set status = 'failed', last_error = ${read.error},
          last_crawl_finished_at = ${now} where id = ${connection.id}`);
      return { ok: false, error: read.error };
    }
    try {
      const summary = await apply(connection, read.postings, now);
      await db.execute(sql`update ats_connections set status = 'ok', last_error = null,
          last_crawl_finished_at = ${now}, last_success_at = ${now},
          jobs_seen = ${read.postings.length}, last_summary = ${JSON.stringify(summary)}::jsonb
        where id = ${connection.id}`);
      return { ok: true, summary };
    } catch (err) {
      const error =
        `could not save the postings: ${err instanceof Error ? err.message : String(err)}`.slice(
          0,
          300,
        );
      await db.execute(sql`update ats_connections set status = 'failed', last_error = ${error},
          last_crawl_finished_at = ${now} where id = ${connection.id}`);
      throw err;
    }
  }

  /** The hourly task: every connection in turn; one board's failure never stops the others. */
  async function syncAll(now: Date) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from ats_connections where disabled_reason is null order by id`,
    );
    let failed = 0;
    let skipped = 0;
    for (const { id } of rows) {
      const outcome = await syncConnection(id, now).catch(() => ({
        ok: false as const,
        error: '',
      }));
      if (outcome === null) skipped += 1;
      else if (!outcome.ok) failed += 1;
    }
    return { connections: rows.length, failed, skipped };
  }

  const forbidden = {
    ok: false as const,
    reason: 'forbidden' as const,
    message: "Only the company's owners manage its job sources",
  };

  async function ownerOf(accountId: string, companyId: number) {
    const member = await membershipOf(db, accountId, companyId);
    if (!member) return notFound('Company');
    if (member.role !== 'owner') return forbidden;
    return null;
  }

  async function ownConnection(accountId: string, connectionId: number) {
    if (!Number.isSafeInteger(connectionId) || connectionId < 1 || connectionId > 2_147_483_647)
      return { refusal: notFound('Job source') };
    const [row] = await queryRows<ConnectionRow>(
      db,
      sql`select id, company_id, source, board_id, created_by, disabled_reason from ats_connections
          where id = ${connectionId}`,
    );
    if (!row) return { refusal: notFound('Job source') };
    const refusal = await ownerOf(accountId, row.company_id);
    if (refusal)
      return { refusal: refusal.reason === 'not-found' ? notFound('Job source') : refusal };
    return { connection: row };
  }

  const service: JobSourcesService = {
    sources: () =>
      ATS_SOURCES.map((name) => ({
        name,
        label: SOURCES[name].label,
        boardLabel: SOURCES[name].boardLabel,
        boardHint: SOURCES[name].boardHint,
      })),

    async list(accountId, companyId): Promise<Result<JobSourceRow[]>> {
      const refusal = await ownerOf(accountId, companyId);
      if (refusal) return refusal;
      const rows = await queryRows<{
        id: number;
        source: AtsSourceName;
        board_id: string;
        status: JobSourceRow['status'];
        last_crawl_started_at: Date | string | null;
        last_crawl_finished_at: Date | string | null;
        last_success_at: Date | string | null;
        last_error: string | null;
        jobs_seen: number;
        last_summary: SyncSummary | string | null;
        live_jobs: number;
        review_jobs: number;
      }>(
        db,
        sql`select c.*,
              (select count(*)::int from jobs j where j.ats_connection_id = c.id
                and j.status = 'live') as live_jobs,
              (select count(*)::int from jobs j where j.ats_connection_id = c.id
                and j.status = 'in_review') as review_jobs
            from ats_connections c where c.company_id = ${companyId} order by c.id`,
      );
      const heldRows = await queryRows<HeldJob & { connection_id: number }>(
        db,
        sql`select id as "jobId", title, review_reason as reason, ats_connection_id as connection_id
            from jobs where company_id = ${companyId} and ats_connection_id is not null
              and status = 'in_review' and review_reason is not null
            order by title, id`,
      );
      return {
        ok: true,
        value: rows.map((r) => ({
          id: r.id,
          source: r.source,
          sourceLabel: SOURCES[r.source]?.label ?? r.source,
          boardId: r.board_id,
          status: r.status,
          lastCrawlStartedAt: iso(r.last_crawl_started_at),
          lastCrawlFinishedAt: iso(r.last_crawl_finished_at),
          lastSuccessAt: iso(r.last_success_at),
          lastError: r.last_error,
          jobsSeen: r.jobs_seen,
          summary: summaryOf(r.last_summary),
          liveJobs: r.live_jobs,
          reviewJobs: r.review_jobs,
          held: heldRows
            .filter((h) => h.connection_id === r.id)
            .map(({ jobId, title, reason }) => ({ jobId, title, reason })),
        })),
      };
    },

    async connect(accountId, companyId, input) {
      const refusal = await ownerOf(accountId, companyId);
      if (refusal) return refusal;
      const invalid = (field: string, message: string) => ({
        ok: false as const,
        reason: 'invalid' as const,
        message,
        fieldErrors: { [field]: message },
      });
      const typed = typeof input.boardId === 'string' ? input.boardId.trim() : '';
      // A pasted board address gives the name, and the system when none was chosen.
      const address = boardFromAddress(typed);
      const chosen = typeof input.source === 'string' ? input.source : '';
      const sourceName = chosen === '' && address ? address.source : chosen;
      if (!(ATS_SOURCES as readonly string[]).includes(sourceName))
        return invalid('source', 'Source: choose one of the listed systems');
      const source = SOURCES[sourceName as AtsSourceName];
      if (address && address.source !== source.name)
        return invalid(
          'boardId',
          `${source.boardLabel}: that is the address of a ${SOURCES[address.source].label} board; choose ${SOURCES[address.source].label} as the system, or give your ${source.label} board`,
        );
      const board = address ? address.board : typed;
      if (board === '') return invalid('boardId', `${source.boardLabel}: ${source.boardHint}`);
      if (board.length > source.boardMaxLength)
        return invalid(
          'boardId',
          `${source.boardLabel}: at most ${source.boardMaxLength} characters (this one has ${board.length})`,
        );
      if (!source.boardPattern.test(board))
        return invalid(
          'boardId',
          `${source.boardLabel}: letters, digits, dashes or underscores, as in your ${source.label} address`,
        );
      const [taken] = await queryRows<{ id: number }>(
        db,
        sql`select id from ats_connections where company_id = ${companyId}
            and source = ${source.name} and lower(board_id) = lower(${board})`,
      );
      if (taken) return invalid('boardId', `${source.label} board "${board}" is already connected`);
      // Another company's: refused before the board is read (the index refuses it too, in a race).
      const elsewhere = async () =>
        (
          await queryRows<{ id: number }>(
            db,
            sql`select id from ats_connections where company_id <> ${companyId}
                and source = ${source.name} and lower(board_id) = lower(${board})
                and disabled_reason is null`,
          )
        ).length > 0;
      if (await elsewhere()) return invalid('boardId', boardTakenMessage(source.label, board));
      const read = await crawl(source.name, board);
      if (!read.ok)
        return invalid(
          'boardId',
          `We could not read ${source.label} board "${board}": ${read.error}`,
        );
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into ats_connections (company_id, source, board_id, created_by)
            values (${companyId}, ${source.name}, ${board}, ${accountId})
            on conflict do nothing returning id`,
      );
      if (!row)
        return invalid(
          'boardId',
          (await elsewhere())
            ? boardTakenMessage(source.label, board)
            : `${source.label} board "${board}" is already connected`,
        );
      const outcome = await syncConnection(row.id, clock(), read.postings);
      return {
        ok: true,
        value: {
          connectionId: row.id,
          source: source.name,
          boardId: board,
          outcome: outcome ?? { ok: false, error: 'already syncing' },
        },
      };
    },

    async failures(accountId, companyId): Promise<Result<FailedSync[]>> {
      if (!(await membershipOf(db, accountId, companyId))) return notFound('Company');
      const rows = await queryRows<{
        source: AtsSourceName;
        board_id: string;
        last_error: string | null;
        last_crawl_finished_at: Date | string | null;
      }>(
        db,
        sql`select source, board_id, last_error, last_crawl_finished_at from ats_connections
            where company_id = ${companyId} and status = 'failed' order by id`,
      );
      return {
        ok: true,
        value: rows.map((r) => ({
          sourceLabel: SOURCES[r.source]?.label ?? r.source,
          boardId: r.board_id,
          error: r.last_error ?? 'the board could not be read',
          at: iso(r.last_crawl_finished_at),
        })),
      };
    },

    async syncNow(accountId, connectionId) {
      const own = await ownConnection(accountId, connectionId);
      if (own.refusal) return own.refusal;
      // Switched off (a board another company connected first, migration 0023): it says why.
      if (own.connection.disabled_reason !== null)
        return { ok: true, value: { ok: false, error: own.connection.disabled_reason } };
      const outcome = await syncConnection(connectionId, clock());
      return {
        ok: true,
        value: outcome ?? { ok: false, error: 'A sync of this board is already running' },
      };
    },

    async disconnect(accountId, connectionId, jobs) {
      const own = await ownConnection(accountId, connectionId);
      if (own.refusal) return own.refusal;
      const now = clock();
      let closed = 0;
      let changed = false;
      const open = await queryRows<{ id: number }>(
        db,
        sql`select id from jobs where ats_connection_id = ${connectionId}
            and status in ('live', 'in_review')`,
      );
      if (jobs === 'close') {
        for (const { id } of open) {
          if (
            await transition(
              id,
              sql`status = 'closed', is_active = false, closed_at = ${now},
                closed_reason = ${DISCONNECTED_REASON}, updated_at = ${now}`,
              now,
            )
          )
            changed = true;
          closed += 1;
        }
      }
      // Kept jobs become the company's own: no freshness is claimed for them any more.
      await db.execute(sql`update jobs set last_seen_at = null, ats_connection_id = null
          where ats_connection_id = ${connectionId}`);
      await db.execute(sql`delete from ats_connections where id = ${connectionId}`);
      if (changed) options.onPublicChange?.();
      return { ok: true, value: { closed } };
    },
  };

  return { service, syncConnection, syncAll, crawl };
}

export type AtsSync = ReturnType<typeof createAtsSync>;

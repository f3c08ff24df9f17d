// The view counter: one view per visitor per job per 24 hours. An accepted view is written in the
// same statement as its dedupe row (job_views.pending), so a view answered "counted" survives a
// database outage, a SIGTERM and a crash; a flusher on every server moves pending counts to
// jobs.views every few seconds in one statement, so a busy job costs one UPDATE per flush and no
// view is counted twice, however many servers flush.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export type ViewOutcome = 'counted' | 'repeat' | 'inactive' | 'not-found';

export interface ViewsService {
  /** Records a view of the job by the visitor and says whether it counted (and why not). */
  record(pageUrl: string, visitorId: string): Promise<ViewOutcome>;
  /** Moves the pending counts to jobs.views now; resolves with how many views it moved. */
  flush(): Promise<number>;
  /** Stops the timer and makes a last flush; a failed one loses nothing (the rows keep it). */
  close(): Promise<void>;
}

export interface ViewsOptions {
  /** How often pending views are moved to jobs.views. */
  flushEveryMs?: number;
  /** A flush failed (database away): the counts stay pending for the next one. */
  onFlushError?: (err: unknown) => void;
  /** A flush succeeded: the database answers. */
  onFlushOk?: () => void;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * One flush at a time across all servers (a transaction-scoped advisory lock: two flushers that
 * each updated the same jobs rows in a different order could deadlock). The key is arbitrary.
 */
const FLUSH_LOCK = 7_215_001;

export function createViewsService(db: Db, options: ViewsOptions = {}): ViewsService {
  const flushEveryMs = options.flushEveryMs ?? 2000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let lastPrune = Date.now();
  let closed = false;

  async function write(): Promise<number> {
    // Rows locked by another flusher are skipped (it moves them); a record() that hits a locked
    // row waits for this statement and then adds to the zeroed count.
    const [row] = await queryRows<{ moved: number }>(
      db,
      sql`with locked as (
            select pg_try_advisory_xact_lock(${FLUSH_LOCK}) as got
          ), taken as (
            select visitor_id, job_id, pending from job_views
            where pending > 0 and (select got from locked)
            for update skip locked
          ), cleared as (
            update job_views v set pending = v.pending - t.pending
            from taken t where v.visitor_id = t.visitor_id and v.job_id = t.job_id
            returning t.job_id, t.pending
          ), added as (
            update jobs set views = jobs.views + s.n
            from (select job_id, sum(pending)::int as n from cleared group by job_id) s
            where jobs.id = s.job_id
            returning s.n
          )
          select coalesce(sum(n), 0)::int as moved from added`,
    );
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db.execute(
        sql`delete from job_views where counted_at < now() - interval '24 hours' and pending = 0`,
      );
    }
    return row?.moved ?? 0;
  }

  // One write at a time per server: a flush waits for the one before it.
  function flush(): Promise<number> {
    running = running.catch(() => 0).then(write);
    return running;
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      void flush().then(
        () => options.onFlushOk?.(),
        (err: unknown) => options.onFlushError?.(err),
      );
      schedule();
    }, flushEveryMs);
    timer.unref();
  }
  schedule();

  return {
    async record(pageUrl, visitorId) {
      // One statement: the job's state, and the dedupe row with its pending view when it counts.
      const [job] = await queryRows<{ active: boolean; counted: boolean }>(
        db,
        sql`with job as (
              select id, (is_active and (valid_through is null or valid_through > now())) as active
              from jobs where page_url = ${pageUrl}
            ), counted as (
              insert into job_views (visitor_id, job_id, counted_at, pending)
              select ${visitorId}, id, now(), 1 from job where active
              on conflict (visitor_id, job_id) do update
                set counted_at = now(), pending = job_views.pending + 1
                where job_views.counted_at < now() - interval '24 hours'
              returning job_id
            )
            select active, exists (select 1 from counted) as counted from job`,
      );
      if (!job) return 'not-found';
      if (!job.active) return 'inactive';
      return job.counted ? 'counted' : 'repeat';
    },
    flush,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      try {
        await flush();
      } catch (err) {
        options.onFlushError?.(err);
      }
    },
  };
}

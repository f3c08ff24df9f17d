// The view counter: one view per visitor per job per 24 hours (through job_views), with accepted
// views added up in memory and written to jobs.views every few seconds and on close, so a busy
// job costs one UPDATE per flush instead of one per view. A failed flush keeps its counts.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export type ViewOutcome = 'counted' | 'repeat' | 'inactive' | 'not-found';

export interface ViewsService {
  /** Records a view of the job by the visitor and says whether it counted (and why not). */
  record(pageUrl: string, visitorId: string): Promise<ViewOutcome>;
  /** Writes the buffered counts now. */
  flush(): Promise<void>;
  /** Final flush; call before the database closes. */
  close(): Promise<void>;
  /** Views accepted but not yet written, per job id (for tests and diagnostics). */
  pending(): ReadonlyMap<number, number>;
}

export interface ViewsOptions {
  /** Longest time an accepted view waits in memory. */
  flushAfterMs?: number;
  onFlushError?: (err: unknown) => void;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function createViewsService(db: Db, options: ViewsOptions = {}): ViewsService {
  const flushAfterMs = options.flushAfterMs ?? 2000;
  const buffer = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPrune = Date.now();

  function schedule() {
    if (timer || buffer.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush().catch(
        options.onFlushError ??
          ((err: unknown) => console.error('view counts not written yet; will retry', err)),
      );
    }, flushAfterMs);
    timer.unref();
  }

  async function write() {
    if (buffer.size === 0) return;
    const batch = [...buffer];
    buffer.clear();
    try {
      const rows = sql.join(
        batch.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await db.execute(
        sql`update jobs set views = jobs.views + v.n from (values ${rows}) as v(id, n) where jobs.id = v.id`,
      );
    } catch (err) {
      for (const [id, n] of batch) buffer.set(id, (buffer.get(id) ?? 0) + n);
      schedule();
      throw err;
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db.execute(sql`delete from job_views where counted_at < now() - interval '24 hours'`);
    }
  }

  // One write at a time: a flush waits for the one before it, then writes what is left.
  function flush(): Promise<void> {
    running = running.catch(() => {}).then(write);
    return running;
  }

  return {
    async record(pageUrl, visitorId) {
      const [job] = await queryRows<{ id: number; active: boolean }>(
        db,
        sql`select id, (is_active and (valid_through is null or valid_through > now())) as active
            from jobs where page_url = ${pageUrl}`,
      );
      if (!job) return 'not-found';
      if (!job.active) return 'inactive';
      const counted = await queryRows<{ job_id: number }>(
        db,
        sql`insert into job_views (visitor_id, job_id, counted_at)
            values (${visitorId}, ${job.id}, now())
            on conflict (visitor_id, job_id) do update set counted_at = now()
              where job_views.counted_at < now() - interval '24 hours'
            returning job_id`,
      );
      if (counted.length === 0) return 'repeat';
      buffer.set(job.id, (buffer.get(job.id) ?? 0) + 1);
      schedule();
      return 'counted';
    },
    flush,
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
    pending: () => buffer,
  };
}

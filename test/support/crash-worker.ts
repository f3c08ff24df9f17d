// The process crash-safety.test.ts kills with SIGKILL over and over: it opens an embedded
// database the way the server does (openDatabase: the lock, the worker thread) and works on it,
// printing what it has committed, one line per fact, so the test knows what must survive.
//   seed DATA_DIR    bulk-seeds more and more jobs (db:seed's seedBulk), forever
//   views DATA_DIR   counts views and flushes them to jobs.views (the view counter), forever
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { seedBulk } from '../../src/server/db/seed/bulk.ts';
import { createViewsService } from '../../src/server/modules/views/views.service.ts';

const [mode, dataDir] = process.argv.slice(2);
if ((mode !== 'seed' && mode !== 'views') || !dataDir) {
  console.error('usage: crash-worker.ts seed|views DATA_DIR');
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const database = await openDatabase({ dataDir, command: `crash test (${mode})` });
const { db } = database;
const one = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

if (mode === 'seed') {
  let jobs = await one(sql`select count(*)::int as n from jobs`);
  say(`open jobs=${jobs}`);
  for (;;) {
    // Few templates: each load is quick, so that kills land before, inside and after commits.
    const result = await seedBulk(db, { jobs: jobs + 300, templates: 40, log: (m) => say(m) });
    jobs = result.total;
    say(`committed jobs=${jobs}`);
  }
} else {
  const views = () => one(sql`select coalesce(sum(views), 0)::int as n from jobs`);
  const pending = () => one(sql`select coalesce(sum(pending), 0)::int as n from job_views`);
  let flushed = await views();
  let total = flushed + (await pending());
  say(`open views=${flushed} total=${total}`);
  const pages = await queryRows<{ page_url: string }>(
    db,
    sql`select page_url from jobs where is_active order by id limit 50`,
  );
  // Flushed by hand below, so that the test knows what each flush committed.
  const counter = createViewsService(db, { flushEveryMs: 3_600_000 });
  for (let round = 0; ; round++) {
    for (let i = 0; i < 5; i++) {
      const page = pages[(round * 5 + i) % pages.length]!.page_url;
      if ((await counter.record(page, randomUUID())) === 'counted') say(`counted total=${++total}`);
    }
    flushed += await counter.flush();
    say(`flushed views=${flushed}`);
  }
}

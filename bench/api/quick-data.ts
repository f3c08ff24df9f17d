// Fills a database with N synthetic active jobs straight in SQL, for measuring the listing when
// the real generator (`npm run db:seed`) is not at hand: `tsx bench/api/quick-data.ts --jobs 1000000`
// with DATABASE_URL set. Reference rows: 500 companies, 120 roles, 400 cities, 6 levels.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '1000000' } } });
const total = Number(values.jobs);
const url = process.env.DATABASE_URL;
if (!url || !Number.isInteger(total) || total < 1) {
  console.error('usage: DATABASE_URL=postgres://… tsx bench/api/quick-data.ts --jobs N');
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
await database.migrate();
const { db } = database;
const started = Date.now();
await db.execute(
  sql`insert into experience_levels (id, name) select g, g || ' year' from generate_series(0, 5) g on conflict do nothing`,
);
await db.execute(
  sql`insert into countries (name, iso2, iso3, currency, symbol) values ('India','IN','IND','INR','₹'), ('Germany','DE','DEU','EUR','€') on conflict do nothing`,
);
await db.execute(
  sql`insert into states (country_id, name, state_code) select (g % 2) + 1, 'State ' || g, 'S' || g from generate_series(1, 20) g on conflict do nothing`,
);
await db.execute(
  sql`insert into cities (state_id, name, name_search) select (g % 20) + 1, 'City ' || g, 'city ' || g from generate_series(1, 400) g`,
);
await db.execute(
  sql`insert into companies (company_name, name_search, company_logo) select 'Company ' || g, 'company ' || g, '/logos/c.svg' from generate_series(1, 500) g`,
);
await db.execute(
  sql`insert into roles (name, sort_name, name_search) select 'Role ' || g, 'R' || g, 'role ' || g from generate_series(1, 120) g on conflict do nothing`,
);
await db.execute(
  sql`insert into job_types (name) values ('Full-time'), ('Part-time') on conflict do nothing`,
);
const words = sql.raw(
  `array['react','node','python','java','sql','kubernetes','design','sales','finance','support']`,
);
const batch = 100_000;
for (let from = 0; from < total; from += batch) {
  const to = Math.min(total, from + batch);
  await db.execute(sql`
    insert into jobs (page_url, title, company_id, city_id, role_id, job_type_id, experience_level_id,
      posted_at, views, description, skills, search_tags, valid_through, is_active)
    select 'bench-job-' || g, 'Engineer ' || (${words})[1 + g % 10], 1 + (g * 7) % 500,
      1 + (g * 13) % 400, 1 + (g * 31) % 120, 1 + g % 2, g % 6,
      now() - (g % 86400) * interval '1 minute' - g * interval '1 microsecond', (g * 17) % 5000,
      'A job.', array[(${words})[1 + (g / 10) % 10]], array['tag' || g % 50],
      case when g % 50 = 0 then now() - interval '1 day' end, g % 40 <> 0
    from generate_series(${from + 1}::int, ${to}::int) g`);
  console.log(`${to} jobs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
await db.execute(sql`vacuum analyze`);
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();

// Writes the demo data set (generate.ts) into an empty database in one transaction.
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  appDetails,
  cities,
  companies,
  countries,
  experienceLevels,
  jobs,
  jobTypes,
  posters,
  roles,
  salaryTypes,
  states,
} from '../schema.ts';
import {
  type DemoData,
  generateDemo,
  type GenerateOptions,
  type ReferenceRows,
} from './generate.ts';
import { createDemoAccounts } from './demo-accounts.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 200;

async function insertAll(db: Db, table: PgTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Rows come from the generator typed against the same table.
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

/** Rows were written with explicit ids, so each serial sequence must move past them. */
async function syncSequences(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}

export async function insertReference(db: Db, ref: ReferenceRows): Promise<void> {
  await insertAll(db, countries, ref.countries);
  await insertAll(db, states, ref.states);
  await insertAll(db, cities, ref.cities);
  await insertAll(db, roles, ref.roles);
  await insertAll(db, jobTypes, ref.jobTypes);
  await insertAll(db, experienceLevels, ref.experienceLevels);
  await insertAll(db, salaryTypes, ref.salaryTypes);
  await insertAll(db, posters, ref.posters);
  await db.insert(appDetails).values(ref.appDetails).onConflictDoNothing();
}

async function insertDemo(db: Db, data: DemoData): Promise<void> {
  await insertReference(db, data);
  await insertAll(db, companies, data.companies);
  await insertAll(db, jobs, data.jobs);
  await syncSequences(db, [
    'countries',
    'states',
    'cities',
    'roles',
    'job_types',
    'salary_types',
    'posters',
    'companies',
    'jobs',
  ]);
}

/**
 * Writes the demo data set; the database must hold no jobs, companies or reference rows.
 * `demoAccounts` adds the demo employer accounts in the same transaction, as seedDemoIfEmpty does.
 */
export async function seedDemo(
  db: Db,
  options: GenerateOptions & { demoAccounts?: boolean } = {},
): Promise<DemoData> {
  const data = generateDemo(options);
  await db.transaction(async (tx) => {
    await insertDemo(tx as unknown as Db, data);
    if (options.demoAccounts) await createDemoAccounts(tx as unknown as Db);
  });
  return data;
}

export async function hasJobs(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  return (row?.n ?? 0) > 0;
}

/** The advisory lock seeding holds for its transaction (an arbitrary key). */
const SEED_LOCK = 7_261_003;

/**
 * Fills an empty database with the demo data set; answers whether it did. Servers started together
 * on a new PostgreSQL database each try: one seeds, the others wait for its lock and then find the
 * jobs it wrote. `demoAccounts` adds a demo employer account per company (demo-accounts.ts): the
 * embedded default only, or PostgreSQL when asked (DEMO_ACCOUNTS=true).
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { demoAccounts?: boolean } = {},
): Promise<boolean> {
  if (await hasJobs(db)) return false;
  const data = generateDemo();
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK})`));
    if (await hasJobs(tx as unknown as Db)) return false;
    await insertDemo(tx as unknown as Db, data);
    if (options.demoAccounts) await createDemoAccounts(tx as unknown as Db);
    return true;
  });
}

// Text nobody can see, through the posting API and npm run jobs:import (QA F9): both check a job
// with the job form's contract, so a title of zero-width spaces is no title there either.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerApiPaths } from '../../../shared/contract/employer-api.ts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';
import { buildApiApp } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { insertAccount } from '../../../../test/support/employer.ts';
import { createEmployerJobsService } from '../employer/employer-jobs.service.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { importJobs } from './job-import.ts';

let database: TestDatabase;
let app: App;
let ref: Reference;
let key = '';

/** A job as JSON sends it, with `overrides`. */
const job = (overrides: Record<string, unknown> = {}) => ({
  title: 'Platform Engineer',
  roleId: ref.roles.sde,
  cityId: ref.cities.bengaluru,
  jobTypeId: ref.jobTypes.fullTime,
  experienceLevel: 2,
  salaryMode: 'range',
  salaryFrom: 70000,
  salaryTo: 95000,
  salaryTypeId: ref.salaryTypes.monthly,
  noOfOpening: 2,
  applyLink: 'https://careers.acme.example/platform',
  description: 'Keep our platform fast and boring, with a team that writes things down.',
  ...overrides,
});

const INVISIBLE = {
  title: '\u200b'.repeat(5),
  description: '\u200b\u200c\u200d\u2060'.repeat(10),
  salaryFrom: 0,
  salaryTo: 0,
};
const REFUSED = {
  title: 'Title is required',
  description: 'Description is required',
  salaryTo: 'Salary to must be more than 0',
};

const jobsOf = async (companyId: number) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where company_id = ${companyId}`,
    )
  )[0]?.n;

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  // Verified: its jobs would go live at once.
  await database.db
    .update(companies)
    .set({ verified: true })
    .where(eq(companies.id, ref.companies.acme));
  const owner = (await insertAccount(database.db, 'owner@acme.example')).id;
  await database.db
    .insert(companyMembers)
    .values({ companyId: ref.companies.acme, userId: owner, role: 'owner' });
  const keys = createApiKeysService(database.db, {
    secret: 'a-test-secret-of-at-least-32-characters!!',
  });
  const made = await keys.create(owner, ref.companies.acme, {
    name: 'ats',
    scopes: ['jobs:read', 'jobs:write'],
  });
  if (!made.ok) throw new Error(made.message);
  key = made.value.key;
  app = await buildApiApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('invisible text from other sources than the form', () => {
  it('the posting API refuses it, field by field', async () => {
    const before = await jobsOf(ref.companies.acme);
    const res = await app.inject({
      method: 'POST',
      url: employerApiPaths.jobs,
      headers: { authorization: `Bearer ${key}` },
      payload: job(INVISIBLE),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().content.fieldErrors).toEqual(REFUSED);
    expect(await jobsOf(ref.companies.acme)).toBe(before);
  });

  it('npm run jobs:import reports it on its row and imports the good rows', async () => {
    const [acme] = await database.db
      .select({ slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, ref.companies.acme));
    const report = await importJobs({
      db: database.db,
      jobs: createEmployerJobsService(database.db),
      companySlug: acme!.slug,
      text: JSON.stringify([
        job({ externalId: 'seen-1' }),
        job({ externalId: 'unseen-2', ...INVISIBLE }),
      ]),
      dryRun: false,
    });
    expect(report.created).toEqual(['seen-1']);
    expect(report.problems.map((p) => [p.row, p.field, p.message])).toEqual(
      Object.entries(REFUSED).map(([field, message]) => [2, field, message]),
    );
  });
});

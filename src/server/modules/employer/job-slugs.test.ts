// A job posted through the form (or the posting API, or an import, which go through the same
// service) gets a page slug that reads as the job: its title and city, then a random tail. A job
// keeps its slug when edited, so the older title-only slugs keep working.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  type TestAccount,
  validForm,
} from '../../../../test/support/employer.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { slugFor } from './employer-jobs.service.ts';

let database: TestDatabase;
let ref: Reference;
let svc: ReturnType<typeof employerServices>;
let owner: TestAccount;
let companyId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  svc = employerServices(database.db);
  owner = await insertAccount(database.db, 'owner@slugs.example');
  const made = await svc.companies.create(owner, companyForm('Slugs', 'https://www.slugs.example'));
  if (!made.ok) throw new Error(made.message);
  companyId = made.value.companyId;
});
afterAll(() => database?.close());

const TAIL = '[0-9a-f]{10}';

describe('job page slugs', () => {
  it('read as the title and the city, folded to Latin letters', () => {
    expect(slugFor('Senior Backend Engineer (m/w/d)', 'Bengaluru')).toMatch(
      new RegExp(`^senior-backend-engineer-m-w-d-bengaluru-${TAIL}$`),
    );
    expect(slugFor('Straßenbau-Ingenieur', 'Köln')).toMatch(
      new RegExp(`^strasenbau-ingenieur-koln-${TAIL}$`),
    );
    // No Latin letters in the title: the city still says where.
    expect(slugFor('Инженер', 'Munich')).toMatch(new RegExp(`^job-munich-${TAIL}$`));
    expect(slugFor('x'.repeat(200), 'Pune').length).toBeLessThanOrEqual(80 + 5 + 11);
  });

  it('a job posted through the form gets one; an edit keeps it, and an older slug still opens its job', async () => {
    const posted = await svc.jobs.submit(
      owner.id,
      { companyId },
      validForm(ref, { title: 'Data Engineer', cityId: String(ref.cities.pune) }),
    );
    if (!posted.ok) throw new Error(posted.message);
    const pageUrl = posted.value.pageUrl!;
    expect(pageUrl).toMatch(new RegExp(`^data-engineer-pune-${TAIL}$`));
    const edited = await svc.jobs.submit(
      owner.id,
      { companyId, jobId: posted.value.jobId! },
      validForm(ref, { title: 'Senior Data Engineer', cityId: String(ref.cities.pune) }),
    );
    expect(edited).toMatchObject({ ok: true, value: { pageUrl } });
    // A job posted before this change keeps its title-only slug, and its page opens.
    await database.db
      .update(jobs)
      .set({ pageUrl: 'senior-data-engineer-0a1b2c3d4e' })
      .where(eq(jobs.id, posted.value.jobId!));
    const found = await createJobsService(database.db).get('senior-data-engineer-0a1b2c3d4e');
    expect(found).toMatchObject({ status: 'found', job: { title: 'Senior Data Engineer' } });
  });
});

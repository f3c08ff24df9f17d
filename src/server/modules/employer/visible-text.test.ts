// Text nobody can see on the employer's forms (QA F9): the job form as the web form sends it,
// on a real database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
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

describe('visible text on the employer forms', () => {
  let database: TestDatabase;
  let ref: Reference;
  let svc: ReturnType<typeof employerServices>;
  let owner: TestAccount;
  let companyId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    svc = employerServices(database.db);
    owner = await insertAccount(database.db, 'hiring@paysetu.example');
    // Verified: its jobs go live as posted, so nothing invisible may pass.
    const made = await svc.companies.create(
      owner,
      companyForm('Paysetu Technologies', 'https://paysetu.example'),
    );
    if (!made.ok || !made.value.verified) throw new Error('company not created verified');
    companyId = made.value.companyId;
  });
  afterAll(() => database.close());

  it('refuses a job whose title and description are only invisible characters, and 0–0 pay', async () => {
    const result = await svc.jobs.submit(
      owner.id,
      { companyId },
      validForm(ref, {
        title: '\u200b'.repeat(5),
        description: '\u200b\u200c\u200d\u2060'.repeat(10),
        salaryFrom: '0',
        salaryTo: '0',
      }),
    );
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!result.ok && result.fieldErrors).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      salaryTo: 'Salary to must be more than 0',
    });
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where company_id = ${companyId}`,
    );
    expect(n).toBe(0);
  });

  it('saves a title without the invisible characters at its ends', async () => {
    const result = await svc.jobs.submit(
      owner.id,
      { companyId },
      validForm(ref, { title: '\u200b\ufeffPayments Engineer\u200b\u2060 ' }),
    );
    expect(result).toMatchObject({ ok: true, value: { status: 'live' } });
    const [row] = await database.db
      .select({ title: jobs.title })
      .from(jobs)
      .where(eq(jobs.id, (result.ok && result.value.jobId) || -1));
    expect(row?.title).toBe('Payments Engineer');
  });
});

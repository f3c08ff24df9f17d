// Text nobody can see, and text too long, on the employer's forms (QA F5, F9, F21): the job form
// as the web form sends it (through a draft) and the company form, on a real database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { companies, jobs } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  type TestAccount,
  validForm,
} from '../../../../test/support/employer.ts';

const TAKEN = (name: string) =>
  `Company name: another company is already called “${name}”; if you work there, ask to join it; if not, choose a name that tells yours apart`;

describe('visible text on the employer forms', () => {
  let database: TestDatabase;
  let ref: Reference;
  let svc: ReturnType<typeof employerServices>;
  let owner: TestAccount;
  let other: TestAccount;
  let companyId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    svc = employerServices(database.db);
    owner = await insertAccount(database.db, 'hiring@paysetu.example');
    other = await insertAccount(database.db, 'someone@imposter.example');
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

  it('says a description is over its limit, and keeps every character typed', async () => {
    const description = `${'d'.repeat(10_000)}E`;
    const form = validForm(ref, { description, skills: [`${'s'.repeat(399)}E`] });
    const saved = await svc.jobs.saveDraft(owner.id, { companyId }, form);
    const draftId = saved.ok ? saved.value.draftId : -1;
    const result = await svc.jobs.submit(owner.id, { companyId, draftId }, form);
    expect(!result.ok && result.fieldErrors).toEqual({
      description: 'Description must be at most 10,000 characters (it has 10,001)',
      skills: 'Skills: each item must be at most 300 characters (one has 400)',
    });
    const draft = await svc.jobs.form(owner.id, { draftId });
    expect(draft.ok && draft.value.values.description).toBe(description);
    expect(draft.ok && draft.value.values.skills).toEqual([`${'s'.repeat(399)}E`]);
  });

  it('refuses a company name that differs from another only by format characters', async () => {
    for (const name of [
      'Paysetu Technologies\u200b',
      'Pay\u200dsetu Technologies',
      '\u2060Paysetu\u00ad Technologies\ufeff',
    ]) {
      const result = await svc.companies.create(
        other,
        companyForm(name, 'https://imposter.example'),
      );
      expect(result, JSON.stringify(name)).toMatchObject({ ok: false, reason: 'invalid' });
      expect(!result.ok && result.fieldErrors?.companyName).toBe(TAKEN('Paysetu Technologies'));
    }
  });

  it('compares with a name stored with format characters before they were refused', async () => {
    const [old] = await database.db
      .insert(companies)
      .values({
        companyName: 'Old\u200b Name Labs',
        nameSearch: 'old\u200b name labs',
        companyLogo: '/logos/0.svg',
      })
      .returning({ id: companies.id });
    const result = await svc.companies.create(
      other,
      companyForm('Old Name Labs', 'https://imposter.example'),
    );
    expect(!result.ok && result.fieldErrors?.companyName).toBe(TAKEN('Old\u200b Name Labs'));
    await database.db.delete(companies).where(eq(companies.id, old!.id));
  });

  it('stores a new company’s name without format characters', async () => {
    const made = await svc.companies.create(
      other,
      companyForm('\u200bImposter\u2060 Works\u200b', 'https://imposter.example'),
    );
    expect(made.ok).toBe(true);
    const [row] = await database.db
      .select({ name: companies.companyName, nameSearch: companies.nameSearch })
      .from(companies)
      .where(eq(companies.id, made.ok ? made.value.companyId : -1));
    expect(row).toEqual({ name: 'Imposter Works', nameSearch: 'imposter works' });
  });
});

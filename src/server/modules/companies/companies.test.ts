// Company pages: slugs made from names, the profile with its count of jobs ever posted, live jobs
// through the listing, a company with none still answering, unknown slugs, the index by name.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { companies } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJobs, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { buildApiApp } from '../../../../test/support/app.ts';

let database: TestDatabase;
let ref: Reference;
let app: App;
let twinId: number;

const company = (companyName: string, extra: Partial<typeof companies.$inferInsert> = {}) => ({
  companyName,
  nameSearch: normalizeSearch(companyName),
  companyLogo: '/logos/x.svg',
  ...extra,
});

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  const [twin] = await database.db
    .insert(companies)
    .values(company('ACME  corp!'))
    .returning({ id: companies.id });
  twinId = twin!.id;
  await database.db
    .insert(companies)
    .values([
      company('Żabka Café'),
      company('Hooli', { suspended: true }),
      company('Old Globex', { mergedIntoId: ref.companies.globex }),
    ]);
  const now = Date.now();
  await insertJobs(database.db, ref, [
    // Acme: two live, one closed, one expired, one in review (never public), one rejected.
    { postedAt: new Date(now - 3_000) },
    { postedAt: new Date(now - 2_000), views: 50 },
    { status: 'closed', isActive: false },
    { validThrough: new Date(now - 86_400_000), status: 'live' },
    { status: 'in_review', isActive: false },
    { status: 'rejected', isActive: false },
    // Initech: closed only.
    { companyId: ref.companies.initech, status: 'closed', isActive: false },
  ]);
  app = await buildApiApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('company slugs', () => {
  it('are made from the folded name, with the id when the name is taken', async () => {
    const rows = await database.db.execute(sql`select id, slug from companies order by id`);
    const slugs = Object.fromEntries(
      (rows as unknown as { rows: { id: number; slug: string }[] }).rows.map((r) => [r.id, r.slug]),
    );
    expect(slugs[ref.companies.acme]).toBe('acme-corp');
    expect(slugs[ref.companies.initech]).toBe('initech');
    expect(slugs[twinId]).toBe(`acme-corp-${twinId}`);
    expect(Object.values(slugs)).toContain('zabka-cafe');
  });
});

describe('GET /api/v1/companies/{slug}', () => {
  it('answers the profile, the jobs posted in all and the live jobs in the sort asked for', async () => {
    const res = await get('/api/v1/companies/acme-corp?sortBy=true&pageSize=1');
    expect(res.statusCode).toBe(200);
    const { content } = res.json();
    expect(content.company).toMatchObject({
      slug: 'acme-corp',
      companyName: 'Acme Corp',
      companyWebsite: 'https://acme.example',
      verified: false,
      // live, closed and expired; not the one in review nor the rejected one
      postedInAll: 4,
    });
    expect(content.noofJobs).toBe(2);
    expect(content.jobs).toHaveLength(1);
    expect(content.jobs[0].views).toBe(50);
    expect(content.jobs[0].company.slug).toBe('acme-corp');
    expect(content.nextCursor).not.toBeNull();
    const more = await get(
      `/api/v1/companies/acme-corp?sortBy=true&pageSize=1&cursor=${content.nextCursor}`,
    );
    expect(more.json().content.jobs[0].views).toBe(0);
  });

  it('answers a company with no live jobs, with its profile and none', async () => {
    const res = await get('/api/v1/companies/initech');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({
      jobs: [],
      noofJobs: 0,
      company: { postedInAll: 1 },
    });
  });

  it('answers a merged company as the one it was merged into', async () => {
    const res = await get('/api/v1/companies/old-globex');
    expect(res.statusCode).toBe(200);
    expect(res.json().content.company.slug).toBe('globex');
  });

  it('answers 404 for an unknown or suspended company and 400 for a malformed slug', async () => {
    expect((await get('/api/v1/companies/nobody')).statusCode).toBe(404);
    expect((await get('/api/v1/companies/hooli')).statusCode).toBe(404);
    const bad = await get('/api/v1/companies/Bad_Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/slug/);
    expect((await get('/api/v1/companies/acme-corp?company=1')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/companies', () => {
  it('lists listed companies by name with their live jobs', async () => {
    const res = await get('/api/v1/companies');
    const { content } = res.json();
    const names = content.companies.map((c: { companyName: string }) => c.companyName);
    expect(names).toEqual(['ACME  corp!', 'Acme Corp', 'Globex', 'Initech', 'Żabka Café']);
    expect(content.total).toBe(5);
    expect(content.companies[1].liveJobs).toBe(2);
  });

  it('finds a name anywhere in it, ignoring case and accents', async () => {
    const res = await get('/api/v1/companies?name=ZABKA');
    expect(res.json().content.companies.map((c: { slug: string }) => c.slug)).toEqual([
      'zabka-cafe',
    ]);
    const none = await get('/api/v1/companies?name=acme&page=2');
    expect(none.json().content).toMatchObject({ companies: [], total: 2, page: 2 });
  });
});

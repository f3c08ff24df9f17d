import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../shared/constants.ts';
import { insertSampleRows } from '../../../../test/support/api-rows.ts';
import { createFiltersService, escapeLike } from './filters.service.ts';
import { appPerSuite, buildApiApp } from '../../../../test/support/app.ts';

const suite = appPerSuite(buildApiApp, insertSampleRows);

async function get(path: string, query: string) {
  const res = await suite.app.inject({ method: 'GET', url: `${path}?${query}` });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('locations filter', () => {
  it('matches without accents and case, with the full place as label', async () => {
    const { status, body } = await get(apiPaths.locationsFilter, 'name=SAO');
    expect(status).toBe(200);
    expect(body.content.cities).toEqual([
      { id: expect.stringMatching(/^\d+$/), label: 'São Paulo, São Paulo, Brazil' },
    ]);
  });

  it('matches inside a name and ranks exact, prefix, word-prefix, then anywhere', async () => {
    const { body } = await get(apiPaths.locationsFilter, 'name=mumbai');
    expect(body.content.cities.map((c: { label: string }) => c.label)).toEqual([
      'Mumbai, Maharashtra, India',
      'Navi Mumbai, Maharashtra, India',
    ]);
    const beng = await get(apiPaths.locationsFilter, 'name=beng');
    // Both start with "beng": the shorter name first.
    expect(beng.body.content.cities.map((c: { label: string }) => c.label)).toEqual([
      'Bengaluru, Karnataka, India',
      'Bengal Nagar, Karnataka, India',
    ]);
    const une = await get(apiPaths.locationsFilter, 'name=une');
    expect(une.body.content.cities[0].label).toBe('Pune, Maharashtra, India');
  });

  it("offers a country's or state's cities, to choose one of (no country is a filter)", async () => {
    const labels = async (name: string) =>
      (await get(apiPaths.locationsFilter, `name=${name}`)).body.content.cities.map(
        (c: { label: string }) => c.label,
      );
    expect(await labels('karnataka')).toEqual([
      'Bengaluru, Karnataka, India',
      'Bengal Nagar, Karnataka, India',
    ]);
    const brazil = await labels('Brazil');
    expect(brazil).toContain('São Paulo, São Paulo, Brazil');
    expect(brazil.every((label: string) => label.endsWith(', Brazil'))).toBe(true);
  });

  it("offers a region's cities with the most live jobs first", async () => {
    const labels = async (name: string) =>
      (await get(apiPaths.locationsFilter, `name=${name}`)).body.content.cities.map(
        (c: { label: string }) => c.label,
      );
    // No jobs: the shorter name first.
    expect(await labels('maharashtra')).toEqual([
      'Pune, Maharashtra, India',
      'Mumbai, Maharashtra, India',
      'Navi Mumbai, Maharashtra, India',
    ]);
    const inCity = (city: string, n: number, active = true) =>
      suite.database.db.execute(sql`
        insert into jobs (page_url, title, company_id, city_id, role_id, job_type_id,
                          experience_level_id, posted_at, description, is_active)
        select 'region-order-' || ${city} || '-' || i || '-' || ${active}, 'Sample job',
               (select min(id) from companies), (select id from cities where name = ${city}),
               (select min(id) from roles), (select min(id) from job_types), 1, now(),
               'A sample job.', ${active}
          from generate_series(1, ${n}) i`);
    try {
      await inCity('Navi Mumbai', 2);
      await inCity('Mumbai', 1);
      // Switched-off jobs do not count.
      await inCity('Pune', 5, false);
      expect(await labels('maharashtra')).toEqual([
        'Navi Mumbai, Maharashtra, India',
        'Mumbai, Maharashtra, India',
        'Pune, Maharashtra, India',
      ]);
      // A city whose own name matches still comes before the region's.
      expect((await labels('pune'))[0]).toBe('Pune, Maharashtra, India');
    } finally {
      await suite.database.db.execute(sql`delete from jobs where page_url like 'region-order-%'`);
    }
  });

  it('finds a place under another name: a former name, a short form, a country', async () => {
    const labels = async (name: string) =>
      (
        await get(apiPaths.locationsFilter, `name=${encodeURIComponent(name)}`)
      ).body.content.cities.map((c: { label: string }) => c.label);
    expect(await labels('Bangalore')).toEqual(['Bengaluru, Karnataka, India']);
    // Part of the other name, as it is typed.
    expect(await labels('bomb')).toEqual(['Mumbai, Maharashtra, India']);
    expect(await labels('Poona')).toEqual(['Pune, Maharashtra, India']);
    // The other name first, then what matches the text itself.
    const ban = await labels('ban');
    expect(ban[0]).toBe('Bengaluru, Karnataka, India');
    // A short form only whole: "bo" is not Bombay.
    expect(await labels('bo')).not.toContain('Mumbai, Maharashtra, India');
    // A country under its own language's name offers its cities.
    const brasil = await labels('Brasil');
    expect(brasil).toContain('São Paulo, São Paulo, Brazil');
    expect(brasil.every((label: string) => label.endsWith(', Brazil'))).toBe(true);
  });

  it('offers the nearest spellings when no name contains the text, marked near', async () => {
    const { status, body } = await get(apiPaths.locationsFilter, 'name=Mumbay');
    expect(status).toBe(200);
    // Nearest first: the name that is the word alone before the one with another word.
    expect(body).toEqual({
      success: true,
      message: 'Found 2',
      content: {
        cities: [
          { id: expect.stringMatching(/^\d+$/), label: 'Mumbai, Maharashtra, India', near: true },
          {
            id: expect.stringMatching(/^\d+$/),
            label: 'Navi Mumbai, Maharashtra, India',
            near: true,
          },
        ],
      },
    });
    const roles = await get(apiPaths.rolesFilter, 'name=Desiger');
    expect(roles.body.content.roles).toEqual([
      { id: expect.stringMatching(/^\d+$/), label: 'Designer', near: true },
    ]);
    const companies = await get(apiPaths.ourCompanies, 'name=Brihtwave');
    expect(companies.body.content.companies).toEqual([
      { _id: expect.stringMatching(/^\d+$/), companyName: 'Brightwave', near: true },
    ]);
  });

  it("answers the spec's message when nothing matches", async () => {
    const { status, body } = await get(apiPaths.locationsFilter, 'name=zzzz');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      message: 'Location not found...',
      content: { cities: [] },
    });
  });
});

describe('roles filter', () => {
  it('labels roles with their short name and puts the word-start match first', async () => {
    const { body } = await get(apiPaths.rolesFilter, 'name=eng');
    const labels = body.content.roles.map((r: { label: string }) => r.label);
    expect(labels).toEqual([
      'Engineering Manager (EM)',
      'Data Engineer (DE)',
      'Software Development Engineer (SDE)',
    ]);
    const designer = await get(apiPaths.rolesFilter, 'name=designer');
    expect(designer.body.content.roles[0].label).toBe('Designer');
  });

  it('finds a role by the names the site shows it by: its label and its short name', async () => {
    const labels = async (name: string) =>
      (await get(apiPaths.rolesFilter, `name=${encodeURIComponent(name)}`)).body.content.roles.map(
        (r: { label: string }) => r.label,
      );
    // The label as suggested, pasted back.
    expect(await labels('Software Development Engineer (SDE)')).toEqual([
      'Software Development Engineer (SDE)',
    ]);
    // The short name on a job's page: that role first, then names containing the text.
    expect((await labels('sde'))[0]).toBe('Software Development Engineer (SDE)');
    expect((await labels('DE'))[0]).toBe('Data Engineer (DE)');
  });
});

describe('companies', () => {
  it('answers _id and companyName, accent-insensitive', async () => {
    const { body } = await get(apiPaths.ourCompanies, 'name=cafe');
    expect(body.content.companies).toEqual([
      { _id: expect.stringMatching(/^\d+$/), companyName: 'Zenith Café' },
    ]);
  });

  it('matches % and _ literally, not as wildcards', async () => {
    const percent = await get(apiPaths.ourCompanies, 'name=%25');
    expect(
      percent.body.content.companies.map((c: { companyName: string }) => c.companyName),
    ).toEqual(['Acme 100% Labs']);
    const underscore = await get(apiPaths.ourCompanies, 'name=e_c');
    expect(
      underscore.body.content.companies.map((c: { companyName: string }) => c.companyName),
    ).toEqual(['Acme_Co']);
  });

  it('answers at most ten suggestions', async () => {
    const { body } = await get(apiPaths.ourCompanies, 'name=a');
    expect(body.content.companies.length).toBeGreaterThan(0);
    expect(body.content.companies.length).toBeLessThanOrEqual(10);
  });
});

describe('experience levels', () => {
  it('lists all six levels', async () => {
    const { status, body, headers } = await get(apiPaths.experiencesFilter, '');
    expect(status).toBe(200);
    expect(body.content.levels).toEqual([
      { id: '0', label: 'Fresher' },
      { id: '1', label: '1 year' },
      { id: '2', label: '2 year' },
      { id: '3', label: '3 year' },
      { id: '4', label: '4 year' },
      { id: '5', label: '5+ year' },
    ]);
    expect(headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('refuses parameters it does not take', async () => {
    const { status, body } = await get(apiPaths.experiencesFilter, 'foo=1');
    expect(status).toBe(400);
    expect(body.message).toContain("'foo'");
  });
});

describe('bad suggestion input', () => {
  const cases: [string, RegExp][] = [
    ['', /'name' is required/],
    ['name=', /'name' must not be empty/],
    ['name=%20%20', /'name' must not be empty/],
    [`name=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`, /'name' must be at most 100 characters/],
    ['name=a&name=b', /'name' must be given only once/],
    ['name=a&extra=1', /unknown query parameter 'extra'/],
    ['name=a%00b', /'name' must not contain control characters/],
  ];
  for (const path of [apiPaths.locationsFilter, apiPaths.rolesFilter, apiPaths.ourCompanies]) {
    it.each(cases)(`${path}?%s answers 400 naming the parameter`, async (query, message) => {
      const { status, body } = await get(path, query);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.content).toBeNull();
      expect(body.message).toMatch(message);
    });
  }

  it('treats SQL fragments as text', async () => {
    const { status, body } = await get(
      apiPaths.locationsFilter,
      `name=${encodeURIComponent("' or 1=1 --")}`,
    );
    expect(status).toBe(200);
    expect(body.content.cities).toEqual([]);
  });
});

describe('labels for ids from an address', () => {
  it('names the company, role, location and level, and leaves unknown ids out', async () => {
    const services = { filters: createFiltersService(suite.database.db) };
    const [company] = await services.filters.companies('zenith');
    const [city] = await services.filters.locations('pune');
    const [role] = await services.filters.roles('designer');
    const labels = await services.filters.labels({
      company: Number(company!._id),
      location: Number(city!.id),
      role: Number(role!.id),
      experienceLevel: 5,
    });
    expect(labels).toEqual({
      company: 'Zenith Café',
      location: 'Pune, Maharashtra, India',
      role: 'Designer',
      experienceLevel: '5+ year',
    });
    expect(await services.filters.labels({ company: 999999, experienceLevel: 9 })).toEqual({});
  });
});

it('escapes the characters LIKE treats specially', () => {
  expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
});

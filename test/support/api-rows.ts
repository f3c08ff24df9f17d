// A handful of rows for API tests of suggestions, views and figures (the jobs module has the
// full fixtures builder); names chosen to exercise accents, ranking and LIKE's special characters.
import { sql } from 'drizzle-orm';
import { normalizeSearch } from '../../src/shared/text.ts';
import type { Db } from '../../src/server/db/client.ts';

export const sampleCities = [
  ['São Paulo', 'São Paulo', 'SP', 'Brazil'],
  ['Bengaluru', 'Karnataka', 'KA', 'India'],
  ['Bengal Nagar', 'Karnataka', 'KA', 'India'],
  ['Mumbai', 'Maharashtra', 'MH', 'India'],
  ['Navi Mumbai', 'Maharashtra', 'MH', 'India'],
  ['Pune', 'Maharashtra', 'MH', 'India'],
] as const;
export const sampleRoles = [
  ['Software Development Engineer', 'SDE'],
  ['Data Engineer', 'DE'],
  ['Engineering Manager', 'EM'],
  ['Designer', 'Designer'],
] as const;
export const sampleCompanies = ['Acme 100% Labs', 'Acme_Co', 'Zenith Café', 'Brightwave'] as const;

/** The single app-details row, as the demo data has it (without the rest of the demo data). */
export async function insertAppDetails(db: Db) {
  await db.execute(sql`insert into app_details
    (id, app_name, app_description, support_email, twitter, linked_in, youtube, whats_app)
    values (1, 'Openings', 'Current openings from companies that hire.', 'support@openings.example',
            'https://twitter.com/openings', 'https://www.linkedin.com/company/openings',
            'https://www.youtube.com/@openings', 'https://wa.me/919000000000')
    on conflict (id) do nothing`);
}

/** Inserts the sample rows and two jobs (one active, one switched off); returns their ids. */
export async function insertSampleRows(db: Db) {
  await insertAppDetails(db);
  await db.execute(sql`insert into countries (name, iso2, iso3, currency, symbol) values
    ('Brazil', 'BR', 'BRA', 'BRL', 'R$'), ('India', 'IN', 'IND', 'INR', '₹')`);
  for (const [city, state, code, country] of sampleCities) {
    await db.execute(sql`insert into states (country_id, name, state_code)
      select id, ${state}, ${code} from countries where name = ${country}
      on conflict do nothing`);
    await db.execute(sql`insert into cities (state_id, name, name_search)
      select s.id, ${city}, ${normalizeSearch(city)} from states s
      join countries c on c.id = s.country_id where s.state_code = ${code} and c.name = ${country}`);
  }
  for (const [name, short] of sampleRoles) {
    await db.execute(sql`insert into roles (name, sort_name, name_search)
      values (${name}, ${short}, ${normalizeSearch(name)})`);
  }
  for (const name of sampleCompanies) {
    await db.execute(sql`insert into companies (company_name, name_search, company_logo)
      values (${name}, ${normalizeSearch(name)}, '/logos/sample.svg')`);
  }
  await db.execute(sql`insert into job_types (name) values ('Full time') on conflict do nothing`);
  await db.execute(sql`insert into experience_levels (id, name) values
    (0, 'Fresher'), (1, '1 year'), (2, '2 year'), (3, '3 year'), (4, '4 year'), (5, '5+ year')
    on conflict do nothing`);
  const job = (pageUrl: string, active: boolean) => sql`
    insert into jobs (page_url, title, company_id, city_id, role_id, job_type_id,
                      experience_level_id, posted_at, description, is_active)
    values (${pageUrl}, 'Sample job', (select min(id) from companies), (select min(id) from cities),
            (select min(id) from roles), (select min(id) from job_types), 1, now(),
            'A sample job.', ${active})
    returning id`;
  const active = (await db.execute(job('sample-active-job', true))) as unknown as {
    rows: { id: number }[];
  };
  const inactive = (await db.execute(job('sample-inactive-job', false))) as unknown as {
    rows: { id: number }[];
  };
  return { activeJobId: active.rows[0]!.id, inactiveJobId: inactive.rows[0]!.id };
}

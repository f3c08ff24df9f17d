// Test data builder: a small, fixed set of reference rows (countries, cities, companies, roles, …)
// and jobs with chosen attributes. Tests state only what matters to them; the rest has defaults.
import { normalizeSearch } from '../../src/shared/text.ts';
import type { Db } from '../../src/server/db/client.ts';
import {
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
} from '../../src/server/db/schema.ts';
import { EXPERIENCE_OPTIONS } from '../../src/shared/constants.ts';

export interface Reference {
  countries: { india: number; germany: number };
  states: { karnataka: number; maharashtra: number; bavaria: number };
  cities: { bengaluru: number; pune: number; munich: number };
  companies: { acme: number; globex: number; initech: number };
  roles: { sde: number; dataScientist: number; productManager: number };
  jobTypes: { fullTime: number; partTime: number };
  salaryTypes: { monthly: number; yearly: number };
  posters: { asha: number };
}

export type JobInsert = typeof jobs.$inferInsert;
export type JobOverrides = Partial<JobInsert>;

async function insertIds<T extends { id: number }>(rows: Promise<T[]>): Promise<number[]> {
  return (await rows).map((r) => r.id);
}

/** Inserts the reference rows (call once per database; names are unique) and answers their ids by readable names. */
export async function seedReference(db: Db): Promise<Reference> {
  await db
    .insert(experienceLevels)
    .values(EXPERIENCE_OPTIONS.map((o) => ({ id: o.value, name: o.label })))
    .onConflictDoNothing();
  const [india, germany] = await insertIds(
    db
      .insert(countries)
      .values([
        { name: 'India', iso2: 'IN', iso3: 'IND', currency: 'INR', symbol: '₹' },
        { name: 'Germany', iso2: 'DE', iso3: 'DEU', currency: 'EUR', symbol: '€' },
      ])
      .returning({ id: countries.id }),
  );
  const [karnataka, maharashtra, bavaria] = await insertIds(
    db
      .insert(states)
      .values([
        { countryId: india!, name: 'Karnataka', stateCode: 'KA' },
        { countryId: india!, name: 'Maharashtra', stateCode: 'MH' },
        { countryId: germany!, name: 'Bavaria', stateCode: 'BY' },
      ])
      .returning({ id: states.id }),
  );
  const city = (stateId: number, name: string) => ({
    stateId,
    name,
    nameSearch: normalizeSearch(name),
  });
  const [bengaluru, pune, munich] = await insertIds(
    db
      .insert(cities)
      .values([
        city(karnataka!, 'Bengaluru'),
        city(maharashtra!, 'Pune'),
        city(bavaria!, 'München'),
      ])
      .returning({ id: cities.id }),
  );
  const company = (companyName: string, slug: string) => ({
    companyName,
    nameSearch: normalizeSearch(companyName),
    companyLogo: `/logos/${slug}.svg`,
    companyWebsite: `https://${slug}.example`,
    companyLocation: 'Bengaluru, India',
    companyOverview: `${companyName} builds things.`,
  });
  const [acme, globex, initech] = await insertIds(
    db
      .insert(companies)
      .values([
        company('Acme Corp', 'acme'),
        company('Globex', 'globex'),
        company('Initech', 'initech'),
      ])
      .returning({ id: companies.id }),
  );
  const role = (name: string, sortName: string) => ({
    name,
    sortName,
    nameSearch: normalizeSearch(name),
  });
  const [sde, dataScientist, productManager] = await insertIds(
    db
      .insert(roles)
      .values([
        role('Software Development Engineer', 'SDE'),
        role('Data Scientist', 'DS'),
        role('Product Manager', 'PM'),
      ])
      .returning({ id: roles.id }),
  );
  const [fullTime, partTime] = await insertIds(
    db
      .insert(jobTypes)
      .values([{ name: 'Full-time' }, { name: 'Part-time' }])
      .returning({ id: jobTypes.id }),
  );
  const [monthly, yearly] = await insertIds(
    db
      .insert(salaryTypes)
      .values([
        { name: 'Monthly', sortName: 'month' },
        { name: 'Yearly', sortName: 'year' },
      ])
      .returning({ id: salaryTypes.id }),
  );
  const [asha] = await insertIds(
    db.insert(posters).values({ firstName: 'Asha', lastName: 'Rao' }).returning({ id: posters.id }),
  );
  return {
    countries: { india: india!, germany: germany! },
    states: { karnataka: karnataka!, maharashtra: maharashtra!, bavaria: bavaria! },
    cities: { bengaluru: bengaluru!, pune: pune!, munich: munich! },
    companies: { acme: acme!, globex: globex!, initech: initech! },
    roles: { sde: sde!, dataScientist: dataScientist!, productManager: productManager! },
    jobTypes: { fullTime: fullTime!, partTime: partTime! },
    salaryTypes: { monthly: monthly!, yearly: yearly! },
    posters: { asha: asha! },
  };
}

let counter = 0;

/** A complete job row: defaults for everything, then the overrides. */
export function jobRow(ref: Reference, overrides: JobOverrides = {}): JobInsert {
  counter += 1;
  return {
    pageUrl: `test-job-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    title: `Test job ${counter}`,
    applyLink: 'https://acme.example/careers/1',
    companyId: ref.companies.acme,
    cityId: ref.cities.bengaluru,
    roleId: ref.roles.sde,
    jobTypeId: ref.jobTypes.fullTime,
    experienceLevelId: 1,
    salaryProvided: 'true',
    salaryFrom: 50_000,
    salaryTo: 80_000,
    salaryTypeId: ref.salaryTypes.monthly,
    bestInIndustry: null,
    postedAt: new Date(Date.UTC(2025, 0, 1) + counter * 60_000),
    openingsDate: '2025-01-01',
    validThrough: null,
    noOfOpening: 2,
    description: 'Build and run the product with a small team.',
    views: 0,
    postedById: ref.posters.asha,
    isActive: true,
    responsibilities: ['Write code'],
    minimumRequirements: ['A degree or equivalent'],
    preferredQualification: ['Experience with PostgreSQL'],
    skills: ['TypeScript'],
    rolesAndResponsibilities: ['Own a service'],
    whoCanApply: ['Anyone in India'],
    perksAndBenefits: ['Health cover'],
    searchTags: ['backend'],
    ...overrides,
  };
}

/** Inserts jobs (one per overrides object) and answers their ids and slugs in the same order. */
export async function insertJobs(
  db: Db,
  ref: Reference,
  overrides: JobOverrides[],
): Promise<{ id: number; pageUrl: string }[]> {
  if (overrides.length === 0) return [];
  return db
    .insert(jobs)
    .values(overrides.map((o) => jobRow(ref, o)))
    .returning({ id: jobs.id, pageUrl: jobs.pageUrl });
}

export async function insertJob(db: Db, ref: Reference, overrides: JobOverrides = {}) {
  const [row] = await insertJobs(db, ref, [overrides]);
  return row!;
}

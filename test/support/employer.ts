// Test data for the employer side: accounts inserted directly (as better-auth would store them)
// or signed up through the whole app, a valid job form, plain form posts, and the services over
// one test database.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import { authUsers, companyMembers } from '../../src/server/db/schema.ts';
import { insertAppDetails } from './api-rows.ts';
import { buildTestApp, type TestAppOptions } from './app.ts';
import type { Reference } from './fixtures.ts';
import {
  createCompaniesService,
  type MailSender,
} from '../../src/server/modules/employer/companies.service.ts';
import { createEmployerJobsService } from '../../src/server/modules/employer/employer-jobs.service.ts';

export interface TestAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

export async function insertAccount(
  db: Db,
  email: string,
  emailVerified = true,
): Promise<TestAccount> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  await db.insert(authUsers).values({ id, name: email.split('@')[0]!, email, emailVerified });
  return { id, email, emailVerified };
}

/** Every field of spec §3 filled in validly, as a form sends it (strings and lists of strings). */
export function validForm(ref: Reference, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Backend Engineer',
    roleId: String(ref.roles.sde),
    cityId: String(ref.cities.bengaluru),
    jobTypeId: String(ref.jobTypes.fullTime),
    experienceLevel: '2',
    salaryMode: 'range',
    salaryFrom: '60000',
    salaryTo: '90000',
    salaryTypeId: String(ref.salaryTypes.monthly),
    bestInIndustry: '',
    noOfOpening: '3',
    openingsDate: '',
    closingDate: '',
    applyLink: 'https://careers.acme.example/backend',
    description: 'Build the services behind our job board, with a small and friendly team.',
    workMode: 'hybrid',
    responsibilities: ['Write code', 'Review code'],
    minimumRequirements: ['Two years of backend work'],
    preferredQualification: ['PostgreSQL'],
    skills: ['TypeScript', 'SQL'],
    rolesAndResponsibilities: ['Own a service'],
    whoCanApply: ['Anyone in India'],
    perksAndBenefits: ['Health cover'],
    searchTags: ['backend'],
    ...overrides,
  };
}

export const companyForm = (name: string, website: string) => ({
  companyName: name,
  companyWebsite: website,
  companyLocation: 'Bengaluru, India',
  companyOverview: `${name} makes things people use every day.`,
});

export function employerServices(db: Db, mailer?: MailSender, now?: () => Date) {
  return {
    companies: createCompaniesService(db, { mailer, now }),
    jobs: createEmployerJobsService(db, { now }),
  };
}

/**
 * `form` submitted for `by` at `companyId` through the employer service: the job it made (its
 * status and page address too). Throws when it made none, so a test reads on with a job.
 */
export async function submitJob(
  db: Db,
  by: string,
  companyId: number,
  form: Record<string, unknown>,
) {
  const done = await employerServices(db).jobs.submit(by, { companyId }, form);
  if (!done.ok || done.value.jobId === null) throw new Error(JSON.stringify(done));
  return { ...done.value, jobId: done.value.jobId };
}

/** The origin the test apps are built with (PUBLIC_URL), sent on every form post. */
export const TEST_ORIGIN = 'http://localhost:3000';
const TEST_PASSWORD = 'a long and unusual passphrase 7';

/**
 * Signs up through better-auth, marks the address verified and signs in: the session cookie
 * (as a browser sends it back) and the account. `origin` is the app's PUBLIC_URL.
 */
export async function signUpAndIn(
  app: App,
  db: Db,
  name: string,
  email: string,
  origin = TEST_ORIGIN,
): Promise<{ cookie: string; account: TestAccount }> {
  const headers = { origin, 'content-type': 'application/json' };
  const up = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { name, email, password: TEST_PASSWORD },
  });
  expect(up.statusCode, up.body).toBeLessThan(300);
  await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = [res.headers['set-cookie']].flat().filter((c): c is string => Boolean(c));
  const cookie = set.map((c) => c.split(';')[0]).join('; ');
  const [row] = await db.select().from(authUsers).where(eq(authUsers.email, email));
  return { cookie, account: { id: row!.id, email, emailVerified: true } };
}

/** A form post as a browser sends it without JavaScript; a list is sent as repeated fields. */
export function postForm(
  app: App,
  url: string,
  cookie: string,
  form: Record<string, string | string[]>,
  origin = TEST_ORIGIN,
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const item of [v].flat()) body.append(k, item);
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/** People using the whole app by name, each with their session cookie, as browsers would. */
export function testBrowsers(app: App, db: Db) {
  const cookie: Record<string, string> = {};
  return {
    cookie,
    async signIn(who: string, email: string): Promise<TestAccount> {
      const session = await signUpAndIn(app, db, who, email);
      cookie[who] = session.cookie;
      return session.account;
    },
    get: (who: string, url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie: cookie[who] ?? '' } }),
    post: (
      who: string,
      url: string,
      form: Record<string, string | string[]>,
      origin = TEST_ORIGIN,
    ) => postForm(app, url, cookie[who] ?? '', form, origin),
  };
}

export type TestBrowsers = ReturnType<typeof testBrowsers>;

/** An employer account at `email` owning a new company: the owner and the company's id. */
export async function ownerWithCompany(
  db: Db,
  { email = 'owner@alpha.example', name = 'Alpha Labs', website = 'https://alpha.example' } = {},
) {
  const owner = await insertAccount(db, email);
  const made = await employerServices(db).companies.create(owner, companyForm(name, website));
  if (!made.ok) throw new Error(`no company ${name}: ${made.message}`);
  return { owner, companyId: made.value.companyId };
}

/**
 * A new company at `domain` with `owner` as its owner and `member` as a plain member, both
 * signed in: the company's id.
 */
export async function companyWithMember(
  web: TestBrowsers,
  db: Db,
  { owner, member, name, domain }: { owner: string; member: string; name: string; domain: string },
): Promise<number> {
  const ownerAccount = await web.signIn(owner, `${owner}@${domain}`);
  const memberAccount = await web.signIn(member, `${member}@${domain}`);
  const made = await employerServices(db).companies.create(
    ownerAccount,
    companyForm(name, `https://${domain}`),
  );
  if (!made.ok) throw new Error(made.message);
  const { companyId } = made.value;
  await db.insert(companyMembers).values({ companyId, userId: memberAccount.id, role: 'member' });
  return companyId;
}

/**
 * The whole app with its production-built pages over `database` (its reference data already in),
 * with the app's details that every page's root route reads, and browsers to use it.
 */
export async function startPagesApp(database: Database, options: TestAppOptions = {}) {
  await insertAppDetails(database.db);
  const app = await buildTestApp(database, {
    ...options,
    env: { PUBLIC_URL: TEST_ORIGIN, ...options.env },
  });
  return { app, web: testBrowsers(app, database.db) };
}

/**
 * A server-rendered page's HTML as its words read: React's separators between adjacent text
 * (`a<!-- --> · <!-- -->b`) removed, and the quotes and ampersands it escapes (`&#x27;`, `&quot;`,
 * `&amp;`) unescaped, `&amp;` last so that a typed `&quot;` stays as typed. Tags stay, and so does
 * `&lt;`, so a typed `<` is not read as a tag.
 */
export const pageText = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

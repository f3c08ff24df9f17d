// The posting API through the whole API app (app.inject): keys made and revoked by the service,
// create / update / close / list, idempotent upserts by externalId, and an attacker's attempts
// (another company's ids, revoked and malformed keys, huge bodies, wrong types, missing fields,
// a missing scope, a flood from one key).
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { apiJobExample, employerApiPaths } from '../../../shared/contract/employer-api.ts';
import { jobFormSchema } from '../../../shared/contract/employer-jobs.ts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { apiKeys, companies, companyMembers, jobs } from '../../db/schema.ts';
import { buildApiApp } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { insertAccount } from '../../../../test/support/employer.ts';
import { insertAppDetails } from '../../../../test/support/api-rows.ts';
import { CITIES, JOB_TYPES, ROLES, SALARY_TYPES } from '../../db/seed/reference-data.ts';
import { createApiKeysService, hashKey } from './api-keys.service.ts';

let database: TestDatabase;
let app: App;
let ref: Reference;
let keys: ReturnType<typeof createApiKeysService>;
let ownerA: string;
let memberA: string;
let ownerB: string;
const key: Record<string, string> = {};
const PER_MINUTE = 40;

/** A valid body as JSON sends it (numbers as numbers). */
function body(overrides: Record<string, unknown> = {}) {
  return {
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
    workMode: 'remote',
    skills: ['Go', 'PostgreSQL'],
    ...overrides,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(who ? { authorization: `Bearer ${key[who] ?? who}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const jobRow = async (id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  // Acme is verified (its jobs go live at once); Globex is not (its jobs wait for review).
  await database.db
    .update(companies)
    .set({ verified: true })
    .where(eq(companies.id, ref.companies.acme));
  ownerA = (await insertAccount(database.db, 'owner@acme.example')).id;
  memberA = (await insertAccount(database.db, 'member@acme.example')).id;
  ownerB = (await insertAccount(database.db, 'owner@globex.example')).id;
  await database.db.insert(companyMembers).values([
    { companyId: ref.companies.acme, userId: ownerA, role: 'owner' },
    { companyId: ref.companies.acme, userId: memberA, role: 'member' },
    { companyId: ref.companies.globex, userId: ownerB, role: 'owner' },
  ]);
  keys = createApiKeysService(database.db, { secret: 'a-test-secret-of-at-least-32-characters!!' });
  const make = async (who: string, owner: string, company: number, scopes: string[]) => {
    const made = await keys.create(owner, company, { name: who, scopes });
    if (!made.ok) throw new Error(made.message);
    key[who] = made.value.key;
  };
  await make('a', ownerA, ref.companies.acme, ['jobs:read', 'jobs:write']);
  await make('aRead', ownerA, ref.companies.acme, ['jobs:read']);
  await make('b', ownerB, ref.companies.globex, ['jobs:read', 'jobs:write']);
  await make('flood', ownerA, ref.companies.acme, ['jobs:read']);
  // A small per-key limit (RATE_LIMIT_SCALE scales the 120 per minute), reached quickly.
  app = await buildApiApp(database, { env: { RATE_LIMIT_SCALE: String(PER_MINUTE / 120) } });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('API keys (service)', () => {
  it('keeps only a hash and a prefix, and shows the key once', async () => {
    const rows = await database.db.select().from(apiKeys);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(key)).not.toContain(row.keyHash);
      expect(row.prefix).toMatch(/^opk_.{8}$/);
    }
    expect(rows.map((r) => r.keyHash)).toContain(hashKey(key.a!));
    const listed = await keys.list(ownerA, ref.companies.acme);
    expect(listed.ok && JSON.stringify(listed.value)).not.toContain(key.a!.slice(12));
  });

  it('lets only owners manage keys, and names the field of a bad form', async () => {
    const byMember = await keys.create(memberA, ref.companies.acme, {
      name: 'x',
      scopes: ['jobs:read'],
    });
    expect(byMember).toMatchObject({ ok: false, reason: 'forbidden' });
    const byStranger = await keys.list(ownerB, ref.companies.acme);
    expect(byStranger).toMatchObject({ ok: false, reason: 'not-found' });
    const bad = await keys.create(ownerA, ref.companies.acme, { name: ' ', scopes: ['admin'] });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.fieldErrors).toMatchObject({
      name: 'Name is required',
      scopes: expect.stringContaining('jobs:read'),
    });
  });

  it("seals a new key for its one-time reveal under the server's secret, not the database alone", async () => {
    const made = await keys.create(ownerA, ref.companies.acme, {
      name: 'sealed',
      scopes: 'jobs:read',
    });
    if (!made.ok) throw new Error(made.message);
    expect(made.value.reveal).not.toContain(made.value.key);
    expect(await keys.reveal(ownerA, ref.companies.acme, made.value.reveal)).toMatchObject({
      key: made.value.key,
    });
    // The same database and the stored hash, but another secret: the cookie does not open.
    const elsewhere = createApiKeysService(database.db, {
      secret: 'another-secret-of-at-least-32-chars!!!',
    });
    expect(await elsewhere.reveal(ownerA, ref.companies.acme, made.value.reveal)).toBeNull();
  });

  it('audits making and revoking a key', async () => {
    const made = await keys.create(ownerA, ref.companies.acme, {
      name: 'audited',
      scopes: 'jobs:read',
    });
    if (!made.ok) throw new Error(made.message);
    expect(await keys.revoke(ownerB, ref.companies.globex, made.value.row.id)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect((await keys.revoke(ownerA, ref.companies.acme, made.value.row.id)).ok).toBe(true);
    const log = await queryRows<{ action: string; actor_email: string }>(
      database.db,
      sql`select action, actor_email from audit_log where action like 'api-key.%' order by id`,
    );
    expect(log.slice(-2)).toEqual([
      { action: 'api-key.create', actor_email: 'owner@acme.example' },
      { action: 'api-key.revoke', actor_email: 'owner@acme.example' },
    ]);
    expect(await keys.authenticate(made.value.key)).toBeNull();
  });
});

describe('posting API', () => {
  let created: number;

  it('creates a job through the form service: live at once for a verified company', async () => {
    const res = await call('POST', employerApiPaths.jobs, 'a', body({ externalId: 'plat-1' }));
    expect(res.statusCode, res.body).toBe(201);
    const content = res.json().content;
    expect(content.result).toBe('created');
    expect(content.job).toMatchObject({
      externalId: 'plat-1',
      status: 'live',
      title: 'Platform Engineer',
    });
    created = content.job.id;
    const row = await jobRow(created);
    expect(row).toMatchObject({
      companyId: ref.companies.acme,
      externalId: 'plat-1',
      isActive: true,
    });
    expect(row!.skills).toEqual(['Go', 'PostgreSQL']);
    // The same rule as the form: an unverified company's job waits for review.
    const b = await call('POST', employerApiPaths.jobs, 'b', body());
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().content.job.status).toBe('in_review');
  });

  it('sends an approved job of an unverified company back to review when its words or link change', async () => {
    const url = employerApiPaths.byExternalId('qa-req-1');
    const made = await call('PUT', url, 'b', body({ title: 'Packer' }));
    expect(made.json().content.job.status).toBe('in_review');
    const id = made.json().content.job.id as number;
    // Approved by our team.
    await database.db.update(jobs).set({ status: 'live', isActive: true }).where(eq(jobs.id, id));
    const listed = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `${apiPaths.currentOpenings}?company=${ref.companies.globex}`,
      });
      return (res.json().content.jobs as { title: string }[]).map((j) => j.title);
    };
    expect(await listed()).toContain('Packer');
    // A salary corrected is no new words: it stays live.
    const salary = await call('PUT', url, 'b', body({ title: 'Packer', salaryTo: 99000 }));
    expect(salary.json()).toMatchObject({
      message: 'Job updated',
      content: { result: 'updated', job: { status: 'live' } },
    });
    const scam = await call(
      'PUT',
      url,
      'b',
      body({
        title: 'Send a 50 EUR fee to get hired',
        applyLink: 'https://scam.example/pay',
        salaryTo: 99000,
      }),
    );
    expect(scam.statusCode, scam.body).toBe(200);
    expect(scam.json()).toMatchObject({
      success: true,
      content: { result: 'updated', job: { id, status: 'in_review' } },
    });
    expect(scam.json().message).toMatch(/^Job updated and sent back to review: .*off the board/);
    expect(await jobRow(id)).toMatchObject({ status: 'in_review', isActive: false });
    expect(await listed()).toEqual([]);
  });

  it('upserts by externalId: created, then unchanged (no write), then updated', async () => {
    const url = employerApiPaths.byExternalId('req-77');
    const first = await call('PUT', url, 'a', body({ title: 'Data Engineer' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().content.result).toBe('created');
    const id = first.json().content.job.id as number;
    const before = await jobRow(id);
    const again = await call('PUT', url, 'a', body({ title: 'Data Engineer' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().content).toMatchObject({ result: 'unchanged', job: { id } });
    expect((await jobRow(id))!.updatedAt).toEqual(before!.updatedAt);
    const count = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where external_id = 'req-77'`,
    );
    expect(count[0]!.n).toBe(1);
    const changed = await call('PUT', url, 'a', body({ title: 'Senior Data Engineer' }));
    expect(changed.json().content).toMatchObject({ result: 'updated', job: { id } });
    expect((await jobRow(id))!.title).toBe('Senior Data Engineer');
  });

  it('updates by our id and closes by either id', async () => {
    const res = await call('PUT', employerApiPaths.job(created), 'a', body({ noOfOpening: 5 }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await jobRow(created))!.noOfOpening).toBe(5);
    const closed = await call('POST', employerApiPaths.closeByExternalId('plat-1'), 'a');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().content.job.status).toBe('closed');
    expect((await jobRow(created))!.isActive).toBe(false);
  });

  it("lists only the key's company jobs, paged", async () => {
    const res = await call('GET', `${employerApiPaths.jobs}?page=1&pageSize=1`, 'aRead');
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json().content;
    expect(content.jobs).toHaveLength(1);
    expect(content.total).toBe(2);
    const page2 = await call('GET', `${employerApiPaths.jobs}?page=2&pageSize=1`, 'aRead');
    const ids = [content.jobs[0].id, page2.json().content.jobs[0].id];
    const owners = await database.db
      .select({ c: jobs.companyId })
      .from(jobs)
      .where(sql`${jobs.id} in (${ids[0]}, ${ids[1]})`);
    expect(owners.every((o) => o.c === ref.companies.acme)).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('refuses a duplicate externalId on create with 409', async () => {
    const res = await call('POST', employerApiPaths.jobs, 'a', body({ externalId: 'req-77' }));
    expect(res.statusCode).toBe(409);
  });
});

describe('posting API under attack', () => {
  it("answers 404 for another company's job, by id or externalId, and changes nothing", async () => {
    const theirs = await call('PUT', employerApiPaths.byExternalId('theirs'), 'b', body());
    const id = theirs.json().content.job.id as number;
    const before = await jobRow(id);
    const put = await call('PUT', employerApiPaths.job(id), 'a', body({ title: 'Hijacked' }));
    expect(put.statusCode).toBe(404);
    const close = await call('POST', employerApiPaths.closeJob(id), 'a');
    expect(close.statusCode).toBe(404);
    const unknown = await call('POST', employerApiPaths.closeJob(999_999), 'a');
    expect(close.json().message).toBe(unknown.json().message);
    // The same externalId in another company is another job, not theirs.
    const mine = await call('PUT', employerApiPaths.byExternalId('theirs'), 'a', body());
    expect(mine.statusCode).toBe(201);
    expect(mine.json().content.job.id).not.toBe(id);
    expect(await jobRow(id)).toEqual(before);
  });

  it('answers 401 for a missing, malformed, unknown or revoked key', async () => {
    for (const who of [null, 'opk_short', `opk_${'x'.repeat(43)}`, 'not-a-key']) {
      const res = await call('GET', employerApiPaths.jobs, who);
      expect(res.statusCode, String(who)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json().success).toBe(false);
    }
    const basic = await call('GET', employerApiPaths.jobs, null, undefined, {
      authorization: `Basic ${key.a}`,
    });
    expect(basic.statusCode).toBe(401);
    const made = await keys.create(ownerA, ref.companies.acme, {
      name: 'short-lived',
      scopes: ['jobs:read'],
    });
    if (!made.ok) throw new Error(made.message);
    key.revoked = made.value.key;
    expect((await call('GET', employerApiPaths.jobs, 'revoked')).statusCode).toBe(200);
    await keys.revoke(ownerA, ref.companies.acme, made.value.row.id);
    expect((await call('GET', employerApiPaths.jobs, 'revoked')).statusCode).toBe(401);
  });

  it('answers 403 when the key lacks the scope', async () => {
    const res = await call('POST', employerApiPaths.jobs, 'aRead', body());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('jobs:write');
  });

  it('refuses a huge body with 413 and a clear message', async () => {
    const res = await call(
      'POST',
      employerApiPaths.jobs,
      'a',
      body({ description: 'x'.repeat(400_000) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });

  it('names the field of wrong types, missing fields and unknown fields', async () => {
    const without = (field: string) =>
      Object.fromEntries(Object.entries(body()).filter(([key]) => key !== field));
    // Each body and the field its answer must name.
    const cases: [string, Record<string, unknown>][] = [
      ['noOfOpening', body({ noOfOpening: 'many' })],
      ['title', without('title')],
      ['roleId', without('roleId')],
      ['cityId', without('cityId')],
      ['jobTypeId', without('jobTypeId')],
      ['experienceLevel', without('experienceLevel')],
      ['companyId', body({ companyId: ref.companies.globex })],
    ];
    for (const [field, payload] of cases) {
      const res = await call('POST', employerApiPaths.jobs, 'a', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    // A rule between fields (the form's own): the service's message and fieldErrors.
    const range = await call(
      'POST',
      employerApiPaths.jobs,
      'a',
      body({ salaryFrom: 9, salaryTo: 1 }),
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().content.fieldErrors.salaryTo).toBe(
      'Salary to must not be below salary from',
    );
    const city = await call('POST', employerApiPaths.jobs, 'a', body({ cityId: 999_999 }));
    expect(city.json().content.fieldErrors).toHaveProperty('cityId');
    const colon = await call('PUT', employerApiPaths.byExternalId('greenhouse:123'), 'a', body());
    expect(colon.statusCode).toBe(400);
    expect(colon.json().message).toContain('externalId');
  });

  it('limits each key on its own', async () => {
    let limited = 0;
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const res = await call('GET', employerApiPaths.jobs, 'flood');
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThanOrEqual(6);
    // Another key of the same company, from the same address, is not limited.
    expect((await call('GET', employerApiPaths.jobs, 'aRead')).statusCode).toBe(200);
  });
});

describe('posting API answers as the README says', () => {
  // Keys of their own, so these calls leave the other tests' per-key allowance alone.
  beforeAll(async () => {
    for (const [who, scopes] of [
      ['rw', ['jobs:read', 'jobs:write']],
      ['ro', ['jobs:read']],
    ] as const) {
      const made = await keys.create(ownerA, ref.companies.acme, {
        name: who,
        scopes: [...scopes],
      });
      if (!made.ok) throw new Error(made.message);
      key[who] = made.value.key;
    }
  });

  it('names each field of a refused body in content.fieldErrors, format errors too', async () => {
    const without = (field: string) =>
      Object.fromEntries(Object.entries(body()).filter(([k]) => k !== field));
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['closingDate', body({ closingDate: '31/12/2026' }), /Closing date must be a date/],
      ['applyLink', body({ applyLink: 'careers page' }), /http:\/\/ or https:\/\//],
      ['noOfOpening', body({ noOfOpening: 'many' }), /whole number/],
      ['companyId', body({ companyId: 7 }), /unknown field 'companyId'/],
      ['title', without('title'), /title is required/],
      ['skills', body({ skills: 42 }), /Skills/],
    ];
    for (const [field, payload, message] of cases) {
      const res = await call('POST', employerApiPaths.jobs, 'rw', payload);
      expect(res.statusCode, field).toBe(400);
      const answer = res.json();
      expect(answer.message, field).toContain(field);
      expect(answer.content.fieldErrors[field], field).toMatch(message);
    }
    // Two wrong fields at once: both named.
    const two = await call(
      'POST',
      employerApiPaths.jobs,
      'rw',
      body({ closingDate: 'soon', noOfOpening: -1 }),
    );
    expect(Object.keys(two.json().content.fieldErrors).sort()).toEqual([
      'closingDate',
      'noOfOpening',
    ]);
    // Not JSON at all, or no object: the body itself is named.
    const broken = await call('POST', employerApiPaths.jobs, 'rw', '{"title": ', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().content.fieldErrors.body).toMatch(/JSON/);
    const none = await call('POST', employerApiPaths.jobs, 'rw', '', {
      'content-type': 'application/json',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().content.fieldErrors).toHaveProperty('body');
  });

  it('refuses a "__proto__" or "constructor" key by its name, not as JSON that is not valid', async () => {
    const before = (await database.db.select().from(jobs)).length;
    const raw = (text: string) =>
      call('POST', employerApiPaths.jobs, 'rw', text, { 'content-type': 'application/json' });
    const valid = JSON.stringify(body());
    for (const [text, key] of [
      [valid.replace('{', '{"__proto__":{"verified":true},'), '__proto__'],
      [valid.replace('{', '{"constructor":{"prototype":{"verified":true}},'), 'constructor'],
      [valid.replace('"skills":[', '"skills":[{"__proto__":{}},'), 'skills.0.__proto__'],
    ] as const) {
      const res = await raw(text);
      expect(res.statusCode, key).toBe(400);
      const answer = res.json();
      expect(answer.message, key).toContain(`key "${key}" is refused`);
      expect(answer.message, key).not.toMatch(/not valid JSON|forbidden prototype/);
      expect(answer.content.fieldErrors.body, key).toBe(answer.message);
    }
    // A "constructor" key JSON can hold harmlessly is an unknown field, named as any other.
    const plain = await raw(valid.replace('{', '{"constructor":"x",'));
    expect(plain.statusCode).toBe(400);
    expect(plain.json().content.fieldErrors.constructor).toMatch(/^unknown field 'constructor'/);
    expect((await database.db.select().from(jobs)).length).toBe(before);
    // JSON that is broken says where, in JSON.parse's words.
    const broken = await raw('{"title": "x",}');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The body is not valid JSON: .*position/);
    // Every JSON endpoint of the app answers so, not only the posting API.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/jobs/add-one-view-to-a-view-jd',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"jobId":1}',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json().message).toMatch(/key "__proto__" is refused/);
  });

  it('names every wrong field in one answer: format, rules between fields and our lists alike', async () => {
    // QA's body: wrong formats, a salary range upside down, a closing date too far, a job type and
    // a city our lists lack, and a field the API does not take.
    const res = await call('POST', employerApiPaths.jobs, 'rw', {
      title: 'QA',
      roleId: 'x',
      cityId: 999_999,
      jobTypeId: 9,
      experienceLevel: 7,
      applyLink: 'javascript:alert(1)',
      description: 'short',
      salaryMode: 'range',
      salaryFrom: 5,
      salaryTo: 1,
      salaryTypeId: ref.salaryTypes.monthly,
      closingDate: '2030-01-01',
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(Object.keys(answer.content.fieldErrors).sort()).toEqual(
      [
        'applyLink',
        'cityId',
        'closingDate',
        'description',
        'experienceLevel',
        'extra',
        'jobTypeId',
        'roleId',
        'salaryTo',
        'title',
      ].sort(),
    );
    expect(answer.content.fieldErrors).toMatchObject({
      salaryTo: 'Salary to must not be below salary from',
      closingDate: 'Closing date must be at most 90 days away',
      jobTypeId:
        'jobTypeId must be one of: 1 = Full-time, 2 = Part-time, 3 = Contract, 4 = Internship, 5 = Temporary, 6 = Remote',
    });
    // The API's words, not the form's: where a client finds a city's id.
    expect(answer.content.fieldErrors.cityId).toMatch(
      /^cityId is not one of our cities: find a city's id with GET \/api\/v1\/settings\/locations-filter\?name=/,
    );
    // The message names them too, the format's first.
    expect(answer.message).toMatch(
      /^Invalid body: .*title.*Salary to must not be below salary from/,
    );
    expect(answer.message).toContain('jobTypeId must be one of: 1 = Full-time');
  });

  it('defaults salaryMode (none) and noOfOpening (1) as the form starts them', async () => {
    const {
      salaryMode: _mode,
      noOfOpening: _openings,
      salaryFrom: _from,
      salaryTo: _to,
      salaryTypeId: _type,
      ...bare
    } = body({ title: 'Kiln Technician' });
    const res = await call('POST', employerApiPaths.jobs, 'rw', bare);
    expect(res.statusCode, res.body).toBe(201);
    const row = await jobRow(res.json().content.job.id);
    expect(row).toMatchObject({ noOfOpening: 1, salaryProvided: 'false', salaryFrom: null });
    // A default never hides a wrong value: one sent is checked as the form checks it.
    const zero = await call('POST', employerApiPaths.jobs, 'rw', { ...bare, noOfOpening: 0 });
    expect(zero.json().content.fieldErrors).toEqual({
      noOfOpening: 'Number of openings must be at least 1',
    });
  });

  it('names the real path to update a job whose externalId is taken', async () => {
    const first = await call('POST', employerApiPaths.jobs, 'rw', body({ externalId: 'qa-1' }));
    expect(first.statusCode).toBe(201);
    const again = await call('POST', employerApiPaths.jobs, 'rw', body({ externalId: 'qa-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('PUT /api/v1/employer/jobs/by-external-id/qa-1');
  });

  it('refuses a key without the scope with 403 before looking at its body', async () => {
    for (const payload of [body({ noOfOpening: 'many' }), { nonsense: true }, '{not json']) {
      const res = await call('POST', employerApiPaths.jobs, 'ro', payload, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toContain('jobs:write');
    }
    const put = await call('PUT', employerApiPaths.byExternalId('ro-1'), 'ro', { title: 1 });
    expect(put.statusCode).toBe(403);
  });

  it('closes with an empty JSON body', async () => {
    const made = await call('PUT', employerApiPaths.byExternalId('empty-close'), 'rw', body());
    expect(made.statusCode, made.body).toBe(201);
    const res = await call('POST', employerApiPaths.closeByExternalId('empty-close'), 'rw', '', {
      'content-type': 'application/json',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.job.status).toBe('closed');
    const byId = await call(
      'POST',
      employerApiPaths.closeJob(made.json().content.job.id),
      'rw',
      '',
      { 'content-type': 'application/json' },
    );
    expect(byId.statusCode, byId.body).toBe(200);
  });

  it('names the 200-character limit of an externalId in the path', async () => {
    for (const length of [201, 250, 700, 3000]) {
      const id = 'x'.repeat(length);
      for (const [method, url] of [
        ['PUT', employerApiPaths.byExternalId(id)],
        ['POST', employerApiPaths.closeByExternalId(id)],
      ] as const) {
        const res = await call(method, url, 'rw', method === 'PUT' ? body() : undefined);
        expect(res.statusCode, `${method} ${length}`).toBe(400);
        expect(res.json().message).toContain('at most 200 characters');
      }
    }
    // 200 characters, even written with percent-escapes, is an id.
    const longest = `greenhouse:${'9'.repeat(189)}`;
    const res = await call('POST', employerApiPaths.closeByExternalId(longest), 'rw');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Job not found');
  });

  it('says that an apply link may not carry a user name or password', async () => {
    const res = await call(
      'POST',
      employerApiPaths.jobs,
      'rw',
      body({ applyLink: 'https://user:secret@careers.acme.example/apply' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().content.fieldErrors.applyLink).toBe(
      'Apply link must not contain a user name or password (https://user:password@…)',
    );
  });

  it("takes a PUT body's externalId when it is the job's own, and refuses another", async () => {
    const url = employerApiPaths.byExternalId('same-id');
    const made = await call('PUT', url, 'rw', body({ externalId: 'same-id' }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().content.job.id as number;
    const again = await call('PUT', url, 'rw', body({ externalId: 'same-id', noOfOpening: 3 }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().content.result).toBe('updated');
    const other = await call('PUT', url, 'rw', body({ externalId: 'other-id' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().content.fieldErrors.externalId).toBe(
      "externalId in the body ('other-id') differs from the one in the path ('same-id'); leave it out or send the same",
    );
    const byId = await call('PUT', employerApiPaths.job(id), 'rw', body({ externalId: 'same-id' }));
    expect(byId.statusCode, byId.body).toBe(200);
    const renamed = await call('PUT', employerApiPaths.job(id), 'rw', body({ externalId: 'new' }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().content.fieldErrors.externalId).toContain("'s own ('same-id')");
    expect((await jobRow(id))!.externalId).toBe('same-id');
  });

  it("addresses a job imported from a board by its 'source:id', but creates none", async () => {
    const made = await call('PUT', employerApiPaths.byExternalId('board-job'), 'rw', body());
    const id = made.json().content.job.id as number;
    await database.db.update(jobs).set({ externalId: 'greenhouse:9001' }).where(eq(jobs.id, id));
    const url = employerApiPaths.byExternalId('greenhouse:9001');
    const updated = await call('PUT', url, 'rw', body({ title: 'Board Engineer' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().content.job).toMatchObject({ id, externalId: 'greenhouse:9001' });
    const closed = await call('POST', employerApiPaths.closeByExternalId('greenhouse:9001'), 'rw');
    expect(closed.statusCode, closed.body).toBe(200);
    // A new job never takes an id the ATS sync gives.
    const fresh = await call('PUT', employerApiPaths.byExternalId('greenhouse:9002'), 'rw', body());
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().content.fieldErrors.externalId).toContain('imported from a board');
    const posted = await call('POST', employerApiPaths.jobs, 'rw', body({ externalId: 'lever:1' }));
    expect(posted.statusCode).toBe(400);
    expect(posted.json().content.fieldErrors.externalId).toContain('imported from a board');
  });
});

describe('posting API: what a client sends is kept or refused, never lost', () => {
  beforeAll(async () => {
    const made = await keys.create(ownerA, ref.companies.acme, {
      name: 'kept',
      scopes: ['jobs:read', 'jobs:write'],
    });
    if (!made.ok) throw new Error(made.message);
    key.kept = made.value.key;
  });

  it("turns HTML into the form's text: paragraphs and lists kept, tags dropped", async () => {
    const res = await call(
      'POST',
      employerApiPaths.jobs,
      'kept',
      body({
        title: '<b>Payments</b> <script>alert(1)</script>Engineer',
        description:
          '<p>We build <strong>payments</strong> with Map&lt;K, V&gt; &amp; more.</p><ul><li>Design services</li><li>Review code</li></ul>',
        skills: ['<i>TS</i>', 'List<String>'],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await jobRow(res.json().content.job.id);
    expect(row!.title).toBe('Payments Engineer');
    expect(row!.description).toBe(
      'We build payments with Map<K, V> & more.\n\n• Design services\n• Review code',
    );
    // Angle brackets that are no HTML element's tag are words.
    expect(row!.skills).toEqual(['TS', 'List<String>']);
    // Plain text is kept as sent, its line breaks too.
    const plain = 'First paragraph, a < b.\n\nSecond paragraph with List<String>.';
    const kept = await call('POST', employerApiPaths.jobs, 'kept', body({ description: plain }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await jobRow(kept.json().content.job.id))!.description).toBe(plain);
  });

  it('refuses salary fields that salaryMode (or its absence) would drop, naming salaryMode', async () => {
    const { salaryMode: _mode, ...noMode } = body();
    const missing = await call('POST', employerApiPaths.jobs, 'kept', noMode);
    expect(missing.statusCode, missing.body).toBe(400);
    const errors = missing.json().content.fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(
      ['salaryFrom', 'salaryMode', 'salaryTo', 'salaryTypeId'].sort(),
    );
    expect(errors.salaryMode).toMatch(/^salaryMode is required when salaryFrom, salaryTo and/);
    expect(missing.json().message).toContain('salaryMode');
    const none = await call(
      'POST',
      employerApiPaths.jobs,
      'kept',
      body({ salaryMode: 'none', salaryFrom: undefined, salaryTo: undefined, bestInIndustry: 'x' }),
    );
    expect(none.statusCode, none.body).toBe(400);
    expect(Object.keys(none.json().content.fieldErrors).sort()).toEqual(
      ['bestInIndustry', 'salaryMode', 'salaryTypeId'].sort(),
    );
    // With a format error too: every field named in one answer.
    const both = await call('POST', employerApiPaths.jobs, 'kept', { ...noMode, title: 7 });
    expect(Object.keys(both.json().content.fieldErrors)).toEqual(
      expect.arrayContaining(['title', 'salaryMode', 'salaryFrom']),
    );
    // Nothing was made.
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from jobs where title = 'Platform Engineer' and salary_from is null and company_id = ${ref.companies.acme}`,
    );
    expect(count!.n).toBe(0);
  });

  it('refuses text where JSON has a number or a list, as the document says', async () => {
    const res = await call(
      'POST',
      employerApiPaths.jobs,
      'kept',
      body({ roleId: String(ref.roles.sde), noOfOpening: '2', skills: 'TypeScript, Go' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().content.fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['noOfOpening', 'roleId', 'skills']);
    expect(errors.roleId).toMatch(/^roleId must be a JSON number/);
    expect(errors.skills).toMatch(/^skills must be a JSON list of texts/);
  });

  it('says that a closed job stays closed after a PUT, and how to post it again', async () => {
    const made = await call('PUT', employerApiPaths.byExternalId('kept-closed'), 'kept', body());
    expect(made.statusCode, made.body).toBe(201);
    await call('POST', employerApiPaths.closeByExternalId('kept-closed'), 'kept');
    const res = await call(
      'PUT',
      employerApiPaths.byExternalId('kept-closed'),
      'kept',
      body({ title: 'Platform Engineer II' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().content.job.status).toBe('closed');
    expect(res.json().message).toMatch(/^Job updated, but it stays closed: .*Repost/);
  });

  it('answers a body that is not JSON with 415, saying to send application/json', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'text/csv' }]) {
      const res = await call('POST', employerApiPaths.jobs, 'kept', 'title=x', headers);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toMatch(/Content-Type: application\/json/);
    }
  });
});

describe('posting API, values that are no text', () => {
  it('names a field sent as an object with a length, even one that cannot be made text', async () => {
    // The fuzzer's find: Zod's length checks ran on {"length": 0} and their messages made it a
    // string, which {"toString": null} cannot be (a 500).
    for (const odd of [{ length: 0, toString: null }, { length: 99_999 }]) {
      const res = await call(
        'POST',
        employerApiPaths.jobs,
        'kept',
        body({ title: odd, skills: [odd] }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().content.fieldErrors).toMatchObject({
        title: 'Title must be text',
        skills: expect.stringMatching(/^Skills: each item must be text/),
      });
    }
  });
});

describe('posting API fuzzed', () => {
  it('answers random bodies with a 2xx/4xx envelope, never a 5xx', async () => {
    // The per-key limit off (RATE_LIMIT_SCALE=0), so every body reaches validation.
    const open = await buildApiApp(database, { env: { RATE_LIMIT_SCALE: '0' } });
    const fields = [...Object.keys(body()), 'externalId', 'closingDate', 'responsibilities'];
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 })),
          fc.subarray(Object.keys(body())),
          fc.constantFrom('POST', 'PUT'),
          async (overrides, left, method) => {
            // Random fields changed, and random ones left out.
            const payload: Record<string, unknown> = { ...body(), ...overrides };
            for (const field of left) delete payload[field];
            const res = await open.inject({
              method,
              url:
                method === 'POST'
                  ? employerApiPaths.jobs
                  : employerApiPaths.byExternalId(`fuzz-${Object.keys(overrides).length}`),
              headers: { authorization: `Bearer ${key.a}` },
              payload,
            });
            expect(res.statusCode, res.body).toBeLessThan(500);
            const answer = res.json();
            expect(typeof answer.success).toBe('boolean');
            expect(typeof answer.message).toBe('string');
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      await open.close();
    }
  });
});

describe('OpenAPI', () => {
  it('gives paging its real ranges, and the 304, 415 and 429 the API answers', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const param = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name);
    expect(param(employerApiPaths.jobs, 'pageSize').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(param(apiPaths.currentOpenings, 'pageSize').schema).toMatchObject({ maximum: 50 });
    expect(param('/api/v1/companies/{slug}', 'pageSize').description).toMatch(/1 to 50/);
    expect(Object.keys(doc.paths[apiPaths.currentOpenings].get.responses)).toEqual(
      expect.arrayContaining(['304', '429']),
    );
    expect(doc.paths[employerApiPaths.jobs].post.responses['415'].description).toMatch(
      /application\/json/,
    );
    const props =
      doc.paths[employerApiPaths.jobs].post.requestBody.content['application/json'].schema
        .properties;
    expect(props.description.description).toMatch(/HTML/);
    expect(props.skills.description).toMatch(/JSON list/);
    expect(props.roleId.description).toMatch(/JSON number/);
  });

  it('documents the posting API with examples and the bearer scheme', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const upsert = doc.paths['/api/v1/employer/jobs/by-external-id/{externalId}'].put;
    expect(upsert.security).toEqual([{ apiKey: [] }]);
    const schema = upsert.requestBody.content['application/json'].schema;
    expect(schema.properties).toHaveProperty('title');
    // Taken when it equals the path's (a client may send the same body to every route).
    expect(schema.properties).toHaveProperty('externalId');
    expect(schema.required).toContain('cityId');
    expect(schema.required).not.toContain('skills');
    expect(upsert.requestBody.content['application/json'].example.title).toBe(
      'Senior Backend Engineer',
    );
    const create = doc.paths['/api/v1/employer/jobs'].post;
    expect(create.requestBody.content['application/json'].example.externalId).toBe('req-2026-041');
    expect(doc.paths['/api/v1/employer/jobs/{id}/close'].post).toBeDefined();
  });

  it("documents what each id means, and its example's ids are what its text says", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const media = doc.paths['/api/v1/employer/jobs'].post.requestBody.content['application/json'];
    const described = (field: string) => media.schema.properties[field].description as string;
    expect(described('jobTypeId')).toContain('1 = Full-time, 2 = Part-time, 3 = Contract');
    expect(described('salaryTypeId')).toContain('1 = Monthly, 2 = Yearly, 3 = Hourly');
    expect(described('roleId')).toContain('/api/v1/settings/roles-filter');
    expect(described('cityId')).toContain('/api/v1/settings/locations-filter');
    expect(described('experienceLevel')).toContain('0 = Fresher');
    // The example against the reference data every seeded database has (ids are positions + 1).
    const example = media.example;
    expect(example.title).toBe('Senior Backend Engineer');
    expect(ROLES[example.roleId - 1]!.name).toBe('Backend Development');
    expect(CITIES[example.cityId - 1]!.name).toBe('Berlin');
    expect(JOB_TYPES[example.jobTypeId - 1]).toBe('Full-time');
    expect(SALARY_TYPES[example.salaryTypeId - 1]!.name).toBe('Yearly');
    // And the ids the descriptions give as examples are those the filters answer.
    expect(described('roleId')).toContain(`gives ${example.roleId}, Backend Development`);
    expect(described('cityId')).toContain(`gives ${example.cityId}, Berlin`);
  });

  it("gives the example a closing date that today's form accepts", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const media = doc.paths['/api/v1/employer/jobs'].post.requestBody.content['application/json'];
    const { externalId: _id, ...example } = media.example;
    expect(example.closingDate).toBe(apiJobExample(new Date()).closingDate);
    expect(jobFormSchema(new Date()).safeParse(example).error?.issues).toBeUndefined();
    expect(media.schema.properties.closingDate.description).toContain('90 days away');
  });

  it('moves the closing date to the end of next month, within the 90 days a job may run', () => {
    const cases = [
      ['2026-11-25T04:00:00Z', '2026-12-31'],
      ['2026-12-31T23:59:59Z', '2027-01-31'],
      ['2027-01-01T00:00:00Z', '2027-02-28'],
      ['2028-01-31T12:00:00Z', '2028-02-29'],
      ['2030-06-30T12:00:00Z', '2030-07-31'],
    ] as const;
    for (const [now, closing] of cases) {
      const { externalId: _id, ...example } = apiJobExample(new Date(now));
      expect(example.closingDate, now).toBe(closing);
      expect(jobFormSchema(new Date(now)).safeParse(example).success, now).toBe(true);
    }
  });
});

describe('maintenance', () => {
  it('refuses writes with 503 and Retry-After while maintenance is on; reads go on', async () => {
    await insertAppDetails(database.db);
    await app.services.appDetails.setMaintenance(true);
    try {
      const before = await database.db.select({ id: jobs.id }).from(jobs);
      const created = await call('PUT', employerApiPaths.byExternalId('maint-1'), 'a', body());
      expect(created.statusCode).toBe(503);
      expect(created.headers['retry-after']).toBe('300');
      expect(created.json()).toMatchObject({
        success: false,
        message: expect.stringContaining('in maintenance'),
      });
      expect(
        (await call('POST', employerApiPaths.jobs, 'a', body({ externalId: 'maint-2' })))
          .statusCode,
      ).toBe(503);
      expect(
        (await call('POST', employerApiPaths.closeByExternalId('maint-1'), 'a')).statusCode,
      ).toBe(503);
      expect(await database.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
      expect((await call('GET', employerApiPaths.jobs, 'a')).statusCode).toBe(200);
      // A key still has to be good: a wrong one is told so first.
      expect(
        (await call('PUT', employerApiPaths.byExternalId('maint-1'), 'opk_wrong', body()))
          .statusCode,
      ).toBe(401);
    } finally {
      await app.services.appDetails.setMaintenance(false);
    }
    expect(
      (await call('PUT', employerApiPaths.byExternalId('maint-1'), 'a', body())).statusCode,
    ).toBe(201);
  });
});

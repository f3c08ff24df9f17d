// The ATS sync against a local fake of each source (test/fake-ats): a connect reads the board and
// adds its postings (a posting we cannot map is held in review with its reason), a changed
// posting is updated, a posting gone for 48 hours closes only after a crawl that read the whole
// board — a 500, bad JSON, a failing second page or a stopped server close nothing — and a job
// that comes back reopens. Time is injected. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAts, startFakeAts } from '../../../../test/fake-ats/server.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { insertReference } from '../../db/seed/demo.ts';
import { buildReference } from '../../db/seed/generate.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { companyForm, employerServices, insertAccount } from '../../../../test/support/employer.ts';
import { listingQuery } from '../../../shared/contract/jobs.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { createModeration } from '../moderation/moderation.service.ts';
import { createBoardTasks } from '../tasks/tasks.ts';
import { boardTakenMessage, createAtsSync, NOT_SEEN_REASON } from './ats-sync.ts';
import type { AtsSourceName } from './sources/types.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-10T08:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

let database: TestDatabase;
let db: Db;
let fake: FakeAts;
let clock = T0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await insertReference(db, buildReference());
  fake = await startFakeAts();
});
afterAll(async () => {
  await fake.stop();
  await database.close();
});

const sync = () =>
  createAtsSync(db, { allowPrivate: true, baseUrlOverride: fake.url, now: () => clock });

/**
 * One board, one company (migration 0023): a test's new company connects the fake "acme" boards
 * that an earlier test's company had connected, so those connections go first.
 */
const freeBoards = () => db.execute(sql`delete from ats_connections`);

interface JobRow {
  id: number;
  external_id: string;
  title: string;
  status: string;
  is_active: boolean;
  city: string;
  country: string;
  role: string;
  job_type: string;
  salary_provided: string;
  salary_from: number | null;
  best_in_industry: string | null;
  description: string;
  responsibilities: string[];
  minimum_requirements: string[];
  review_reason: string | null;
  closed_reason: string | null;
  last_seen_at: Date | string | null;
  work_mode: string | null;
}

async function jobsOf(companyId: number): Promise<Map<string, JobRow>> {
  const rows = await queryRows<JobRow>(
    db,
    sql`select j.id, j.external_id, j.title, j.status, j.is_active, c.name as city,
          cn.iso2 as country, r.sort_name as role, jt.name as job_type, j.salary_provided,
          j.salary_from, j.best_in_industry, j.description, j.responsibilities,
          j.minimum_requirements, j.review_reason, j.closed_reason, j.last_seen_at, j.work_mode
        from jobs j join cities c on c.id = j.city_id join states s on s.id = c.state_id
        join countries cn on cn.id = s.country_id join roles r on r.id = j.role_id
        join job_types jt on jt.id = j.job_type_id
        where j.company_id = ${companyId}`,
  );
  return new Map(rows.map((r) => [r.external_id, r]));
}

async function newCompany(name: string) {
  // A verified company: its jobs go live at once (the employer service's rule).
  const domain = `${name.toLowerCase()}.example`;
  const owner = await insertAccount(db, `owner@${domain}`);
  const created = await employerServices(db).companies.create(
    owner,
    companyForm(name, `https://www.${domain}`),
  );
  if (!created.ok) throw new Error(created.message);
  return { ownerId: owner.id, companyId: created.value.companyId };
}

interface Case {
  source: AtsSourceName;
  board: string;
  /** A posting that maps well (the one removed and brought back). */
  good: string;
  goodCity: string;
  goodRole: string;
  /** A second well-mapped posting, with what it should map to. */
  other: string;
  otherCity: string;
  /** The posting we cannot map, and a word of the reason. */
  held: string;
  heldReason: RegExp;
  /** Removes or restores the good posting on the fake board. */
  key: (p: Record<string, unknown>) => string;
}

const CASES: Case[] = [
  {
    source: 'greenhouse',
    board: 'acme',
    good: '4012345',
    goodCity: 'Berlin',
    goodRole: 'SDE',
    other: '4012346',
    otherCity: 'London',
    held: '4012347',
    heldReason: /unknown city "Atlantis"/,
    key: (p) => String(p.id),
  },
  {
    source: 'lever',
    board: 'acme',
    good: 'a1b2c3d4-0001',
    goodCity: 'San Francisco',
    goodRole: 'BE',
    other: 'a1b2c3d4-0002',
    otherCity: 'Berlin',
    held: 'a1b2c3d4-0003',
    heldReason: /no title/,
    key: (p) => String(p.id),
  },
  {
    source: 'ashby',
    board: 'acme',
    good: '5f1c1a8e-0001',
    goodCity: 'Bengaluru',
    goodRole: 'DS',
    other: '5f1c1a8e-0002',
    otherCity: 'Mumbai',
    held: '5f1c1a8e-0003',
    heldReason: /unknown city "Gotham City"/,
    key: (p) => String(p.id),
  },
  {
    source: 'recruitee',
    board: 'acme',
    good: '701',
    goodCity: 'Hamburg',
    goodRole: 'SDE',
    other: '702',
    otherCity: 'Munich',
    held: '703',
    heldReason: /unknown city ".*Springfield/,
    key: (p) => String(p.id),
  },
  {
    source: 'smartrecruiters',
    board: 'Acme1',
    good: '743999000000001',
    goodCity: 'Toronto',
    goodRole: 'DevOps',
    other: '743999000000002',
    otherCity: 'Vancouver',
    held: '743999000000003',
    heldReason: /unknown city "Halifax/,
    key: (p) => String(p.id),
  },
  {
    source: 'workable',
    board: 'acme',
    good: 'AB12CD34',
    goodCity: 'Singapore',
    goodRole: 'Mobile',
    other: 'AB12CD35',
    otherCity: 'Dubai',
    held: 'AB12CD36',
    heldReason: /unknown city "Sharjah.*description is shorter/,
    key: (p) => String(p.shortcode),
  },
  {
    source: 'personio',
    board: 'acme',
    good: '1001',
    goodCity: 'Munich',
    goodRole: 'SDE',
    other: '1002',
    otherCity: 'Köln',
    held: '1003',
    heldReason: /no title/,
    key: (p) => String(p.id),
  },
];

describe.each(CASES)('$source board', (c) => {
  let companyId: number;
  let ownerId: string;
  let connectionId: number;
  const ext = (id: string) => `${c.source}:${id}`;
  const board = () =>
    (fake.boards[c.source] as Record<string, Record<string, unknown>[]>)[c.board]!;
  let removed: Record<string, unknown> | null = null;

  beforeAll(async () => {
    ({ companyId, ownerId } = await newCompany(`Src${c.source}`));
    clock = T0;
    fake.fail = () => null;
  });

  it('connect reads the board and adds its postings; one it cannot map is held with the reason', async () => {
    const result = await sync().service.connect(ownerId, companyId, {
      source: c.source,
      boardId: c.board,
    });
    if (!result.ok) throw new Error(result.message);
    connectionId = result.value.connectionId;
    expect(result.value.outcome).toMatchObject({
      ok: true,
      summary: { found: 3, added: 2, held: 1, failed: 0 },
    });
    const jobs = await jobsOf(companyId);
    expect(jobs.size).toBe(3);
    const good = jobs.get(ext(c.good))!;
    expect(good).toMatchObject({
      status: 'live',
      is_active: true,
      city: c.goodCity,
      role: c.goodRole,
    });
    expect(new Date(good.last_seen_at!).getTime()).toBe(T0.getTime());
    expect(good.description).not.toMatch(/<|alert\(/);
    expect(jobs.get(ext(c.other))).toMatchObject({ status: 'live', city: c.otherCity });
    const held = jobs.get(ext(c.held))!;
    expect(held).toMatchObject({ status: 'in_review', is_active: false });
    expect(held.review_reason).toMatch(c.heldReason);
  });

  it('a changed posting is updated on the next sync', async () => {
    const posting = board().find((p) => c.key(p) === c.good)!;
    if (c.source === 'lever') posting.text = 'Staff Backend Engineer';
    else if (c.source === 'smartrecruiters') posting.name = 'Staff DevOps Engineer';
    else posting.title = posting.name = 'Staff Engineer (changed)';
    clock = at(1);
    const outcome = await sync().syncConnection(connectionId, clock);
    expect(outcome).toMatchObject({ ok: true, summary: { updated: 1, unchanged: 2, closed: 0 } });
    const job = (await jobsOf(companyId)).get(ext(c.good))!;
    expect(job.title).toMatch(/^Staff /);
    expect(job.status).toBe('live');
  });

  it('a posting gone from the board stays open within 48 hours', async () => {
    const list = board();
    const index = list.findIndex((p) => c.key(p) === c.good);
    removed = list.splice(index, 1)[0]!;
    // Last seen at hour 1: 47 hours later it is still within the window.
    clock = at(48);
    const outcome = await sync().syncConnection(connectionId, clock);
    expect(outcome).toMatchObject({ ok: true, summary: { found: 2, closed: 0 } });
    expect((await jobsOf(companyId)).get(ext(c.good))!.status).toBe('live');
  });

  it('a failed crawl (HTTP 500, bad JSON, a failing later page) closes nothing and is recorded', async () => {
    const failures: ((path: string) => number | 'bad-json' | null)[] = [
      () => 500,
      () => (c.source === 'personio' ? 503 : 'bad-json'),
      // The second request fails: a later page, or a posting's details.
      (() => {
        let n = 0;
        return () => (++n === 2 ? 502 : null);
      })(),
    ];
    for (const [i, failure] of failures.entries()) {
      fake.fail = failure;
      clock = at(60 + i);
      const outcome = await sync().syncConnection(connectionId, clock);
      // Greenhouse, Ashby, Recruitee, Workable and Personio read one page: the third case is
      // a success there (one request), so only the paged sources must fail it.
      const paged = c.source === 'lever' || c.source === 'smartrecruiters';
      if (i < 2 || paged) {
        expect(outcome?.ok).toBe(false);
        const job = (await jobsOf(companyId)).get(ext(c.good))!;
        expect(job.status).toBe('live');
        const [conn] = await queryRows<{ status: string; last_error: string }>(
          db,
          sql`select status, last_error from ats_connections where id = ${connectionId}`,
        );
        expect(conn!.status).toBe('failed');
        expect(conn!.last_error.length).toBeGreaterThan(5);
      } else {
        // One request only: that read succeeded, and 60 hours after the last sighting it closes.
        expect(outcome?.ok).toBe(true);
      }
    }
    fake.fail = () => null;
  });

  it('after a successful crawl, a posting unseen for 48 hours closes; the others stay', async () => {
    clock = at(70);
    const outcome = await sync().syncConnection(connectionId, clock);
    expect(outcome).toMatchObject({ ok: true });
    const jobs = await jobsOf(companyId);
    expect(jobs.get(ext(c.good))).toMatchObject({
      status: 'closed',
      is_active: false,
      closed_reason: NOT_SEEN_REASON,
    });
    expect(jobs.get(ext(c.other))).toMatchObject({ status: 'live' });
    expect(jobs.get(ext(c.held))).toMatchObject({ status: 'in_review' });
  });

  it('a job that comes back is reopened', async () => {
    board().push(removed!);
    clock = at(72);
    const outcome = await sync().syncConnection(connectionId, clock);
    expect(outcome).toMatchObject({ ok: true, summary: { reopened: 1, closed: 0 } });
    const job = (await jobsOf(companyId)).get(ext(c.good))!;
    expect(job).toMatchObject({ status: 'live', is_active: true, closed_reason: null });
    expect(new Date(job.last_seen_at!).getTime()).toBe(at(72).getTime());
  });
});

describe('a stopped server and the dashboard rules', () => {
  beforeEach(freeBoards);

  it('a stopped board server closes nothing, days later', async () => {
    const { ownerId, companyId } = await newCompany('Stopped');
    const other = await startFakeAts();
    const s = createAtsSync(db, { allowPrivate: true, baseUrlOverride: other.url, now: () => T0 });
    const result = await s.service.connect(ownerId, companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!result.ok) throw new Error(result.message);
    await other.stop();
    const outcome = await s.syncConnection(result.value.connectionId, at(24 * 5));
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/could not connect/) });
    const jobs = await jobsOf(companyId);
    expect([...jobs.values()].filter((j) => j.status === 'live')).toHaveLength(2);
    const list = await s.service.list(ownerId, companyId);
    expect(list.ok && list.value[0]).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/could not connect/),
    });
  });

  it("the hourly task syncs every connected board through the runner, with the runner's time", async () => {
    const { ownerId, companyId } = await newCompany('Hourly');
    const s = sync();
    const connected = await s.service.connect(ownerId, companyId, {
      source: 'recruitee',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    const when = at(24 * 10);
    const tasks = createBoardTasks(db, {
      mailer: { send: async () => ({ messageId: 'x' }) },
      publicUrl: 'http://localhost:3000',
      refreshCounts: async () => {},
      now: () => when,
      atsSync: (now) => s.syncAll(now),
    });
    const run = await tasks.runNow('ats-sync');
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ats_connections`,
    );
    expect(run).toMatchObject({ status: 'succeeded', result: { connections: count!.n } });
    const jobs = await jobsOf(companyId);
    expect(new Date(jobs.get('recruitee:701')!.last_seen_at!).getTime()).toBe(when.getTime());
  });

  it('connect names the field: unknown source, malformed board, a board that does not exist', async () => {
    const { ownerId, companyId } = await newCompany('Fields');
    const s = sync();
    expect(
      await s.service.connect(ownerId, companyId, { source: 'taleo', boardId: 'acme' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { source: expect.stringMatching(/Source/) },
    });
    expect(
      await s.service.connect(ownerId, companyId, { source: 'lever', boardId: '../x' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { boardId: expect.stringMatching(/Site name/) },
    });
    expect(
      await s.service.connect(ownerId, companyId, { source: 'lever', boardId: 'nobody' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { boardId: expect.stringMatching(/not found \(HTTP 404\)/) },
    });
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ats_connections where company_id = ${companyId}`,
    );
    expect(n!.n).toBe(0);
  });

  it('only owners manage sources; disconnect closes or keeps the jobs', async () => {
    const { ownerId, companyId } = await newCompany('Owners');
    const s = sync();
    const stranger = await insertAccount(db, 'someone@else.example');
    expect(await s.service.list(stranger.id, companyId)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    const a = await s.service.connect(ownerId, companyId, { source: 'ashby', boardId: 'acme' });
    const b = await s.service.connect(ownerId, companyId, { source: 'workable', boardId: 'acme' });
    if (!a.ok || !b.ok) throw new Error('connect failed');
    // The posting in "Gotham City" waits in the operators' review queue with its reason.
    const moderation = createModeration(db, {
      mailer: { send: async () => ({ messageId: 'x' }) },
      publicUrl: 'http://localhost:3000',
      appDetails: {} as Parameters<typeof createModeration>[1]['appDetails'],
    });
    const queue = await moderation.reviewQueue();
    expect(
      queue.find((item) => item.title === 'Office Manager' && item.companyName === 'Owners'),
    ).toMatchObject({
      companyName: 'Owners',
      reviewReason: expect.stringMatching(/unknown city "Gotham City"/),
    });
    expect(await s.service.disconnect(stranger.id, a.value.connectionId, 'close')).toMatchObject({
      ok: false,
    });
    expect(await s.service.disconnect(ownerId, a.value.connectionId, 'close')).toMatchObject({
      ok: true,
      value: { closed: 3 },
    });
    expect(await s.service.disconnect(ownerId, b.value.connectionId, 'keep')).toMatchObject({
      ok: true,
      value: { closed: 0 },
    });
    const jobs = await jobsOf(companyId);
    const bySource = (src: string) =>
      [...jobs.values()].filter((j) => j.external_id.startsWith(src));
    expect(bySource('ashby:').every((j) => j.status === 'closed')).toBe(true);
    expect(bySource('workable:').filter((j) => j.status === 'live')).toHaveLength(2);
    expect(bySource('workable:').every((j) => j.last_seen_at === null)).toBe(true);
  });
});

describe('what the employer is told', () => {
  beforeEach(freeBoards);

  /** A company whose owner's address is not on its website's domain: not verified. */
  async function unverifiedCompany(name: string) {
    const owner = await insertAccount(db, `${name.toLowerCase()}@mail.example`);
    const created = await employerServices(db).companies.create(
      owner,
      companyForm(name, `https://www.${name.toLowerCase()}.example`),
    );
    if (!created.ok) throw new Error(created.message);
    expect(created.value.verified).toBe(false);
    return { ownerId: owner.id, companyId: created.value.companyId };
  }

  it('counts each posting once, as what happened to it; held ones say why, on the source and on the job', async () => {
    clock = T0;
    fake.fail = () => null;
    const { ownerId, companyId } = await unverifiedCompany('Waiting');
    const s = sync();
    const connected = await s.service.connect(ownerId, companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    // Two placed postings wait for review (the company is not verified); one is held, with why.
    expect(connected.value.outcome).toMatchObject({
      ok: true,
      summary: {
        found: 3,
        added: 0,
        waiting: 2,
        held: 1,
        updated: 0,
        holds: [{ title: 'Frontend Engineer', reason: 'unknown city "Atlantis"' }],
      },
    });
    const listed = await s.service.list(ownerId, companyId);
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.value[0]).toMatchObject({
      liveJobs: 0,
      reviewJobs: 3,
      held: [{ title: 'Frontend Engineer', reason: 'unknown city "Atlantis"' }],
    });

    // The dashboard's row and the edit form say where the job comes from and why it is held.
    const jobs = employerServices(db).jobs;
    const rows = await jobs.list(ownerId, companyId);
    if (!rows.ok) throw new Error(rows.message);
    const held = rows.value.find((r) => r.title === 'Frontend Engineer')!;
    expect(held).toMatchObject({
      status: 'in_review',
      fromBoard: { system: 'Greenhouse', board: 'acme' },
      heldReason: 'unknown city "Atlantis"',
    });
    expect(rows.value.find((r) => r.title === 'Customer Support Specialist')).toMatchObject({
      fromBoard: { system: 'Greenhouse', board: 'acme' },
      heldReason: null,
    });
    expect(await jobs.form(ownerId, { jobId: held.id })).toMatchObject({
      ok: true,
      value: { fromBoard: { system: 'Greenhouse', board: 'acme' }, heldReason: /Atlantis/ },
    });

    // The company's own correction of the held job ends the hold; the board's unchanged posting
    // leaves it so at the next sync.
    const [berlin] = await queryRows<{ id: number }>(
      db,
      sql`select id from cities where name = 'Berlin'`,
    );
    const state = await jobs.form(ownerId, { jobId: held.id });
    if (!state.ok) throw new Error(state.message);
    const { cityLabel: _label, ...values } = state.value.values;
    const corrected = await jobs.submit(
      ownerId,
      { companyId, jobId: held.id },
      { ...values, cityId: String(berlin!.id) },
    );
    expect(corrected).toMatchObject({ ok: true, value: { status: 'in_review' } });
    expect(await s.syncConnection(connected.value.connectionId, at(0.5))).toMatchObject({
      summary: { unchanged: 3, held: 0 },
    });
    expect(await jobs.form(ownerId, { jobId: held.id })).toMatchObject({
      ok: true,
      value: { heldReason: null, values: { cityId: String(berlin!.id) } },
    });

    // A board's failed sync is seen by every member, with its error and time.
    fake.fail = () => 500;
    try {
      clock = at(1);
      await s.syncConnection(connected.value.connectionId, clock);
    } finally {
      fake.fail = () => null;
    }
    expect(await s.service.failures(ownerId, companyId)).toEqual({
      ok: true,
      value: [
        {
          sourceLabel: 'Greenhouse',
          boardId: 'acme',
          error: expect.stringMatching(/HTTP 500/),
          at: at(1).toISOString(),
        },
      ],
    });
    const stranger = await insertAccount(db, 'nosy@else.example');
    expect(await s.service.failures(stranger.id, companyId)).toMatchObject({ ok: false });
  });

  it('sends an approved job of an unverified company back to review when its board changes its words', async () => {
    clock = T0;
    fake.fail = () => null;
    const { ownerId, companyId } = await unverifiedCompany('Rereview');
    const s = sync();
    const connected = await s.service.connect(ownerId, companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    // Approved by our team.
    await db.execute(sql`update jobs set status = 'live', is_active = true
      where company_id = ${companyId} and review_reason is null`);
    const postings = (fake.boards.greenhouse as Record<string, Record<string, unknown>[]>).acme!;
    const posting = postings.find((p) => p.title === 'Customer Support Specialist')!;
    posting.title = 'Customer Support Specialist (pay a 50 EUR fee)';
    try {
      // Counted as waiting for our review, not as an update that shows.
      expect(await s.syncConnection(connected.value.connectionId, at(1))).toMatchObject({
        ok: true,
        summary: { waiting: 1, updated: 0 },
      });
    } finally {
      posting.title = 'Customer Support Specialist';
    }
    const job = [...(await jobsOf(companyId)).values()].find((j) => /fee/.test(j.title))!;
    expect(job).toMatchObject({ status: 'in_review', is_active: false, review_reason: null });
    // The others, unchanged on the board, stay live.
    const live = [...(await jobsOf(companyId)).values()].filter((j) => j.status === 'live');
    expect(live.length).toBeGreaterThan(0);
  });

  it('reports each posting the board gives no id as not saved, and keeps one job per id', async () => {
    clock = T0;
    fake.fail = () => null;
    const { ownerId, companyId } = await unverifiedCompany('Idless');
    const boards = fake.boards.greenhouse as Record<string, Record<string, unknown>[]>;
    const [first, second] = boards.acme!;
    const withoutId = (title: string) => {
      const posting: Record<string, unknown> = { ...first!, title };
      delete posting.id;
      return posting;
    };
    boards.idless = [
      first!,
      withoutId('Nameless Posting'),
      { ...second!, id: first!.id, title: 'Same Id Twice' },
      withoutId('Another Nameless Posting'),
    ];
    const s = sync();
    const connected = await s.service.connect(ownerId, companyId, {
      source: 'greenhouse',
      boardId: 'idless',
    });
    if (!connected.ok) throw new Error(connected.message);
    // The second listing of an id is the same job (a board paged while it changed lists one
    // twice); each posting without an id is told apart, by its title.
    expect(connected.value.outcome).toMatchObject({
      ok: true,
      summary: {
        found: 3,
        failed: 2,
        errors: [
          'Nameless Posting: your board gives it no id, so it could not be kept up to date; not saved',
          'Another Nameless Posting: your board gives it no id, so it could not be kept up to date; not saved',
        ],
      },
    });
    expect([...(await jobsOf(companyId)).keys()]).toEqual([`greenhouse:${String(first!.id)}`]);
  });

  /**
   * The Greenhouse board's "Customer Support Specialist" of a company, live (approved by our team
   * when the company is not verified), gone from the board until it closes, then back, retitled
   * when `title` is given: what the sync that reopens it answers, the job, and the listing's titles.
   * Real time, since the database's now() decides what is listed.
   */
  async function closedAndBack(
    companyId: number,
    ownerId: string,
    title?: string,
    whileClosed?: (jobId: number) => Promise<void>,
  ) {
    const hour = (h: number) => new Date(Date.now() + h * HOUR);
    clock = hour(-72);
    fake.fail = () => null;
    const s = sync();
    const connected = await s.service.connect(ownerId, companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    const connectionId = connected.value.connectionId;
    await db.execute(sql`update jobs set status = 'live', is_active = true
      where company_id = ${companyId} and review_reason is null`);
    const postings = (fake.boards.greenhouse as Record<string, Record<string, unknown>[]>).acme!;
    const index = postings.findIndex((p) => p.title === 'Customer Support Specialist');
    const [posting] = postings.splice(index, 1);
    try {
      await s.syncConnection(connectionId, hour(-1));
      const closed = [...(await jobsOf(companyId)).values()].find(
        (j) => j.title === 'Customer Support Specialist',
      );
      expect(closed).toMatchObject({ status: 'closed', closed_reason: NOT_SEEN_REASON });
      await whileClosed?.(closed!.id);
      postings.splice(index, 0, { ...posting!, title: title ?? posting!.title });
      const outcome = await s.syncConnection(connectionId, hour(0));
      const job = [...(await jobsOf(companyId)).values()].find(
        (j) => j.external_id === 'greenhouse:4012346',
      )!;
      const listing = await createJobsService(db).list(
        listingQuery.parse({ company: String(companyId) }),
      );
      return { outcome, job, listed: listing.jobs.map((j) => j.title) };
    } finally {
      postings.splice(index, 1, posting!);
    }
  }

  it('reopens a job of an unverified company to review when it comes back with changed words', async () => {
    const { ownerId, companyId } = await unverifiedCompany('Backchanged');
    const title = 'Customer Support Specialist (pay a 50 EUR fee)';
    const { outcome, job, listed } = await closedAndBack(companyId, ownerId, title);
    expect(outcome).toMatchObject({
      ok: true,
      summary: { reopened: 1, waiting: 1, updated: 0, closed: 0 },
    });
    expect(job).toMatchObject({
      title,
      status: 'in_review',
      is_active: false,
      closed_reason: null,
    });
    expect(listed).not.toContain(title);
    // The board's other job, approved and unchanged, is listed: the listing is not empty by date.
    expect(listed.length).toBeGreaterThan(0);
  });

  it('reopens an unchanged job of an unverified company live, as before', async () => {
    const { ownerId, companyId } = await unverifiedCompany('Backsame');
    const { outcome, job, listed } = await closedAndBack(companyId, ownerId);
    expect(outcome).toMatchObject({
      ok: true,
      summary: { reopened: 1, waiting: 0, updated: 0, unchanged: 3 },
    });
    expect(job).toMatchObject({ status: 'live', is_active: true, closed_reason: null });
    expect(listed).toContain('Customer Support Specialist');
  });

  it('reopens a job of an unverified company to review when the company changed its words while closed', async () => {
    const { ownerId, companyId } = await unverifiedCompany('Editclosed');
    const title = 'Customer Support Specialist (pay a 50 EUR fee)';
    const jobs = employerServices(db).jobs;
    const { outcome, job, listed } = await closedAndBack(
      companyId,
      ownerId,
      undefined,
      async (id) => {
        const state = await jobs.form(ownerId, { jobId: id });
        if (!state.ok) throw new Error(state.message);
        const { cityLabel: _label, ...values } = state.value.values;
        const edited = await jobs.submit(ownerId, { companyId, jobId: id }, { ...values, title });
        expect(edited).toMatchObject({ ok: true, value: { status: 'closed', unreviewed: true } });
      },
    );
    // The board lists the words our team approved, but the job now holds the company's own.
    expect(outcome).toMatchObject({
      ok: true,
      summary: { reopened: 1, waiting: 1, updated: 0, unchanged: 3 },
    });
    expect(job).toMatchObject({ title, status: 'in_review', is_active: false });
    expect(listed).not.toContain(title);
  });

  it("reopens a verified company's job live with its changed words", async () => {
    const { ownerId, companyId } = await newCompany('Backverified');
    const title = 'Senior Customer Support Specialist';
    const { outcome, job, listed } = await closedAndBack(companyId, ownerId, title);
    expect(outcome).toMatchObject({
      ok: true,
      summary: { reopened: 1, waiting: 0, updated: 1 },
    });
    expect(job).toMatchObject({ title, status: 'live', is_active: true, closed_reason: null });
    expect(listed).toContain(title);
  });

  it('takes the board name from a pasted address, and says when a name is too long', async () => {
    clock = T0;
    const { ownerId, companyId } = await newCompany('Pasted');
    const s = sync();
    expect(
      await s.service.connect(ownerId, companyId, {
        source: '',
        boardId: ' https://boards.greenhouse.io/acme/jobs/4012345 ',
      }),
    ).toMatchObject({ ok: true, value: { source: 'greenhouse', boardId: 'acme' } });
    expect(
      await s.service.connect(ownerId, companyId, {
        source: 'lever',
        boardId: 'jobs.lever.co/acme',
      }),
    ).toMatchObject({ ok: true, value: { source: 'lever', boardId: 'acme' } });
    expect(
      await s.service.connect(ownerId, companyId, {
        source: 'ashby',
        boardId: 'https://jobs.lever.co/acme',
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { boardId: expect.stringMatching(/address of a Lever board; choose Lever/) },
    });
    expect(
      await s.service.connect(ownerId, companyId, { source: 'lever', boardId: 'a'.repeat(101) }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { boardId: 'Site name: at most 100 characters (this one has 101)' },
    });
  });
});

describe('one board, one company', () => {
  beforeEach(freeBoards);

  it('refuses a board another company connected, without reading it or naming the company; it is free again once disconnected', async () => {
    clock = T0;
    fake.fail = () => null;
    const first = await newCompany('Firstcomer');
    const second = await newCompany('Latecomer');
    const s = sync();
    const connected = await s.service.connect(first.ownerId, first.companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    const asked = fake.requests.length;
    // In other letters, or as its address: the same board.
    for (const boardId of ['ACME', 'https://boards.greenhouse.io/acme']) {
      const refused = await s.service.connect(second.ownerId, second.companyId, {
        source: 'greenhouse',
        boardId,
      });
      const message = boardTakenMessage('Greenhouse', boardId === 'ACME' ? 'ACME' : 'acme');
      expect(refused).toEqual({
        ok: false,
        reason: 'invalid',
        message,
        fieldErrors: { boardId: message },
      });
      expect(message).toMatch(
        /already connected to another company on Openings.*contact page \(\/contact\)/,
      );
      expect(message).not.toContain('Firstcomer');
    }
    expect(fake.requests.length).toBe(asked);
    expect(await jobsOf(second.companyId)).toEqual(new Map());
    // Another system's board of the same name is another board.
    const lever = await s.service.connect(second.ownerId, second.companyId, {
      source: 'lever',
      boardId: 'acme',
    });
    expect(lever.ok).toBe(true);
    // The database refuses it too, whatever the code in front of it checks.
    await expect(
      db.execute(sql`insert into ats_connections (company_id, source, board_id)
        values (${second.companyId}, 'greenhouse', 'Acme')`),
    ).rejects.toThrow();
    await s.service.disconnect(first.ownerId, connected.value.connectionId, 'close');
    expect(
      await s.service.connect(second.ownerId, second.companyId, {
        source: 'greenhouse',
        boardId: 'acme',
      }),
    ).toMatchObject({ ok: true });
  });

  it('leaves a switched-off connection unread, and says why when its owner syncs it', async () => {
    clock = T0;
    const kept = await newCompany('Keptboard');
    const off = await newCompany('Offboard');
    const s = sync();
    const connected = await s.service.connect(kept.ownerId, kept.companyId, {
      source: 'greenhouse',
      boardId: 'acme',
    });
    if (!connected.ok) throw new Error(connected.message);
    // As migration 0023 leaves a later connection of a board that several companies connected.
    const reason = 'this board is also connected to another company on Openings';
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into ats_connections (company_id, source, board_id, status, last_error, disabled_reason)
          values (${off.companyId}, 'greenhouse', 'acme', 'failed', ${reason}, ${reason})
          returning id`,
    );
    const asked = fake.requests.length;
    expect(await s.syncAll(at(1))).toMatchObject({ connections: 1, failed: 0 });
    const readBoards = fake.requests.length - asked;
    expect(await s.syncConnection(row!.id, at(2))).toBeNull();
    expect(await s.service.syncNow(off.ownerId, row!.id)).toEqual({
      ok: true,
      value: { ok: false, error: reason },
    });
    expect(fake.requests.length - asked).toBe(readBoards);
    const list = await s.service.list(off.ownerId, off.companyId);
    expect(list.ok && list.value[0]).toMatchObject({ status: 'failed', lastError: reason });
    expect(await s.service.disconnect(off.ownerId, row!.id, 'keep')).toMatchObject({ ok: true });
  });
});

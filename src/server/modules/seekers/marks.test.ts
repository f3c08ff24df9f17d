// A signed-in seeker's marks on a real database: set and clear, the union at sign-in, and saved
// jobs with their current status (a closed or expired job says closed; unknown ids are left out).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJob, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { insertAccount } from '../../../../test/support/employer.ts';
import { createMarks } from './marks.service.ts';

let database: TestDatabase;
let ref: Reference;

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
});
afterAll(() => database.close());

describe('marks of an account', () => {
  it('sets, clears and merges (a union) per account', async () => {
    const marks = createMarks(database.db);
    const ana = await insertAccount(database.db, 'ana@example.com');
    const ben = await insertAccount(database.db, 'ben@example.com');
    await marks.set(ana.id, 'saved', 10, true);
    await marks.set(ana.id, 'saved', 11, true);
    await marks.set(ana.id, 'hidden-company', 3, true);
    await marks.set(ana.id, 'saved', 10, false);
    await marks.set(ben.id, 'saved', 99, true);
    expect(await marks.list(ana.id)).toEqual({
      saved: [11],
      'hidden-job': [],
      'hidden-company': [3],
    });
    const merged = await marks.merge(ana.id, {
      saved: [11, 12],
      'hidden-job': [40],
      'hidden-company': [3],
    });
    expect([...merged.saved].sort()).toEqual([11, 12]);
    expect(merged['hidden-job']).toEqual([40]);
    expect(merged['hidden-company']).toEqual([3]);
    expect((await marks.list(ben.id)).saved).toEqual([99]);
    // Bad ids are ignored, not stored.
    await marks.merge(ben.id, { saved: [0, -1, 2 ** 31] });
    expect((await marks.list(ben.id)).saved).toEqual([99]);
  });

  it('answers saved jobs with their current status, in the order asked', async () => {
    const marks = createMarks(database.db);
    const live = await insertJob(database.db, ref, { title: 'Live one' });
    const closed = await insertJob(database.db, ref, {
      title: 'Closed one',
      isActive: false,
      status: 'closed',
    });
    const expired = await insertJob(database.db, ref, {
      title: 'Expired one',
      validThrough: new Date(Date.now() - 86_400_000),
    });
    const jobs = await marks.jobs([closed.id, 999_999, live.id, expired.id]);
    expect(jobs.map((j) => [j.title, j.status])).toEqual([
      ['Closed one', 'closed'],
      ['Live one', 'live'],
      ['Expired one', 'closed'],
    ]);
    expect(jobs[1]).toMatchObject({ pageUrl: live.pageUrl, companyName: 'Acme Corp' });
    await database.db.execute(
      sql`update jobs set status = 'closed', is_active = false where id = ${live.id}`,
    );
    expect((await marks.jobs([live.id]))[0]!.status).toBe('closed');
  });
});

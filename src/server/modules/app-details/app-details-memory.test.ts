// The details and the figures are read once and kept: a page costs no query for them, a change
// made elsewhere shows within the bound, a change made through this server at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSampleRows } from '../../../../test/support/api-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { queryRows } from '../../db/client.ts';
import {
  createAppDetailsService,
  DETAILS_MAX_AGE_MS,
  FIGURES_MAX_AGE_MS,
} from './app-details.service.ts';

let database: TestDatabase;
let clock = 0;
let liveIds: number[] = [];
const now = () => clock;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertSampleRows(database.db);
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select id from jobs where is_active`,
  );
  liveIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock = 1_000_000;
  await database.db.execute(sql`update app_details set is_under_maintenance = false`);
  await reopenElsewhere();
});

/** A write by another server or `npm run maintenance`: not through the service under test. */
const switchElsewhere = (on: boolean) =>
  database.db.execute(sql`update app_details set is_under_maintenance = ${on}`);
const closeEveryJobElsewhere = () => database.db.execute(sql`update jobs set is_active = false`);
const reopenElsewhere = () =>
  database.db.execute(
    sql`update jobs set is_active = id in (${sql.join(
      liveIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
/** Lets a background reload finish (a few queries on the test database). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('the app details', () => {
  it('are read once and kept until they are DETAILS_MAX_AGE_MS old', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    expect((await details.get()).isUnderMaintenance).toBe(false);
    await switchElsewhere(true);
    clock += DETAILS_MAX_AGE_MS - 1;
    expect((await details.get()).isUnderMaintenance).toBe(false);
    clock += 1;
    expect((await details.get()).isUnderMaintenance).toBe(true);
  });

  it("show this server's own maintenance switch at once", async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    expect((await details.get()).isUnderMaintenance).toBe(false);
    await details.setMaintenance(true);
    expect((await details.get()).isUnderMaintenance).toBe(true);
    await details.setMaintenance(false);
    expect((await details.get()).isUnderMaintenance).toBe(false);
  });

  it("show this server's new site details at once, another server's within the bound", async () => {
    const here = createAppDetailsService(database.db, database.db, { now });
    const elsewhere = createAppDetailsService(database.db, database.db, { now });
    const before = await here.get();
    expect((await elsewhere.get()).supportEmail).toBe(before.supportEmail);
    const site = {
      supportEmail: 'help@ourboard.example',
      twitter: 'https://x.com/ourboard',
      linkedIn: null,
      youtube: null,
      whatsApp: null,
    };
    try {
      await here.setSiteDetails(site);
      expect(await here.get()).toMatchObject(site);
      clock += DETAILS_MAX_AGE_MS - 1;
      expect((await elsewhere.get()).supportEmail).toBe(before.supportEmail);
      clock += 1;
      expect(await elsewhere.get()).toMatchObject(site);
    } finally {
      await here.setSiteDetails(before);
    }
  });

  it('share one read among concurrent requests', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    const answers = await Promise.all(Array.from({ length: 20 }, () => details.get()));
    expect(new Set(answers).size).toBe(1);
  });
});

describe('the public figures', () => {
  it('are counted once and kept for FIGURES_MAX_AGE_MS', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    expect((await details.figures()).totalCurrentOpenings).toBe(1);
    await closeEveryJobElsewhere();
    clock += FIGURES_MAX_AGE_MS - 1;
    expect((await details.figures()).totalCurrentOpenings).toBe(1);
  });

  it('are recounted in the background once older, and waited for once twice as old', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    expect((await details.figures()).totalCurrentOpenings).toBe(1);
    await closeEveryJobElsewhere();
    clock += FIGURES_MAX_AGE_MS;
    // This answer is the kept one; the recount it started answers the next.
    expect((await details.figures()).totalCurrentOpenings).toBe(1);
    await settle();
    expect((await details.figures()).totalCurrentOpenings).toBe(0);

    await reopenElsewhere();
    clock += 2 * FIGURES_MAX_AGE_MS;
    expect((await details.figures()).totalCurrentOpenings).toBe(1);
  });

  it('are recounted on the next read after a change through this server', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    expect(await details.figures()).toEqual({
      totalCurrentOpenings: 1,
      ourCompanies: 1,
      cities: 1,
      countries: 1,
    });
    await closeEveryJobElsewhere();
    details.publicChanged();
    expect(await details.figures()).toEqual({
      totalCurrentOpenings: 0,
      ourCompanies: 0,
      cities: 0,
      countries: 0,
    });
  });

  it('do not keep a count that started before the change', async () => {
    const details = createAppDetailsService(database.db, database.db, { now });
    // A count in flight (it may have read the board before the change) …
    const before = details.figures();
    await closeEveryJobElsewhere();
    details.publicChanged();
    await before;
    // … is not what the next read answers.
    expect((await details.figures()).totalCurrentOpenings).toBe(0);
  });
});

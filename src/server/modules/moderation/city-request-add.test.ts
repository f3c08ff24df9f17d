// Adding a requested city that is on the list already (the same name in that region, as the
// reference data's name_search folds it): the requests are resolved with that city, no second row
// is made, and the employers are told it was there already.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import { employerServices, ownerWithCompany } from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { createCityRequests } from './city-requests.service.ts';

let database: TestDatabase;
let db: Db;
let ref: Reference;
let employer: { ownerId: string; companyId: number };
const { mails, mailer } = recordingMailer();
let cityRequests: ReturnType<typeof createCityRequests>;
const actor = { id: 'op', email: 'op@board.example' };

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  const { owner, companyId } = await ownerWithCompany(db);
  employer = { ownerId: owner.id, companyId };
  cityRequests = createCityRequests(db, { mailer, publicUrl: 'http://board.test' });
});
afterAll(() => database.close());
beforeEach(() => {
  mails.length = 0;
});

/** The employer asks for `name`: the id of its request (the group's key). */
async function ask(name: string) {
  const asked = await employerServices(db).jobs.requestCity(
    employer.ownerId,
    employer.companyId,
    name,
  );
  expect(asked.ok).toBe(true);
  const group = (await cityRequests.pending()).find((g) => g.name === name);
  return group!.id;
}

const citiesNamed = async (nameSearch: string) =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from cities where name_search = ${nameSearch}`,
    )
  )[0]!.n;

describe('adding a requested city that is listed already', () => {
  it('resolves the requests with the listed city, says so, and mails that it can be chosen', async () => {
    const item = await ask('Munich');
    // Typed without its accent, in lower case and with stray spaces: "München" is that city.
    expect(
      await cityRequests.add(actor, item, { name: '  munchen ', regionId: ref.states.bavaria }),
    ).toEqual({ ok: true });
    expect(await citiesNamed('munchen')).toBe(1);
    expect(await cityRequests.decision(item)).toEqual({
      status: 'listed',
      name: 'Munich',
      city: 'München, Bavaria, Germany',
    });
    const [row] = await queryRows<{ status: string; city_id: number }>(
      db,
      sql`select status, city_id from city_requests where id = ${item}`,
    );
    expect(row).toEqual({ status: 'added', city_id: ref.cities.munich });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You can choose München, Bavaria, Germany on Openings');
    expect(mails[0]!.text).toContain(
      'You asked us to add the city “Munich”. It was on our list already, as München, Bavaria, Germany.',
    );
    expect(mails[0]!.text).toContain(
      'You can choose it now: type “München” in the City box when you post or edit a job.',
    );
    expect(mails[0]!.text).not.toContain('It is on our list now');
  });

  it('says a city new to the list was added', async () => {
    const item = await ask('Nagpur');
    expect(
      await cityRequests.add(actor, item, { name: 'Nagpur', regionId: ref.states.maharashtra }),
    ).toEqual({ ok: true });
    expect(await cityRequests.decision(item)).toEqual({
      status: 'added',
      name: 'Nagpur',
      city: 'Nagpur, Maharashtra, India',
    });
    expect(mails[0]!.subject).toBe('You can now choose Nagpur, Maharashtra, India on Openings');
    expect(mails[0]!.text).toContain('It is on our list now, as Nagpur, Maharashtra, India.');
  });
});

// City requests on a real database: operators see them grouped by name, with who asked; adding one
// puts the city on the list (the job form's city box and the location filter find it) and tells
// every employer who asked; dismissing tells them why; each decision is audited once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  employerServices,
  ownerWithCompany,
  validForm,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { createFiltersService } from '../filters/filters.service.ts';
import { createCityRequests } from './city-requests.service.ts';

let database: TestDatabase;
let db: Db;
let ref: Reference;
let alpha: { ownerId: string; companyId: number };
let beta: { ownerId: string; companyId: number };
const { mails, mailer } = recordingMailer();
let cityRequests: ReturnType<typeof createCityRequests>;
const actor = { id: 'op', email: 'op@board.example' };

beforeAll(async () => {
  ({ database, db, ref } = await openReferenceDatabase());
  const a = await ownerWithCompany(db);
  alpha = { ownerId: a.owner.id, companyId: a.companyId };
  const b = await ownerWithCompany(db, {
    email: 'hr@beta.example',
    name: 'Beta Works',
    website: 'https://beta.example',
  });
  beta = { ownerId: b.owner.id, companyId: b.companyId };
  cityRequests = createCityRequests(db, { mailer, publicUrl: 'http://board.test' });
});
afterAll(() => database.close());
beforeEach(() => {
  mails.length = 0;
});

async function ask(who: { ownerId: string; companyId: number }, name: string) {
  const asked = await employerServices(db).jobs.requestCity(who.ownerId, who.companyId, name);
  expect(asked.ok).toBe(true);
}
const groupOf = async (name: string) => (await cityRequests.pending()).find((g) => g.name === name);
const auditOf = (action: string) =>
  queryRows<{ target_id: string; after: unknown }>(
    db,
    sql`select target_id, after from audit_log where action = ${action} order by id`,
  );

describe('city requests', () => {
  it('lists pending requests by name, with each company, address and time, however typed', async () => {
    await ask(alpha, 'Timbuktu');
    await ask(beta, '  timbuktú ');
    await ask(beta, 'Atlantis');
    const timbuktu = await groupOf('Timbuktu');
    expect(timbuktu?.askers).toEqual([
      expect.objectContaining({
        name: 'Timbuktu',
        companyName: 'Alpha Labs',
        email: 'owner@alpha.example',
      }),
      expect.objectContaining({
        name: 'timbuktú',
        companyName: 'Beta Works',
        email: 'hr@beta.example',
      }),
    ]);
    expect(Date.parse(timbuktu!.askers[0]!.askedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await groupOf('Atlantis'))?.askers).toHaveLength(1);
    expect((await cityRequests.regions()).map((r) => `${r.name}, ${r.country}`)).toContain(
      'Karnataka, India',
    );
  });

  it('adds the city: it can be chosen at once, every request for it is resolved, each employer mailed once', async () => {
    const group = (await groupOf('Timbuktu'))!;
    const done = await cityRequests.add(actor, group.id, {
      name: ' Timbuktu ',
      regionId: ref.states.karnataka,
    });
    expect(done).toEqual({ ok: true });

    // The seeker's location filter and the job form's city box ask the same suggestions.
    const [found] = await createFiltersService(db).locations('timbuk');
    expect(found?.label).toBe('Timbuktu, Karnataka, India');
    const job = await employerServices(db).jobs.submit(
      alpha.ownerId,
      { companyId: alpha.companyId },
      validForm(ref, { title: 'Guide', cityId: found!.id }),
    );
    expect(job.ok).toBe(true);

    expect(await groupOf('Timbuktu')).toBeUndefined();
    expect(await cityRequests.decision(group.askers[1]!.requestId)).toMatchObject({
      status: 'added',
      name: 'timbuktú',
    });
    expect(await cityRequests.decision(group.id)).toEqual({
      status: 'added',
      name: 'Timbuktu',
      city: 'Timbuktu, Karnataka, India',
    });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@alpha.example', 'You can now choose Timbuktu, Karnataka, India on Openings'],
      ['hr@beta.example', 'You can now choose Timbuktu, Karnataka, India on Openings'],
    ]);
    expect(mails[1]!.text).toContain('You asked us to add the city “timbuktú”');
    expect(await auditOf('city-request.add')).toEqual([
      expect.objectContaining({ target_id: String(group.id) }),
    ]);

    // A second press (or another operator's) finds it done: nothing more is written or mailed.
    mails.length = 0;
    expect(
      await cityRequests.add(actor, group.id, { name: 'Timbuktu', regionId: ref.states.karnataka }),
    ).toEqual({ ok: true });
    expect(mails).toEqual([]);
    expect(await auditOf('city-request.add')).toHaveLength(1);
    expect(await cityRequests.dismiss(actor, group.id, '')).toEqual({
      ok: false,
      message: '“Timbuktu” was added already, by another operator. Nothing was changed.',
    });
  });

  it('adds a request for a city on the list already by naming that city, not a second one', async () => {
    // Asked before Pune was listed (the job form now refuses a city listed already).
    await db.execute(
      sql`insert into city_requests (name, company_id, user_id)
          values ('Pune', ${beta.companyId}, ${beta.ownerId})`,
    );
    const group = (await groupOf('Pune'))!;
    expect(
      await cityRequests.add(actor, group.id, { name: 'pune', regionId: ref.states.maharashtra }),
    ).toEqual({ ok: true });
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from cities where name_search = 'pune'`,
    );
    expect(row!.n).toBe(1);
    expect(await cityRequests.decision(group.id)).toMatchObject({
      city: 'Pune, Maharashtra, India',
    });
  });

  it('refuses a name or region it cannot add, and leaves the request pending', async () => {
    const group = (await groupOf('Atlantis'))!;
    expect(
      await cityRequests.add(actor, group.id, { name: 'A', regionId: ref.states.bavaria }),
    ).toMatchObject({ ok: false });
    expect(
      await cityRequests.add(actor, group.id, { name: 'Atlantis', regionId: 999_999 }),
    ).toEqual({
      ok: false,
      message: 'Choose the region the city is in',
    });
    expect(
      await cityRequests.add(actor, 999_999, { name: 'Atlantis', regionId: ref.states.bavaria }),
    ).toEqual({
      ok: false,
      message: 'No such city request',
    });
    expect(await groupOf('Atlantis')).toBeDefined();
    expect(mails).toEqual([]);
  });

  it('dismisses with a reason: the employer is mailed it, and the request leaves the list', async () => {
    const group = (await groupOf('Atlantis'))!;
    const long = 'x'.repeat(501);
    expect(await cityRequests.dismiss(actor, group.id, long)).toMatchObject({ ok: false });
    expect(await cityRequests.dismiss(actor, group.id, ' Not a real place ')).toEqual({ ok: true });
    expect(await groupOf('Atlantis')).toBeUndefined();
    expect(await cityRequests.decision(group.id)).toEqual({
      status: 'dismissed',
      name: 'Atlantis',
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'hr@beta.example',
      subject: 'We did not add “Atlantis” to the cities on Openings',
    });
    expect(mails[0]!.text).toContain('Reason: Not a real place');
    expect(await auditOf('city-request.dismiss')).toEqual([
      { target_id: String(group.id), after: { reason: 'Not a real place' } },
    ]);
  });
});

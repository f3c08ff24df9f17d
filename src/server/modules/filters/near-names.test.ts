// "Did you mean" for a misspelt name: when no name contains the typed text, the suggestions are
// the nearest spellings, marked `near`, over the demo data's roles, places and companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { createFiltersService, NEAR_LIMIT } from './filters.service.ts';

let database: TestDatabase;
let filters: ReturnType<typeof createFiltersService>;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, {});
  filters = createFiltersService(database.db);
});
afterAll(async () => database.close());

describe('nearest spellings', () => {
  it('offers a role, a place or a company spelt nearly as typed, marked near', async () => {
    const roles = await filters.roles('sofware');
    expect(roles[0]).toEqual({
      id: expect.any(String),
      label: 'Software Engineering (SDE)',
      near: true,
    });
    expect(await filters.roles('markting')).toEqual([
      { id: expect.any(String), label: 'Digital Marketing (MKT)', near: true },
    ]);
    expect(await filters.locations('Berln')).toEqual([
      { id: expect.any(String), label: 'Berlin, Berlin, Germany', near: true },
    ]);
    expect((await filters.locations('Hyderbad'))[0]).toMatchObject({
      label: 'Hyderabad, Telangana, India',
      near: true,
    });
    expect(await filters.companies('Paysettu')).toEqual([
      { _id: expect.any(String), companyName: 'Paysetu Technologies', near: true },
    ]);
  });

  it('offers the nearest first, and only a few', async () => {
    const companies = await filters.companies('sofware');
    expect(companies.length).toBeGreaterThan(1);
    expect(companies.length).toBeLessThanOrEqual(NEAR_LIMIT);
    expect(companies.every((c) => c.near && /Software/.test(c.companyName))).toBe(true);
    // Every Development role is as near as "developer" goes; the Engineering ones are not.
    const roles = await filters.roles('developer');
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.near && r.label.includes('Development'))).toBe(true);
  });

  it('offers nothing for an unrelated word', async () => {
    for (const word of ['xylophone', 'qwerty', 'banana', 'nurse']) {
      expect(await filters.roles(word), word).toEqual([]);
      expect(await filters.locations(word), word).toEqual([]);
      expect(await filters.companies(word), word).toEqual([]);
    }
    expect(await filters.locations('bx')).toEqual([]);
  });

  it('marks nothing near when a name contains the text', async () => {
    const berlin = await filters.locations('berlin');
    expect(berlin[0]).toEqual({ id: expect.any(String), label: 'Berlin, Berlin, Germany' });
    expect(berlin.some((c) => 'near' in c)).toBe(false);
    const software = await filters.roles('software');
    expect(software.map((r) => r.label)).toEqual(['Software Engineering (SDE)']);
    expect(software.some((r) => 'near' in r)).toBe(false);
  });
});

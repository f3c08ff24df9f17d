// /admin/city-requests through the whole app (the production web build, plain form posts as
// without JavaScript): "Add city" naming a city the list has already says so, not "Added".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import {
  employerServices,
  ownerWithCompany,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';
import { createOperators } from './operators.service.ts';

const PAGE = '/admin/city-requests';

describe('/admin/city-requests, adding a city listed already', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  let employer: { id: string; companyId: number };

  /** The employer asks for `name`: the id its item on the page posts. */
  async function ask(name: string) {
    const asked = await employerServices(database.db).jobs.requestCity(
      employer.id,
      employer.companyId,
      name,
    );
    expect(asked.ok).toBe(true);
    const page = pageText((await web.get('op', PAGE)).body);
    const at = page.indexOf(`data-city-request="${name}"`);
    expect(at, `${name} on the page`).toBeGreaterThan(-1);
    return /name="item" value="(\d+)"/.exec(page.slice(at))![1]!;
  }

  /** "Add city" as its form sends it, followed to the page it leads to. */
  async function add(item: string, name: string, regionId: number) {
    const done = await web.post('op', PAGE, {
      intent: 'add',
      item,
      name,
      regionId: String(regionId),
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${PAGE}?done=add&item=${item}`);
    return pageText((await web.get('op', done.headers.location!)).body);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    await web.signIn('op', 'op@board.example');
    await createOperators(database.db).add('op@board.example');
    const { owner, companyId } = await ownerWithCompany(database.db);
    employer = { id: owner.id, companyId };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('says the city was listed already, and that the employers were told they can choose it', async () => {
    const page = await add(await ask('Munich'), 'munchen', ref.states.bavaria);
    expect(page).toContain(
      'München, Bavaria, Germany was already listed, so no city was added. Whoever asked for “Munich” was e-mailed that they can choose it.',
    );
    expect(page).not.toContain('Added München');
    expect(page).not.toContain('data-city-request="Munich"');
  });

  it('says a city new to the list was added', async () => {
    const page = await add(await ask('Nagpur'), 'Nagpur', ref.states.maharashtra);
    expect(page).toContain(
      'Added Nagpur, Maharashtra, India: employers can choose it now. Whoever asked for “Nagpur” was e-mailed.',
    );
  });
});

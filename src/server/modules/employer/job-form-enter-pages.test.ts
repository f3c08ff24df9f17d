// Enter in the job form without JavaScript (plain form posts through the whole app): a form has
// one default button, the hidden first one, whatever box Enter was pressed in. It saves the draft;
// when the "City not in the list?" box names a city, the page says Enter did not ask for it and
// how to, and no city is requested.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';

const NEW = '/employer/jobs/new';
const NOT_ASKED =
  'Draft saved. Enter does not ask for a city: to ask us to add “Atlantis”, press Request city beside it.';

describe('Enter in the job form, without JavaScript', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;

  const requested = async () =>
    (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from city_requests`)
    )[0]?.n;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    const owner = await web.signIn('ella', 'ella@enter-labs.example');
    const made = await employerServices(database.db).companies.create(
      owner,
      companyForm('Enter Labs', 'https://enter-labs.example'),
    );
    if (!made.ok) throw new Error(made.message);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("presses the form's hidden first button, which says it is Enter", async () => {
    const html = (await web.get('ella', NEW)).body;
    const form = html.slice(html.indexOf('aria-labelledby="job-form-title"'));
    expect(form.match(/<button[^>]*type="submit"[^>]*>/)?.[0]).toMatch(/value="enter"/);
  });

  it('saves the draft and says how to ask for the city the box names', async () => {
    const posted = await web.post('ella', NEW, {
      title: 'Harbour Pilot',
      cityRequest: 'Atlantis',
      formKey: '0a1b2c3d-0000-4000-8000-0000000e0e01',
      intent: 'enter',
    });
    expect(posted.statusCode).toBe(302);
    const to = posted.headers.location as string;
    expect(to).toMatch(/^\/employer\/jobs\/new\?draft=\d+&saved=1&city=not-asked$/);
    const page = pageText((await web.get('ella', to)).body);
    expect(page).toContain(NOT_ASKED);
    expect(page).toContain('value="Atlantis"');
    expect(page).toContain('value="Harbour Pilot"');
    expect(await requested()).toBe(0);
  });

  it('says only "Draft saved." when the box is empty, or Save draft was pressed', async () => {
    for (const [intent, cityRequest] of [
      ['enter', '  '],
      ['save', 'Atlantis'],
    ]) {
      const posted = await web.post('ella', NEW, {
        title: 'Dock Hand',
        cityRequest: cityRequest!,
        formKey: `0a1b2c3d-0000-4000-8000-0000000e0e0${intent === 'enter' ? 2 : 3}`,
        intent: intent!,
      });
      const to = posted.headers.location as string;
      expect(to, intent).toMatch(/&saved=1$/);
      const page = pageText((await web.get('ella', to)).body);
      expect(page).toContain('Draft saved.');
      expect(page).not.toContain('Enter does not ask');
    }
    expect(await requested()).toBe(0);
  });
});

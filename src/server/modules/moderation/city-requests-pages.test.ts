// /admin/city-requests through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): an employer's "Request city" reaches the operators' page, which adds or
// dismisses it (POST-redirect-GET, the page then says what was done) and mails the employer; the
// page is the console's: signed out, sign in first; signed in but no operator, 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import {
  companyWithMember,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { signInOperator } from '../../../../test/support/operators.ts';

const PAGE = '/admin/city-requests';

describe('/admin/city-requests', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let ref: Reference;
  const { mails, mailer } = recordingMailer();

  /** The employer's "Request city" on the new-job form, as sent without JavaScript. */
  const requestCity = (name: string) =>
    web.post('nina', '/employer/jobs/new', {
      intent: 'request-city',
      cityRequest: name,
      noOfOpening: '1',
      salaryMode: 'range',
      formKey: '0a1b2c3d-0000-4000-8000-0000000c17e5',
    });
  /** The pending request's id, read from its Add form on the page. */
  const itemOf = async (name: string) => {
    const page = pageText((await web.get('op', PAGE)).body);
    const at = page.indexOf(`data-city-request="${name}"`);
    expect(at, `${name} on the page`).toBeGreaterThan(-1);
    return /name="item" value="(\d+)"/.exec(page.slice(at))![1]!;
  };

  beforeAll(async () => {
    ({ database, ref } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database, { mailer }));
    await companyWithMember(web, database.db, {
      owner: 'nina',
      member: 'noor',
      name: 'Form Labs',
      domain: 'form.example',
    });
    await signInOperator(web, database.db, 'op');
    mails.length = 0; // the sign-ups' confirmations
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is the console’s: signed out it asks to sign in, a non-operator gets 404 and changes nothing', async () => {
    const signedOut = await app.inject({ method: 'GET', url: PAGE });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
    expect((await web.get('nina', PAGE)).statusCode).toBe(404);

    const asked = await requestCity('Timbuktu');
    expect(asked.statusCode).toBe(200);
    // The employer is promised what happens: an e-mail either way, not "we will add it".
    expect(pageText(asked.body)).toContain(
      'We have passed “Timbuktu” to our team; you will get an e-mail when it is added, or if it cannot be.',
    );
    const item = await itemOf('Timbuktu');
    const refused = await web.post('nina', PAGE, {
      intent: 'dismiss',
      item,
      reason: 'no',
    });
    expect(refused.statusCode).toBe(404);
    expect(await itemOf('Timbuktu')).toBe(item);
    expect(mails).toEqual([]);
  });

  it('lists who asked and how often; Add city puts it on the list, says so and mails the employer', async () => {
    await requestCity('timbuktu');
    const page = await web.get('op', PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const body = pageText(page.body);
    expect(body).toContain('“Timbuktu” <span class="text-muted text-sm font-normal">asked 2 times');
    expect(body).toContain('Form Labs (nina@form.example)');
    expect(body).toContain(
      '<option value="' + ref.states.karnataka + '">Karnataka, India</option>',
    );

    const item = await itemOf('Timbuktu');
    // Without a region it is refused, with what was typed kept.
    const refused = await web.post('op', PAGE, {
      intent: 'add',
      item,
      name: 'Timbuktu City',
      regionId: '',
    });
    expect(refused.statusCode).toBe(409);
    expect(pageText(refused.body)).toContain('Choose the region the city is in');
    expect(pageText(refused.body)).toContain('value="Timbuktu City"');

    const added = await web.post('op', PAGE, {
      intent: 'add',
      item,
      name: 'Timbuktu',
      regionId: String(ref.states.karnataka),
    });
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe(`${PAGE}?done=add&item=${item}`);
    const done = pageText((await web.get('op', added.headers.location!)).body);
    expect(done).toContain(
      'Added Timbuktu, Karnataka, India: employers can choose it now. Whoever asked for “Timbuktu” was e-mailed.',
    );
    expect(done).toContain('No city requests wait.');
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['nina@form.example', 'You can now choose Timbuktu, Karnataka, India on Openings'],
    ]);
    // The job form's city box asks the location suggestions, which find it now.
    const suggested = await app.inject({ method: 'GET', url: '/suggest/locations?name=timbuk' });
    expect(suggested.body).toContain('Timbuktu, Karnataka, India');
  });

  it('Dismiss sends the reason to the employer and says so', async () => {
    mails.length = 0;
    await requestCity('Atlantis');
    const item = await itemOf('Atlantis');
    const dismissed = await web.post('op', PAGE, {
      intent: 'dismiss',
      item,
      reason: 'Not a real place',
    });
    expect(dismissed.statusCode).toBe(302);
    const done = pageText((await web.get('op', dismissed.headers.location!)).body);
    expect(done).toContain('Dismissed the request for “Atlantis”. Whoever asked was e-mailed.');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Reason: Not a real place');
    // A second press (a stale page) is refused with why, at the top since its form is gone.
    const again = await web.post('op', PAGE, {
      intent: 'add',
      item,
      name: 'Atlantis',
      regionId: String(ref.states.bavaria),
    });
    expect(again.statusCode).toBe(409);
    const refused = pageText(again.body);
    expect(refused).toContain(
      '“Atlantis” was dismissed already, by another operator. Nothing was changed.',
    );
    // What was typed stays to copy; the region chosen from the list is no words to keep.
    const kept = refused.slice(refused.indexOf('The city name you typed:'));
    expect(kept).toMatch(/^The city name you typed:<textarea readOnly=""/);
    expect(kept).toContain('>Atlantis</textarea>');
    const alert = refused.slice(
      refused.indexOf('role="alert"'),
      refused.indexOf('</label></div></div>'),
    );
    expect(alert.match(/<label/g)).toHaveLength(1);
  });
});

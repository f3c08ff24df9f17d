// /admin/site-details through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): an operator sets the support e-mail and the social links; a wrong one is
// refused at its field with what was typed kept; a save is audited and shows at once on the
// contact page, the maintenance page and every page's footer (an emptied link is left out); the
// page is the console's, so a non-operator gets 404 and changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { pageText, startPagesApp, type TestBrowsers } from '../../../../test/support/employer.ts';
import { signInOperator } from '../../../../test/support/operators.ts';

const PAGE = '/admin/site-details';

/** The seed's details (test/support/api-rows.ts), as the form posts them. */
const SEEDED = {
  supportEmail: 'support@openings.example',
  twitter: 'https://twitter.com/openings',
  linkedIn: 'https://www.linkedin.com/company/openings',
  youtube: 'https://www.youtube.com/@openings',
  whatsApp: 'https://wa.me/919000000000',
};

describe('/admin/site-details', () => {
  let database: TestDatabase;
  let db: Db;
  let app: App;
  let web: TestBrowsers;

  const stored = async () =>
    (
      await queryRows<Record<string, string | null>>(
        db,
        sql`select support_email, twitter, linked_in, youtube, whats_app from app_details`,
      )
    )[0];
  const auditRows = () =>
    queryRows<{ actor_email: string; action: string; before: unknown; after: unknown }>(
      db,
      sql`select actor_email, action, before, after from audit_log
          where action = 'site-details.change' order by id`,
    );
  const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  /** A page as a visitor without an account sees it. */
  const visit = async (url: string) => pageText((await app.inject({ method: 'GET', url })).body);

  beforeAll(async () => {
    ({ database, db } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    await signInOperator(web, db, 'op');
    await web.signIn('visitor', 'visitor@elsewhere.example');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is the console’s: signed out it asks to sign in, a non-operator gets 404 and changes nothing', async () => {
    const signedOut = await app.inject({ method: 'GET', url: PAGE });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
    expect((await web.get('visitor', PAGE)).statusCode).toBe(404);
    const before = await stored();
    const refused = await web.post('visitor', PAGE, {
      ...SEEDED,
      supportEmail: 'me@elsewhere.example',
    });
    expect(refused.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it('shows the details as they are, and the console links to it', async () => {
    const page = await web.get('op', PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const body = pageText(page.body);
    expect(body).toContain('value="support@openings.example"');
    expect(body).toContain('value="https://wa.me/919000000000"');
    expect(pageText((await web.get('op', '/admin')).body)).toContain(`href="${PAGE}"`);
  });

  it('refuses a wrong e-mail and a link that is not https at their fields, keeping what was typed', async () => {
    const refused = await web.post('op', PAGE, {
      ...SEEDED,
      supportEmail: 'help at ourboard',
      twitter: 'http://x.com/ourboard',
      youtube: 'javascript:alert(1)',
    });
    expect(refused.statusCode).toBe(400);
    const body = pageText(refused.body);
    expect(body).toMatch(
      /id="field-supportEmail-error"[^>]*>Enter an e-mail address like support@example.com.</,
    );
    expect(body).toMatch(
      /id="field-twitter-error"[^>]*>The Twitter link must be an address starting with https:\/\/, or empty to leave it out.</,
    );
    expect(body).toContain('The YouTube link must be an address starting with https://');
    expect(body).not.toContain('id="field-linkedIn-error"');
    expect(body).toContain('value="help at ourboard"');
    expect(body).toContain('value="http://x.com/ourboard"');
    expect(body).toContain('value="javascript:alert(1)"');
    expect(body).toContain('value="https://www.linkedin.com/company/openings"');

    const empty = pageText((await web.post('op', PAGE, { ...SEEDED, supportEmail: ' ' })).body);
    expect(empty).toContain('Enter the support e-mail address.');
    expect(await stored()).toEqual({
      support_email: SEEDED.supportEmail,
      twitter: SEEDED.twitter,
      linked_in: SEEDED.linkedIn,
      youtube: SEEDED.youtube,
      whats_app: SEEDED.whatsApp,
    });
    expect(await auditRows()).toEqual([]);
  });

  it('saves, audits, and the contact page, the footer and the maintenance page show it at once', async () => {
    // Read first, so the anonymous pages are in the page cache: the save must empty it.
    expect(await visit('/contact')).toContain('mailto:support@openings.example');
    expect(await visit('/')).toContain('href="https://www.linkedin.com/company/openings"');
    const kept = app.pageCache.stats();
    expect(await visit('/contact')).toContain('mailto:support@openings.example');
    expect(app.pageCache.stats().hits - kept.hits, 'the page cache holds /contact').toBe(1);

    const saved = await web.post('op', PAGE, {
      supportEmail: ' help@ourboard.example ',
      twitter: 'https://x.com/ourboard',
      linkedIn: '',
      youtube: SEEDED.youtube,
      whatsApp: '  ',
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`${PAGE}?done=saved`);
    const done = pageText((await web.get('op', saved.headers.location!)).body);
    expect(done).toContain(
      'Saved: the contact page, the maintenance page and every page’s footer show these now.',
    );
    expect(done).toContain('value="help@ourboard.example"');
    expect(await stored()).toEqual({
      support_email: 'help@ourboard.example',
      twitter: 'https://x.com/ourboard',
      linked_in: null,
      youtube: SEEDED.youtube,
      whats_app: null,
    });

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_email).toBe('op@board.example');
    expect(json(audit[0]!.before)).toEqual({
      supportEmail: SEEDED.supportEmail,
      twitter: SEEDED.twitter,
      linkedIn: SEEDED.linkedIn,
      whatsApp: SEEDED.whatsApp,
    });
    expect(json(audit[0]!.after)).toEqual({
      supportEmail: 'help@ourboard.example',
      twitter: 'https://x.com/ourboard',
      linkedIn: null,
      whatsApp: null,
    });
    expect(pageText((await web.get('op', '/admin')).body)).toContain('site-details.change');

    const contact = await visit('/contact');
    expect(contact).toContain('href="mailto:help@ourboard.example"');
    expect(contact).not.toContain('support@openings.example');
    expect(contact).toContain('href="https://x.com/ourboard"');
    expect(contact).toContain('Follow us');
    for (const page of [contact, await visit('/')]) {
      expect(page).toContain('href="https://x.com/ourboard"');
      expect(page).toContain(`href="${SEEDED.youtube}"`);
      expect(page).not.toContain('linkedin.com');
      expect(page).not.toContain('wa.me');
      expect(page).not.toContain('>LinkedIn<');
    }

    // The maintenance page's Send mail writes to the new address.
    const on = { intent: 'maintenance-on', form: 'maintenance-on', confirm: 'yes' };
    expect((await web.post('op', '/admin', on)).statusCode).toBe(302);
    const closed = await app.inject({ method: 'GET', url: '/' });
    expect(closed.statusCode).toBe(503);
    expect(pageText(closed.body)).toContain('href="mailto:help@ourboard.example"');
    const off = { intent: 'maintenance-off', form: 'maintenance-off' };
    expect((await web.post('op', '/admin', off)).statusCode).toBe(302);
  });

  it('saving the same again changes and audits nothing; with every link empty the contact page has no Follow us', async () => {
    const same = await web.post('op', PAGE, {
      supportEmail: 'help@ourboard.example',
      twitter: 'https://x.com/ourboard',
      linkedIn: '',
      youtube: SEEDED.youtube,
      whatsApp: '',
    });
    expect(same.headers.location).toBe(`${PAGE}?done=unchanged`);
    expect(await auditRows()).toHaveLength(1);

    const none = await web.post('op', PAGE, {
      supportEmail: 'help@ourboard.example',
      twitter: '',
      linkedIn: '',
      youtube: '',
      whatsApp: '',
    });
    expect(none.headers.location).toBe(`${PAGE}?done=saved`);
    expect(await auditRows()).toHaveLength(2);
    const contact = await visit('/contact');
    expect(contact).toContain('help@ourboard.example');
    expect(contact).not.toContain('Follow us');
    expect(contact).not.toContain('x.com');
    expect(await visit('/')).not.toContain('x.com/ourboard');
  });
});

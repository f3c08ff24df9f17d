// One name, one company: creating a company under another company's name is refused as a rename
// to it is (in the service and on /employer's creation form, which comes back as typed), and the
// profile page says a refusal once, at its field, with a summary that links there.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { seedReference } from '../../../../test/support/fixtures.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';

const taken = (name: string) =>
  `Company name: another company is already called “${name}”; choose a name that tells yours apart`;
/** A new company's refusal: its maker most likely works at the one on the board. */
const takenByNew = (name: string) =>
  `Company name: another company is already called “${name}”; if you work there, ask to join it; if not, choose a name that tells yours apart`;

/** How many times `part` is shown on the page: in its markup, not in the data for its scripts. */
const count = (html: string, part: string) =>
  html.replaceAll(/<script[\s\S]*?<\/script>/g, '').split(part).length - 1;

describe('company names', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  let svc: ReturnType<typeof employerServices>;

  const named = async (name: string) =>
    queryRows<{ id: number }>(
      database.db,
      sql`select id from companies where lower(company_name) = lower(${name})`,
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedReference(database.db);
    ({ app, web } = await startPagesApp(database));
    svc = employerServices(database.db);
    const other = await insertAccount(database.db, 'boss@paysetu.example');
    const made = await svc.companies.create(
      other,
      companyForm('Paysetu Technologies', 'https://www.paysetutechnologies.example'),
    );
    if (!made.ok) throw new Error(made.message);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("refuses to create a company under another company's name, as folded for search", async () => {
    const someone = await insertAccount(database.db, 'hr@copycat.example');
    for (const name of ['Paysetu Technologies', 'paysetu   TECHNOLOGIES', 'Páysetu Technologies']) {
      const refused = await svc.companies.create(
        someone,
        companyForm(name, 'https://copycat.example'),
      );
      expect(refused, name).toMatchObject({
        ok: false,
        reason: 'invalid',
        // The other company's name as the board shows it, not as typed.
        fieldErrors: { companyName: takenByNew('Paysetu Technologies') },
      });
    }
    expect(await named('Paysetu Technologies')).toHaveLength(1);
    // A name of its own is created, as before.
    const own = await svc.companies.create(
      someone,
      companyForm('Copycat Labs', 'https://copycat.example'),
    );
    expect(own.ok).toBe(true);
  });

  it('gives a name to one company when two take it at the same moment', async () => {
    const makers = await Promise.all(
      ['hr@twin-one.example', 'hr@twin-two.example', 'hr@twin-three.example'].map((e) =>
        insertAccount(database.db, e),
      ),
    );
    const made = await Promise.all(
      makers.map((m, i) =>
        svc.companies.create(m, companyForm('Twin Labs', `https://twin-${i}.example`)),
      ),
    );
    expect(made.filter((r) => r.ok)).toHaveLength(1);
    expect(await named('Twin Labs')).toHaveLength(1);
    // Renames race the same way: two companies renamed to one free name at once.
    const [a, b] = await Promise.all(
      makers
        .slice(0, 2)
        .map((m, i) =>
          svc.companies.create(m, companyForm(`Rename ${i}`, `https://rename-${i}.example`)),
        ),
    );
    if (!a?.ok || !b?.ok) throw new Error('no companies');
    const renamed = await Promise.all(
      [a.value.companyId, b.value.companyId].map((id, i) =>
        svc.companies.update(
          makers[i]!.id,
          id,
          companyForm('Same New Name', `https://same-new-${i}.example`),
        ),
      ),
    );
    expect(renamed.filter((r) => r.ok)).toHaveLength(1);
    expect(await named('Same New Name')).toHaveLength(1);
  });

  it('frees the name of a company merged into another', async () => {
    const first = await insertAccount(database.db, 'hr@old-name.example');
    const old = await svc.companies.create(first, companyForm('Old Name', 'https://old.example'));
    const into = await svc.companies.create(first, companyForm('New Name', 'https://new.example'));
    if (!old.ok || !into.ok) throw new Error('no companies');
    await database.db
      .update(companies)
      .set({ mergedIntoId: into.value.companyId })
      .where(eq(companies.id, old.value.companyId));
    const again = await svc.companies.create(
      await insertAccount(database.db, 'hr@old-name-again.example'),
      companyForm('Old Name', 'https://old-again.example'),
    );
    expect(again.ok).toBe(true);
  });

  it("refuses another company's name on /employer's creation form, keeping what was typed", async () => {
    await web.signIn('rhea', 'rhea@rhea-works.example');
    const typed = {
      ...companyForm('paysetu technologies', 'https://rhea-works.example'),
      companyOverview: 'Typed before the refusal and kept after it.',
    };
    const res = await web.post('rhea', '/employer', { ...typed, intent: 'create-company' });
    expect(res.statusCode).toBe(400);
    const html = pageText(res.body);
    expect(count(html, takenByNew('Paysetu Technologies'))).toBe(1);
    // The company of that name is found to join, its Ask to join button at hand.
    expect(html).toMatch(/<input id="join"[^>]* name="join" value="paysetu technologies"/);
    const joinAt = html.indexOf('<span>Paysetu Technologies</span>');
    expect(joinAt).toBeGreaterThan(-1);
    expect(html.slice(joinAt, html.indexOf('</li>', joinAt))).toContain('Ask to join');
    expect(html).toContain('id="field-companyName-error"');
    expect(html).toContain('aria-describedby="field-companyName-error"');
    // Everything typed is in the form again.
    expect(html).toContain('value="paysetu technologies"');
    expect(html).toContain('value="https://rhea-works.example"');
    expect(html).toContain('Typed before the refusal and kept after it.</textarea>');
    expect(await named('paysetu technologies')).toHaveLength(1);
    // Another name creates the company and leads to its page.
    const made = await web.post('rhea', '/employer', {
      ...typed,
      companyName: 'Rhea Works',
      intent: 'create-company',
    });
    expect(made.statusCode).toBe(302);
    expect(made.headers.location).toBe('/employer/company?done=created');
    // Its page says it was made, and what its verification means for its jobs (rhea's address
    // is on the website's domain).
    expect(pageText((await web.get('rhea', made.headers.location!)).body)).toContain(
      'Company created and verified (your website is on your e-mail address’s domain): your jobs go live as you post them.',
    );
  });

  it('says a refused rename once, at the field, with a summary linking there', async () => {
    const page = '/employer/company';
    await web.signIn('quinn', 'quinn@acme-qa.example');
    const sent = await web.post('quinn', '/employer', {
      ...companyForm('Acme QA Widgets', 'https://www.acme-widgets.example'),
      intent: 'create-company',
    });
    expect(sent.statusCode).toBe(302);
    // Not on its website's domain: its jobs wait for review, and the page says so at once.
    expect(pageText((await web.get('quinn', sent.headers.location!)).body)).toContain(
      'Company created. It is not verified yet, so each job you post waits for our team’s review before it goes live.',
    );
    const res = await web.post('quinn', page, {
      ...companyForm('PAYSETU  Technologies', 'https://www.acme-widgets.example'),
      intent: 'update',
    });
    expect(res.statusCode).toBe(400);
    const html = pageText(res.body);
    // Once, tied to the box; the name quoted is the other company's, not what was typed.
    expect(count(html, 'another company is already called')).toBe(1);
    expect(html).toMatch(
      new RegExp(`<p id="field-companyName-error"[^>]*>${taken('Paysetu Technologies')}</p>`),
    );
    expect(html).toMatch(
      /<input id="field-companyName" aria-invalid="true" aria-describedby="field-companyName-error"/,
    );
    // The summary names the field and leads to it; nothing else on the page says it again.
    expect(html).toContain('<a class="underline" href="#field-companyName">Company name</a>');
    expect(html).not.toContain('Please correct:');
    expect(html).not.toContain('data-company-message');
    expect(html).toContain('value="PAYSETU  Technologies"');
    expect(pageText((await web.get('quinn', page)).body)).toContain('Acme QA Widgets</h1>');
  });
});

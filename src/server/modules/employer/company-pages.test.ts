// The company profile page through the whole app (sessions, the production web build, plain form
// posts as without JavaScript): another company's name is refused on its field, a new website
// decides the company's verification again, which the page says, and an owner makes a member an
// owner.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { authUsers, companyMembers } from '../../db/schema.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyForm,
  companyWithMember,
  employerServices,
  insertAccount,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';

const PAGE = '/employer/company';

describe('/employer/company', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;

  beforeAll(async () => {
    ({ database } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database));
    const other = await insertAccount(database.db, 'boss@paysetu.example');
    await employerServices(database.db).companies.create(
      other,
      companyForm('Paysetu Technologies', 'https://www.paysetutechnologies.example'),
    );
    const quinn = await web.signIn('quinn', 'quinn@acme-qa.example');
    const made = await employerServices(database.db).companies.create(
      quinn,
      companyForm('Acme QA Widgets', 'https://www.acme-widgets.example'),
    );
    if (!made.ok || made.value.verified) throw new Error('no unverified company');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const save = (name: string, website: string) =>
    web.post('quinn', PAGE, { ...companyForm(name, website), intent: 'update' });

  it("refuses another company's name on its field and keeps what was typed", async () => {
    const res = await save('Paysetu Technologies', 'https://www.paysetutechnologies.example');
    expect(res.statusCode).toBe(400);
    const html = pageText(res.body);
    expect(html).toContain(
      'Company name: another company is already called “Paysetu Technologies”; choose a name that tells yours apart',
    );
    expect(html).toContain('value="https://www.paysetutechnologies.example"');
    expect(html).not.toContain('Company profile saved.');
    const page = pageText((await web.get('quinn', PAGE)).body);
    expect(page).toContain('Acme QA Widgets</h1>');
  });

  it('verifies the company once its website is on the owner’s e-mail domain, and says so', async () => {
    const before = pageText((await web.get('quinn', PAGE)).body);
    expect(before).toContain('Employer · not verified yet');
    // The hint says what a save of a new website does, and it is true.
    expect(before).toContain(
      "A website on your verified e-mail's domain verifies the company at once. Moving it to another domain ends its verification until our team has checked it.",
    );
    const verified = await save('Acme QA Widgets', 'https://acme-qa.example');
    expect(verified.statusCode).toBe(200);
    const html = pageText(verified.body);
    expect(html).toContain('Company profile saved. Your company is now verified');
    expect(html).toContain('Employer · verified');

    const moved = pageText((await save('Acme QA Widgets', 'https://elsewhere.example')).body);
    expect(moved).toContain('Company profile saved. Your company is no longer verified');
    expect(moved).toContain('Employer · not verified yet');
  });

  it('lets an owner make a member an owner by a plain form post, and only an owner', async () => {
    const companyId = await companyWithMember(web, database.db, {
      owner: 'olga',
      member: 'max',
      name: 'Owners Co',
      domain: 'owners-co.example',
    });
    const nia = await insertAccount(database.db, 'nia@owners-co.example');
    await database.db.insert(companyMembers).values({ companyId, userId: nia.id, role: 'member' });
    const [max] = await database.db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, 'max@owners-co.example'));
    const page = async (who: string) => pageText((await web.get(who, PAGE)).body);
    const button = (name: string) => `Make owner<span class="sr-only"> ${name}</span>`;
    const roles = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({ userId: companyMembers.userId, role: companyMembers.role })
            .from(companyMembers)
            .where(eq(companyMembers.companyId, companyId))
        ).map((m) => [m.userId === nia.id ? 'nia' : m.userId === max!.id ? 'max' : 'olga', m.role]),
      );
    expect(await roles()).toEqual({ olga: 'owner', max: 'member', nia: 'member' });

    // The owner sees the button for each member but not for herself; a member sees none.
    const owners = await page('olga');
    expect(owners).toContain(button('max'));
    expect(owners).toContain(button('nia'));
    expect(owners).not.toContain(button('olga'));
    expect(await page('max')).not.toContain('Make owner');

    // A member's forged post is refused and changes nothing.
    const forged = await web.post('max', PAGE, { intent: 'make-owner', userId: nia.id });
    expect(forged.statusCode).toBe(400);
    expect(pageText(forged.body)).toContain('Only an owner of the company can do this');
    expect(await roles()).toEqual({ olga: 'owner', max: 'member', nia: 'member' });

    const made = await web.post('olga', PAGE, { intent: 'make-owner', userId: max!.id });
    expect(made.statusCode).toBe(200);
    const after = pageText(made.body);
    expect(after).toContain('max is now an owner of Owners Co.');
    expect(after).toContain('max (max@owners-co.example) · owner');
    expect(after).not.toContain(button('max'));
    expect(after).toContain(button('nia'));
    expect(await roles()).toEqual({ olga: 'owner', max: 'owner', nia: 'member' });

    // Max is an owner now: he has the owners' buttons and removes a member.
    expect(await page('max')).toContain(button('nia'));
    const removed = await web.post('max', PAGE, {
      intent: 'remove',
      userId: nia.id,
      confirm: 'yes',
    });
    expect(removed.statusCode).toBe(200);
    expect(pageText(removed.body)).toContain(
      'nia is no longer a member of Owners Co; we told them by e-mail.',
    );
    expect(await roles()).toEqual({ olga: 'owner', max: 'owner' });
  });
});

// A company's team on /employer/company through the whole app (sessions, the production web build,
// plain form posts as without JavaScript): Remove and Make member ask first and the removed member
// is mailed; a member (or an owner who is not the last) leaves, asked first; a member removed
// while the page was open is told so when they post from it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { authUsers, companyMembers } from '../../db/schema.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyForm,
  companyWithMember,
  employerServices,
  pageText,
  startPagesApp,
  TEST_ORIGIN,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';

const PAGE = '/employer/company';

describe('a company’s team', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  const { mails, mailer } = recordingMailer();
  let companyId: number;
  const ids: Record<string, string> = {};

  const roles = async () =>
    Object.fromEntries(
      (
        await database.db
          .select({ email: authUsers.email, role: companyMembers.role })
          .from(companyMembers)
          .innerJoin(authUsers, eq(authUsers.id, companyMembers.userId))
          .where(eq(companyMembers.companyId, companyId))
      ).map((m) => [m.email.split('@')[0], m.role]),
    );
  const post = (who: string, form: Record<string, string>) =>
    web.post(who, PAGE, { company: String(companyId), ...form });

  beforeAll(async () => {
    ({ database } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database, { mailer }));
    companyId = await companyWithMember(web, database.db, {
      owner: 'olga',
      member: 'max',
      name: 'Team Works',
      domain: 'team-works.example',
    });
    for (const who of ['pia', 'ray']) {
      const account = await web.signIn(who, `${who}@team-works.example`);
      await database.db
        .insert(companyMembers)
        .values({ companyId, userId: account.id, role: who === 'pia' ? 'owner' : 'member' });
    }
    for (const row of await database.db.select().from(authUsers))
      ids[row.email.split('@')[0]!] = row.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('asks before Remove and Make member, then does it, mails the removed member, and says so', async () => {
    const before = await roles();
    expect(before).toEqual({ olga: 'owner', max: 'member', pia: 'owner', ray: 'member' });
    const page = pageText((await web.get('olga', PAGE)).body);
    // An owner is offered Make member (not Make owner) for another owner.
    expect(page).toContain('Make member<span class="sr-only"> pia</span>');
    expect(page).not.toContain('Make owner<span class="sr-only"> pia</span>');
    expect(page).toContain('Make owner<span class="sr-only"> max</span>');

    // A plain member's forged Remove is refused, not asked.
    const forged = await post('ray', { intent: 'remove', userId: ids.olga! });
    expect(forged.statusCode).toBe(400);
    expect(pageText(forged.body)).toContain('Only an owner of the company can do this');
    expect(forged.body).not.toContain('data-team-question');

    // The first press asks, changing nothing and mailing no one.
    mails.length = 0;
    const asked = await post('olga', { intent: 'remove', userId: ids.max! });
    expect(asked.statusCode).toBe(200);
    const question = pageText(asked.body);
    expect(question).toContain('data-team-question="remove"');
    expect(question).toContain(
      'Remove max (max@team-works.example) from Team Works? They can no longer post or manage its jobs, and we tell them by e-mail.',
    );
    expect(question).toMatch(/<input type="hidden" name="confirm" value="yes"\/>/);
    expect(question).toContain('Keep them');
    expect(await roles()).toEqual(before);
    expect(mails).toHaveLength(0);

    const removed = await post('olga', { intent: 'remove', userId: ids.max!, confirm: 'yes' });
    expect(removed.statusCode).toBe(200);
    expect(pageText(removed.body)).toContain(
      'max is no longer a member of Team Works; we told them by e-mail.',
    );
    expect(await roles()).toEqual({ olga: 'owner', pia: 'owner', ray: 'member' });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['max@team-works.example', 'You no longer have access to Team Works on Openings'],
    ]);

    // Make member asks too, then steps Pia down.
    const step = await post('olga', { intent: 'make-member', userId: ids.pia! });
    expect(pageText(step.body)).toContain(
      'Make pia a member of Team Works, no longer an owner? They still post and manage jobs, but can no longer change the profile, the logo or the team.',
    );
    expect((await roles()).pia).toBe('owner');
    const stepped = await post('olga', { intent: 'make-member', userId: ids.pia!, confirm: 'yes' });
    expect(pageText(stepped.body)).toContain(
      'pia is now a member of Team Works, no longer an owner.',
    );
    expect((await roles()).pia).toBe('member');
    await database.db
      .update(companyMembers)
      .set({ role: 'owner' })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, ids.pia!)));
  });

  it('lets an owner make themselves a member, asked first, while another owner stays', async () => {
    // Pia sees it beside her own name (Olga is an owner too); a plain member does not.
    const page = pageText((await web.get('pia', PAGE)).body);
    expect(page).toMatch(
      new RegExp(
        `value="${ids.pia}"/><button[^>]*value="make-member"[^>]*>Make me a member</button>`,
      ),
    );
    expect(pageText((await web.get('ray', PAGE)).body)).not.toContain('Make me a member');

    const asked = await post('pia', { intent: 'make-member', userId: ids.pia! });
    expect(asked.statusCode).toBe(200);
    expect(pageText(asked.body)).toContain(
      'Make yourself a member of Team Works, no longer an owner? You still post and manage jobs, but can no longer change the profile, the logo or the team; another owner can make you an owner again.',
    );
    expect(pageText(asked.body)).toContain('Stay an owner');
    expect((await roles()).pia).toBe('owner');
    const stepped = await post('pia', { intent: 'make-member', userId: ids.pia!, confirm: 'yes' });
    expect(stepped.statusCode).toBe(200);
    expect(pageText(stepped.body)).toContain(
      'You are now a member of Team Works, no longer an owner.',
    );
    expect((await roles()).pia).toBe('member');
    // Olga, the one owner now, is not offered it; her forged post is refused, saying why.
    expect(pageText((await web.get('olga', PAGE)).body)).not.toContain('Make me a member');
    const last = await post('olga', { intent: 'make-member', userId: ids.olga!, confirm: 'yes' });
    expect(last.statusCode).toBe(400);
    expect(pageText(last.body)).toContain(
      'You are the last owner of Team Works: make another member an owner first (Make owner, beside their name), then make yourself a member.',
    );
    expect((await roles()).olga).toBe('owner');
    await database.db
      .update(companyMembers)
      .set({ role: 'owner' })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, ids.pia!)));
  });

  it('lets a member leave, asked first, and an owner while another owner stays; the last owner is told why not', async () => {
    const asked = await post('ray', { intent: 'leave' });
    expect(asked.statusCode).toBe(200);
    expect(pageText(asked.body)).toContain(
      'Leave Team Works? You can no longer post or manage its jobs; an owner would have to invite you again.',
    );
    expect((await roles()).ray).toBe('member');
    const left = await post('ray', { intent: 'leave', confirm: 'yes' });
    expect(left.statusCode).toBe(302);
    expect(left.headers.location).toBe(`/employer?done=left&item=${companyId}`);
    expect(pageText((await web.get('ray', left.headers.location!)).body)).toContain(
      'You left Team Works.',
    );
    expect((await roles()).ray).toBeUndefined();
    // The word comes from the account's own leaving, never from the address.
    expect(pageText((await web.get('olga', left.headers.location!)).body)).not.toContain(
      'You left',
    );

    // Pia, an owner beside Olga, leaves; Olga is then the last owner and is told at once.
    expect((await post('pia', { intent: 'leave', confirm: 'yes' })).statusCode).toBe(302);
    for (const confirm of [{}, { confirm: 'yes' }] as Record<string, string>[]) {
      const refused = await post('olga', { intent: 'leave', ...confirm });
      expect(refused.statusCode).toBe(400);
      expect(pageText(refused.body)).toContain(
        'You are the last owner of Team Works: make another member an owner first (Make owner, beside their name), then leave.',
      );
    }
    expect(await roles()).toEqual({ olga: 'owner' });
  });

  it('tells a member removed while the page was open that they no longer belong, keeping what was typed', async () => {
    // Max (removed above) still has the page open; he now owns a company of his own, which the
    // invitation must not go to.
    const own = await employerServices(database.db).companies.create(
      { id: ids.max!, email: 'max@team-works.example', emailVerified: true },
      companyForm('Max Own', 'https://max-own.example'),
    );
    if (!own.ok) throw new Error(own.message);
    mails.length = 0;
    const sent = await post('max', { intent: 'invite', email: 'friend@elsewhere.example' });
    expect(sent.statusCode).toBe(403);
    const said = pageText(sent.body);
    expect(said).toContain(
      'You are no longer a member of Team Works: an owner removed you, or you left it, so this was not done.',
    );
    expect(said).toMatch(/<input[^>]*value="friend@elsewhere.example"/);
    expect(mails).toHaveLength(0);

    // With JavaScript (the page's data request) Ray, who left and has no company, is told the same.
    const res = await app.inject({
      method: 'POST',
      url: `${PAGE}.data`,
      headers: {
        cookie: web.cookie.ray!,
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        company: String(companyId),
        intent: 'invite',
        email: 'friend@elsewhere.example',
      }).toString(),
    });
    expect(res.body).toContain('You are no longer a member of Team Works');
    expect(mails).toHaveLength(0);
    // A company never belonged to is not named.
    const never = await web.post('ray', PAGE, {
      company: String(own.value.companyId),
      intent: 'invite',
      email: 'friend@elsewhere.example',
    });
    expect(pageText(never.body)).not.toContain('Max Own');
  });
});

// Company invitations through the whole app (sessions, the production web build, plain form posts
// as without JavaScript): an owner revokes an open invitation, which voids its link and is audited;
// the sign-in and sign-up pages an invitation leads to name its company and address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import {
  companyWithMember,
  pageText,
  startPagesApp,
  type TestBrowsers,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { INVITATION_RESEND_MS, INVITATIONS_PER_HOUR } from './companies.service.ts';

const PAGE = '/employer/company';

describe('company invitations', () => {
  let database: TestDatabase;
  let app: App;
  let web: TestBrowsers;
  const { mails, mailer } = recordingMailer();

  /** Invites `email` from the company page, as without JavaScript: the mailed link's path. */
  const invite = async (email: string) => {
    const res = await web.post('ivy', PAGE, { intent: 'invite', email });
    expect(res.statusCode).toBe(302);
    const mail = mails.findLast((m) => m.to === email)!;
    return /\/invitations\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  };
  /** The open invitation's id, read from its Revoke form on the page. */
  const idOf = async (email: string) => {
    const page = pageText((await web.get('ivy', PAGE)).body);
    const at = page.indexOf(`<span class="text-muted">${email}</span>`);
    expect(at, `${email} listed`).toBeGreaterThan(-1);
    return /name="invitationId" value="(\d+)"/.exec(page.slice(at))![1]!;
  };

  /** As if INVITATION_RESEND_MS had gone by: the one-address limit's windows start earlier. */
  const resendLater = () =>
    database.db.execute(
      sql`update rate_limit set last_request = last_request - ${INVITATION_RESEND_MS}
          where key like 'openings:invite:address:%'`,
    );

  beforeAll(async () => {
    ({ database } = await openReferenceDatabase());
    ({ app, web } = await startPagesApp(database, { mailer }));
    await companyWithMember(web, database.db, {
      owner: 'ivy',
      member: 'milo',
      name: 'Invite Works',
      domain: 'invite-works.example',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lets an owner revoke an open invitation: its link stops working, and it is audited', async () => {
    const link = await invite('pat@elsewhere.example');
    expect((await web.get('ivy', link)).statusCode).toBe(200);
    const id = await idOf('pat@elsewhere.example');

    // A plain member sees no list and cannot revoke.
    const byMember = await web.post('milo', PAGE, {
      intent: 'revoke-invitation',
      invitationId: id,
    });
    expect(byMember.statusCode).toBe(400);
    expect(pageText(byMember.body)).toContain('Only an owner of the company can revoke');

    const res = await web.post('ivy', PAGE, { intent: 'revoke-invitation', invitationId: id });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PAGE}?done=revoked&item=${id}`);
    const page = pageText((await web.get('ivy', res.headers.location!)).body);
    expect(page).toContain(
      'Invitation to pat@elsewhere.example revoked: its link no longer works.',
    );
    expect(page).not.toContain('<span class="text-muted">pat@elsewhere.example</span>');
    expect((await web.get('ivy', link)).statusCode).toBe(404);
    const audited = await queryRows<{ action: string; actor_email: string }>(
      database.db,
      sql`select action, actor_email from audit_log where action = 'invitation.revoke'`,
    );
    expect(audited).toEqual([
      { action: 'invitation.revoke', actor_email: 'ivy@invite-works.example' },
    ]);

    // Revoked already: not found, said on the page rather than as an error page.
    const again = await web.post('ivy', PAGE, { intent: 'revoke-invitation', invitationId: id });
    expect(again.statusCode).toBe(400);
    expect(pageText(again.body)).toContain('Invitation not found');
  });
  it('answers a sent or revoked invitation with a redirect, so that a reload sends no second mail', async () => {
    const email = 'reload@elsewhere.example';
    const sent = await web.post('ivy', PAGE, { intent: 'invite', email });
    expect(sent.statusCode).toBe(302);
    const id = await idOf(email);
    expect(sent.headers.location).toBe(`${PAGE}?done=invited&item=${id}`);
    const mailsBefore = mails.filter((m) => m.to === email).length;
    expect(mailsBefore).toBe(1);
    const link = /\/invitations\/[A-Za-z0-9_-]+/.exec(
      mails.findLast((m) => m.to === email)!.text,
    )![0];
    // The reload is a GET of that address: it says what was done, the box is empty, and no mail
    // goes and the link still works.
    for (let i = 0; i < 2; i++) {
      const page = await web.get('ivy', sent.headers.location!);
      expect(page.statusCode).toBe(200);
      expect(pageText(page.body)).toContain(`Invitation sent to ${email}.`);
      expect(page.body).not.toMatch(/<input[^>]*name="email"[^>]*value=/);
    }
    expect(mails.filter((m) => m.to === email)).toHaveLength(1);
    expect((await web.get('ivy', link)).statusCode).toBe(200);

    // Sent again, once the few minutes between two invitations of one address are over (the
    // limit's window moved back): a new invitation, said so.
    await resendLater();
    const again = await web.post('ivy', PAGE, { intent: 'invite', email });
    expect(again.statusCode).toBe(302);
    const newId = await idOf(email);
    expect(again.headers.location).toBe(`${PAGE}?done=invited-again&item=${newId}`);
    expect(pageText((await web.get('ivy', again.headers.location!)).body)).toContain(
      `Invitation sent again to ${email}: the earlier link no longer works.`,
    );

    // The words come from the invitation, never from the address: an unknown done or item, or
    // another company's invitation, says nothing; a plain member is told nothing either.
    for (const url of [
      `${PAGE}?done=invited&item=999999`,
      `${PAGE}?done=${encodeURIComponent('Sent to evil')}&item=${newId}`,
      `${PAGE}?done=invited&item=${encodeURIComponent('Sent to evil')}`,
    ]) {
      const page = pageText((await web.get('ivy', url)).body);
      expect(page, url).not.toContain('Invitation sent');
      expect(page, url).not.toContain('data-company-message');
    }
    expect(pageText((await web.get('milo', again.headers.location!)).body)).not.toContain(
      'data-company-message',
    );

    // A refused address stays a page with what was typed.
    const refused = await web.post('ivy', PAGE, { intent: 'invite', email: 'not an address' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/<input[^>]*value="not an address"/);
  });
  it('names the company on the sign-in and sign-up pages an invitation leads to, and says when it was joined', async () => {
    const link = await invite('new.hire@invite-works.example');
    const next = encodeURIComponent(link);
    const lead = 'Sign in or create an account to join Invite Works.';
    const login = pageText((await app.inject({ url: `/login?next=${next}` })).body);
    expect(login).toContain(lead);
    expect(login).toContain('<strong>new.hire@invite-works.example</strong>');
    // The invited address is in the sign-in box too, as in sign-up's.
    expect(login).toMatch(/<input [^>]*name="email"[^>]*value="new\.hire@invite-works\.example"/);
    const signup = pageText((await app.inject({ url: `/signup?next=${next}` })).body);
    expect(signup).toContain(lead);
    expect(signup).toMatch(/<input[^>]*value="new.hire@invite-works.example"/);
    // A link that does not work (or another page) leaves them as they always are.
    for (const url of [
      `/login?next=${encodeURIComponent(`/invitations/${'x'.repeat(43)}`)}`,
      `/signup?next=${encodeURIComponent(`/invitations/${'x'.repeat(43)}`)}`,
      '/login?next=%2Fjobs',
    ]) {
      const page = pageText((await app.inject({ url })).body);
      expect(page, url).not.toContain('to join');
      expect(page, url).not.toContain('new.hire@');
    }

    // Accepted: the dashboard of the company joined, told what was done.
    await web.signIn('hire', 'new.hire@invite-works.example');
    const accepted = await web.post('hire', link, {});
    expect(accepted.statusCode).toBe(302);
    expect(accepted.headers.location).toMatch(/^\/employer\?company=(\d+)&done=joined&item=\1$/);
    const dashboard = await web.get('hire', accepted.headers.location!);
    expect(dashboard.statusCode).toBe(200);
    expect(pageText(dashboard.body)).toContain('You joined Invite Works.');
  });
  it('limits invitations: one address once every few minutes, and so many an hour per account', async () => {
    await companyWithMember(web, database.db, {
      owner: 'zoe',
      member: 'zed',
      name: 'Invite Limits',
      domain: 'invite-limits.example',
    });
    const email = 'often@elsewhere.example';
    expect((await web.post('zoe', PAGE, { intent: 'invite', email })).statusCode).toBe(302);
    // Sent again at once (a double click, or someone mailing one address over and over): refused
    // at the box, with when it can go again and what was typed; no second mail.
    const again = await web.post('zoe', PAGE, { intent: 'invite', email });
    expect(again.statusCode).toBe(400);
    const said = pageText(again.body);
    expect(said).toContain(
      `${email} was invited a moment ago: one invitation per address every 5 minutes. Send it again in 5 minutes if it has not arrived.`,
    );
    expect(said).toMatch(/<input[^>]*value="often@elsewhere.example"/);
    expect(mails.filter((m) => m.to === email)).toHaveLength(1);
    // Another company may invite the same address (the limit is per company and address).
    expect((await web.post('ivy', PAGE, { intent: 'invite', email })).statusCode).toBe(302);
    await resendLater();
    expect((await web.post('zoe', PAGE, { intent: 'invite', email })).statusCode).toBe(302);
    expect(mails.filter((m) => m.to === email)).toHaveLength(3);

    // The hour's invitations of one account: the two above, then new addresses up to the limit.
    for (let i = 2; i < INVITATIONS_PER_HOUR; i++) {
      const res = await web.post('zoe', PAGE, {
        intent: 'invite',
        email: `n${i}@elsewhere.example`,
      });
      expect(res.statusCode, `invitation ${i + 1}`).toBe(302);
    }
    const over = await web.post('zoe', PAGE, {
      intent: 'invite',
      email: 'one.more@elsewhere.example',
    });
    expect(over.statusCode).toBe(400);
    expect(pageText(over.body)).toContain(
      `You can send at most ${INVITATIONS_PER_HOUR} invitations an hour: try again in 60 minutes.`,
    );
    expect(over.body).toMatch(/<input[^>]*value="one.more@elsewhere.example"/);
    expect(mails.some((m) => m.to === 'one.more@elsewhere.example')).toBe(false);
  });
  it('opened by another account, says whose the invitation is and leads first to signing out, never to Accept', async () => {
    // Milo (a member) opens an invitation for Zed (of Invite Limits): both signed in already, so
    // no more sign-ups (they are limited per client). Last, as it signs Milo out.
    const link = await invite('zed@invite-limits.example');
    const res = await web.get('milo', link);
    expect(res.statusCode).toBe(200);
    const page = pageText(res.body);
    expect(page).toContain('This invitation is for another account');
    expect(page).toContain(
      'The invitation to join Invite Works is for zed@invite-limits.example. You are signed in as milo@invite-works.example.',
    );
    // No Accept at all (only the invited address can accept), and the page's first button signs
    // out to the sign-in for the invited address.
    expect(page).not.toContain('Accept the invitation');
    const main = page.slice(page.indexOf('<main'));
    const firstButton = /<button[^>]*>([^<]*(?:<!-- -->[^<]*)*)<\/button>/.exec(main)![1]!;
    expect(firstButton.replaceAll('<!-- -->', '')).toBe(
      'Sign out and sign in as zed@invite-limits.example',
    );
    expect(main).toMatch(/<input type="hidden" name="intent" value="switch-account"\/>/);
    expect(page).toContain('Stay signed in as milo@invite-works.example');

    // Accepting anyway (a forged post) is refused, saying whose it is, and joins nothing.
    const forged = await web.post('milo', link, {});
    expect(forged.statusCode).toBe(400);
    expect(pageText(forged.body)).toContain(
      'This invitation is for zed@invite-limits.example: sign in with that (verified) address',
    );

    // Signing out leads to the sign-in for this invitation; the session has ended.
    const switched = await web.post('milo', link, { intent: 'switch-account' });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe(`/login?next=${encodeURIComponent(link)}`);
    expect([switched.headers['set-cookie']].flat().join('\n')).toMatch(/session_token=;/);
    const after = await web.get('milo', link);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe(`/login?next=${encodeURIComponent(link)}`);
    const login = pageText((await web.get('milo', after.headers.location!)).body);
    expect(login).toContain('Sign in or create an account to join Invite Works.');
    expect(login).toMatch(/<input [^>]*name="email"[^>]*value="zed@invite-limits\.example"/);

    // The invited address itself is offered Accept first, as before.
    const own = pageText((await web.get('zed', link)).body);
    expect(own).toContain('Join Invite Works on Openings');
    expect(own).not.toContain('Sign out and sign in');
    expect(own.slice(own.indexOf('<main'))).toMatch(/^[^]*?<button[^>]*>Accept the invitation</);
  });
});

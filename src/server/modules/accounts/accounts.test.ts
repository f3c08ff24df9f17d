// Accounts end to end over a real database and a real SMTP listener: sign up, the verification
// mail and its link, sign in, reset, change of e-mail, sign out everywhere, delete; cookies,
// rate limits, equal answers for wrong passwords and unknown addresses, the password rules.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../shared/account-services.ts';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { createMailer } from '../../mail/mailer.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { type SmtpSink, startSmtpSink, tokenFromMail } from '../../../../test/support/smtp.ts';
import { accountsFor } from './accounts.service.ts';
import { buildApiApp, testConfig } from '../../../../test/support/app.ts';
import { allowConsole } from '../../../../test/support/console.ts';

const PUBLIC_URL = 'http://localhost:4400';
const PASSWORD = 'tangerine submarine 42';

let database: TestDatabase;
let smtp: SmtpSink;
let app: App;
let refusal: string | null = null;
let nextIp = 1;

/** A service bound to a fresh client address (so the per-client limits stay out of the way). */
function client(cookie?: string): AccountsService {
  return accountsFor(app.accounts, { cookie, userAgent: 'vitest', ip: `198.51.100.${nextIp++}` });
}

function cookieOf(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

async function whoami(cookie: string) {
  const res = await app.inject({ method: 'GET', url: '/__whoami', headers: { cookie } });
  return res.json() as { account: { id: string; email: string } | null };
}

/** Signs up and verifies through the mailed link; answers a signed-in cookie. */
async function verifiedAccount(email: string, name = 'Test Person'): Promise<string> {
  expect((await client().signUp({ name, email, password: PASSWORD })).ok).toBe(true);
  const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
  expect((await client().verifyEmail(tokenFromMail(mail, '/verify-email'))).ok).toBe(true);
  const signedIn = await client().signIn({ email, password: PASSWORD });
  if (!signedIn.ok) throw new Error(signedIn.message);
  return cookieOf(signedIn.setCookies);
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpSink();
  const config = testConfig({
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    // The sink takes the tests' @example.com mail, which a real server would not be sent.
    SMTP_ALLOW_RESERVED: 'true',
    // Mail goes to the SMTP sink, so nothing is written here.
    DATA_DIR: path.join(tmpdir(), 'openings-accounts-test'),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    smtpAllowReserved: config.smtpAllowReserved,
    from: 'Openings <no-reply@localhost>',
    dataDir: config.dataDir,
    log: { info: () => {} },
  });
  app = await buildApiApp(database, {
    config,
    mailer,
    cookieSecret: 'a'.repeat(40),
    deletionRefusal: async () => refusal,
  });
  app.get('/__whoami', async (request) => ({ account: request.account }));
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

describe('sign up and verification', () => {
  it('mails a link with a text and an HTML part; following it verifies the address', async () => {
    const email = 'asha@example.com';
    const up = await client().signUp({ name: 'Asha', email, password: PASSWORD });
    expect(up).toEqual({ ok: true, value: null, setCookies: [] });

    const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.html).toContain('Confirm my e-mail address');
    expect(mail.html).not.toMatch(/<img/i);
    // The account exists before the confirmation (a second sign-up is told so): the mail says
    // what waits for it, the sign-in refused just below.
    expect(mail.text).toContain('you can sign in once it is confirmed');
    expect(mail.text).toContain('nobody can sign in with this address until it is confirmed');
    expect(mail.text).not.toContain('no account is made');

    const before = await client().signIn({ email, password: PASSWORD });
    expect(before).toMatchObject({ ok: false, reason: 'not-verified' });
    // Signing in unverified sends a new link.
    await smtp.waitFor(email, /Confirm your e-mail address/);

    const verified = await client().verifyEmail(tokenFromMail(mail, '/verify-email'));
    expect(verified).toMatchObject({ ok: true, value: { email, changed: false } });

    const signedIn = await client().signIn({ email, password: PASSWORD });
    expect(signedIn).toMatchObject({
      ok: true,
      value: { email, name: 'Asha', emailVerified: true },
    });
    const cookie = signedIn.ok ? signedIn.setCookies[0]! : '';
    expect(cookie).toMatch(/^openings\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);

    const me = await whoami(cookieOf(signedIn.ok ? signedIn.setCookies : []));
    expect(me.account).toMatchObject({ email, emailVerified: true });
  });

  it('answers a second sign-up with a taken address like a new one, and tells the owner', async () => {
    await verifiedAccount('taken@example.com');
    const again = await client().signUp({
      name: 'Someone Else',
      email: 'Taken@Example.com',
      password: 'another fine passphrase',
    });
    expect(again).toEqual({ ok: true, value: null, setCookies: [] });
    const note = await smtp.waitFor('taken@example.com', /account already exists/);
    expect(note.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });

  it('keeps the page the sign-up came from in the link, and in the one a sign-in sends again', async () => {
    const email = 'invitee@example.com';
    const next = '/invitations/abc_DEF-123';
    await client().signUp({ name: 'Invitee', email, password: PASSWORD, next });
    const linkIn = (mail: { text: string }) =>
      new URL(mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
    const first = linkIn(await smtp.waitFor(email, /Confirm your e-mail address/));
    expect(first.searchParams.get('next')).toBe(next);
    expect(first.searchParams.get('token')).toBeTruthy();
    await client().signIn({ email, password: PASSWORD, next });
    const again = linkIn(await smtp.waitFor(email, /Confirm your e-mail address/));
    expect(again.searchParams.get('next')).toBe(next);
    expect((await client().resendVerification(email, next)).ok).toBe(true);
    const resent = linkIn(await smtp.waitFor(email, /Confirm your e-mail address/));
    expect(resent.searchParams.get('next')).toBe(next);
    // Without a page to return to, the link has no `next` at all.
    await client().signIn({ email, password: PASSWORD });
    const plain = linkIn(await smtp.waitFor(email, /Confirm your e-mail address/));
    expect(plain.searchParams.has('next')).toBe(false);
  });

  it('refuses a bad link', async () => {
    expect(await client().verifyEmail('not-a-token')).toMatchObject({
      ok: false,
      reason: 'bad-token',
    });
  });
});

describe('passwords', () => {
  it.each([
    ['short', 'short1', /at least 10/],
    ['common', 'password123', /too common/],
    ['common with a suffix', 'Password2024!', /too common/],
    ['a run of keys', 'qwertyuiop', /too common/],
    ['digits in a row', '1234567890', /too common/],
    ['one repeated character', 'aaaaaaaaaaaa', /too common/],
  ])('refuses a %s password next to the field', async (_what, password, message) => {
    const result = await client().signUp({ name: 'P', email: 'p@example.com', password });
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(result.ok ? '' : result.fieldErrors?.password).toMatch(message);
  });

  it('applies the same rules to the JSON endpoint', async () => {
    // Better Auth writes the refused password to console.error itself, past the app's logger.
    allowConsole(/\[Better Auth\]:.*too common/);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      payload: { name: 'J', email: 'json@example.com', password: 'letmein2024' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
  });

  it('names every field that is wrong, and keeps none of them', async () => {
    const result = await client().signUp({ name: ' ', email: 'nope', password: '' });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      name: 'Enter your name.',
      email: 'Enter an e-mail address like name@example.com.',
      password: 'Use at least 10 characters.',
    });
  });
});

describe('sign in', () => {
  it('answers a wrong password and an unknown address alike, in about the same time', async () => {
    await verifiedAccount('timing@example.com');
    const wrong = await client().signIn({ email: 'timing@example.com', password: 'not the one!!' });
    const unknown = await client().signIn({
      email: 'nobody@example.com',
      password: 'not the one!!',
    });
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ ok: false, reason: 'wrong-credentials' });

    const time = async (email: string) => {
      const start = performance.now();
      await client().signIn({ email, password: 'not the one!!' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const nobody: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await time('timing@example.com'));
      nobody.push(await time(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(nobody);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 30_000);

  it('limits attempts per address from one client, whether or not the address has an account', async () => {
    await verifiedAccount('limited@example.com');
    const guesser = client();
    for (let i = 0; i < 10; i++) {
      await guesser.signIn({ email: 'limited@example.com', password: 'wrong password!' });
      await guesser.signIn({ email: 'ghost@example.com', password: 'wrong password!' });
    }
    const right = await guesser.signIn({ email: 'limited@example.com', password: PASSWORD });
    const ghost = await guesser.signIn({ email: 'ghost@example.com', password: PASSWORD });
    expect(right).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(ghost).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(right.ok ? 0 : right.retryAfterSeconds).toBeGreaterThan(0);
    // Someone else's wrong guesses do not lock the owner out: from their own client they sign in.
    expect(
      await client().signIn({ email: 'limited@example.com', password: PASSWORD }),
    ).toMatchObject({ ok: true });
  }, 30_000);

  it('limits attempts per address across clients at a looser limit', async () => {
    await verifiedAccount('spread@example.com'); // a sign-in that succeeded: not counted
    for (let i = 0; i < 99; i++) {
      await client().signIn({ email: 'spread@example.com', password: 'wrong password!' });
    }
    // The hundredth attempt is allowed and, being right, not counted; nor is the next.
    for (let i = 0; i < 2; i++) {
      expect(
        await client().signIn({ email: 'spread@example.com', password: PASSWORD }),
      ).toMatchObject({ ok: true });
    }
    await client().signIn({ email: 'spread@example.com', password: 'wrong password!' });
    expect(
      await client().signIn({ email: 'spread@example.com', password: PASSWORD }),
    ).toMatchObject({ ok: false, reason: 'rate-limited' });
  }, 60_000);

  it('counts only failed sign-ins: the owner signing in often from one client is not locked out', async () => {
    await verifiedAccount('often@example.com');
    const owner = client();
    // Twelve sign-ins within the window, more than the ten attempts allowed, then a typo.
    for (let i = 0; i < 12; i++) {
      expect(
        await owner.signIn({ email: 'often@example.com', password: PASSWORD }),
        `sign-in ${i + 1}`,
      ).toMatchObject({ ok: true });
    }
    expect(
      await owner.signIn({ email: 'often@example.com', password: 'a typo in it!' }),
    ).toMatchObject({ ok: false, reason: 'wrong-credentials' });
    expect(await owner.signIn({ email: 'often@example.com', password: PASSWORD })).toMatchObject({
      ok: true,
    });
  }, 60_000);

  it('limits reset requests per address', async () => {
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await client().requestPasswordReset('reset-limit@example.com'));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[5]).toMatchObject({ ok: false, reason: 'rate-limited' });
  });
});

describe('password reset', () => {
  it('mails a one-time link; the new password works and every session ends', async () => {
    const email = 'reset@example.com';
    const oldCookie = await verifiedAccount(email);
    expect(await client().requestPasswordReset(email)).toEqual({
      ok: true,
      value: null,
      setCookies: [],
    });
    // An unknown address gets the same answer, and no mail.
    expect(await client().requestPasswordReset('unknown@example.com')).toEqual({
      ok: true,
      value: null,
      setCookies: [],
    });
    const mail = await smtp.waitFor(email, /Reset your/);
    const token = tokenFromMail(mail, '/reset-password');
    // The page asks before it shows its form; asking uses nothing up.
    expect(await client().checkResetToken(token)).toMatchObject({ ok: true });
    expect(await client().checkResetToken(token)).toMatchObject({ ok: true });
    for (const bad of ['', 'no-such-token', 'x'.repeat(5000)]) {
      expect(await client().checkResetToken(bad), bad.slice(0, 20)).toMatchObject({
        ok: false,
        reason: 'bad-token',
      });
    }

    expect(await client().resetPassword({ token, password: '12345678901' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await client().resetPassword({ token, password: 'a brand new passphrase' }),
    ).toMatchObject({ ok: true });
    expect((await whoami(oldCookie)).account).toBeNull();
    expect(await client().signIn({ email, password: PASSWORD })).toMatchObject({
      reason: 'wrong-credentials',
    });
    expect(await client().signIn({ email, password: 'a brand new passphrase' })).toMatchObject({
      ok: true,
    });
    // The link works once.
    expect(await client().checkResetToken(token)).toMatchObject({
      ok: false,
      reason: 'bad-token',
      message: 'This link is not valid, has expired or has been used already.',
    });
    expect(
      await client().resetPassword({ token, password: 'yet another passphrase' }),
    ).toMatchObject({ ok: false, reason: 'bad-token' });
    await app.accounts.settled();
    expect(smtp.received.some((m) => m.to.includes('unknown@example.com'))).toBe(false);
  });
});

describe('change of e-mail', () => {
  it('changes the address only when the link mailed to the new one is followed', async () => {
    const cookie = await verifiedAccount('old@example.com');
    expect(await client(cookie).changeEmail({ newEmail: 'old@example.com' })).toMatchObject({
      reason: 'invalid',
    });
    expect(await client(cookie).changeEmail({ newEmail: 'new@example.com' })).toMatchObject({
      ok: true,
    });
    expect((await whoami(cookie)).account?.email).toBe('old@example.com');

    const mail = await smtp.waitFor('new@example.com', /new e-mail address/);
    // The address being left is told, with the new one named and a way to stop it.
    const notice = await smtp.waitFor('old@example.com', /e-mail address is being changed/);
    expect(notice.text).toContain('new@example.com');
    expect(notice.text).toContain('/forgot-password');
    const token = tokenFromMail(mail, '/verify-email');
    expect(await client().verifyEmail(token)).toMatchObject({
      ok: true,
      value: { email: 'new@example.com', changed: true },
    });
    expect((await whoami(cookie)).account?.email).toBe('new@example.com');
    expect(await client().signIn({ email: 'new@example.com', password: PASSWORD })).toMatchObject({
      ok: true,
    });
    // The link cannot be used again.
    expect(await client().verifyEmail(token)).toMatchObject({ ok: false, reason: 'bad-token' });
  });

  it('needs a session', async () => {
    expect(await client().changeEmail({ newEmail: 'x@example.com' })).toMatchObject({
      reason: 'signed-out',
    });
  });
});

describe('change of password', () => {
  it('checks the current password and ends the other sessions', async () => {
    const first = await verifiedAccount('change-pw@example.com');
    const second = await client().signIn({ email: 'change-pw@example.com', password: PASSWORD });
    const other = cookieOf(second.ok ? second.setCookies : []);
    expect(
      await client(first).changePassword({
        currentPassword: 'wrong one!!',
        newPassword: 'fresh passphrase 1',
      }),
    ).toMatchObject({
      reason: 'invalid',
      fieldErrors: { currentPassword: 'The current password is wrong.' },
    });
    const changed = await client(first).changePassword({
      currentPassword: PASSWORD,
      newPassword: 'fresh passphrase 1',
    });
    expect(changed).toMatchObject({ ok: true });
    expect((await whoami(other)).account).toBeNull();
    expect((await whoami(cookieOf(changed.setCookies))).account?.email).toBe(
      'change-pw@example.com',
    );
  });

  it('does not count a password change that succeeds towards the sign-in limit', async () => {
    let cookie = await verifiedAccount('changes-often@example.com');
    const ip = `198.51.100.${nextIp++}`;
    const from = (session: string) =>
      accountsFor(app.accounts, { cookie: session, userAgent: 'vitest', ip });
    let password = PASSWORD;
    // More changes from one client than the ten attempts allowed there.
    for (let i = 0; i < 11; i++) {
      const newPassword = `${PASSWORD} number ${i}`;
      const changed = await from(cookie).changePassword({ currentPassword: password, newPassword });
      expect(changed, `change ${i + 1}`).toMatchObject({ ok: true });
      if (changed.ok) cookie = cookieOf(changed.setCookies);
      password = newPassword;
    }
  }, 60_000);
});

describe('sign out everywhere', () => {
  it('ends every session; a copied cookie no longer works anywhere', async () => {
    const one = await verifiedAccount('everywhere@example.com');
    const two = await client().signIn({ email: 'everywhere@example.com', password: PASSWORD });
    const twoCookie = cookieOf(two.ok ? two.setCookies : []);
    expect((await whoami(twoCookie)).account).not.toBeNull();

    const out = await client(one).signOutEverywhere();
    expect(out.ok).toBe(true);
    expect(out.setCookies.join('\n')).toMatch(/openings\.session_token=; Max-Age=0/);
    expect((await whoami(one)).account).toBeNull();
    expect((await whoami(twoCookie)).account).toBeNull();

    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { origin: PUBLIC_URL, cookie: one, 'content-type': 'application/json' },
      payload: {},
    });
    expect(reuse.statusCode).toBe(401);
    expect(await client(twoCookie).changeEmail({ newEmail: 'stolen@example.com' })).toMatchObject({
      reason: 'signed-out',
    });
  });
});

describe('delete account', () => {
  it('asks for the password, respects a refusal, then deletes and ends the session', async () => {
    const email = 'delete@example.com';
    const cookie = await verifiedAccount(email);
    expect(await client(cookie).deleteAccount({ password: 'not my password' })).toMatchObject({
      reason: 'invalid',
      fieldErrors: { password: 'The password is wrong.' },
    });
    refusal = 'You are the last owner of Acme: make someone else an owner first.';
    expect(await client(cookie).deleteAccount({ password: PASSWORD })).toMatchObject({
      ok: false,
      reason: 'refused',
      message: refusal,
    });
    refusal = null;
    const deleted = await client(cookie).deleteAccount({ password: PASSWORD });
    expect(deleted).toMatchObject({ ok: true });
    expect((await whoami(cookie)).account).toBeNull();
    expect(await client().signIn({ email, password: PASSWORD })).toMatchObject({
      reason: 'wrong-credentials',
    });
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from "user" where email = ${email}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

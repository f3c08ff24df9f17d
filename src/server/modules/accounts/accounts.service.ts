// The accounts service of the web app's actions (src/shared/account-services.ts): validates the
// input, applies the per-address attempt limits, calls better-auth, and turns its answers and
// errors into domain results with the Set-Cookie headers to forward.
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import type {
  AccountFieldErrors,
  AccountResult,
  AccountsService,
  SignedInAccount,
} from '../../../shared/account-services.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Attempts, type AttemptKind, createAttempts } from './attempts.ts';
import {
  type Auth,
  type AuthOptions,
  authSecret,
  CLIENT_IP_HEADER,
  createAuth,
  DELETION_REFUSED,
  verificationTokenPayload,
} from './auth.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordProblem } from './passwords.ts';

/** What a call needs to know about its request. */
export interface RequestInfo {
  /** The request's Cookie header (the session), if any. */
  cookie: string | undefined;
  userAgent: string | undefined;
  /** The client address as Fastify resolved it (TRUST_PROXY applied). */
  ip: string;
}

const MAX_EMAIL = 254;
const MAX_NAME = 100;

const WRONG_CREDENTIALS = 'The e-mail address or password is wrong.';
const SIGNED_OUT = 'Your session has ended. Sign in again.';
const RESET_LINK_GONE = 'This link is not valid, has expired or has been used already.';
/** Longer than any token better-auth makes; a longer one is refused without a lookup. */
const MAX_TOKEN = 200;

function emailProblem(email: string): string | null {
  if (!email.trim()) return 'Enter your e-mail address.';
  if (email.length > MAX_EMAIL || !z.email().safeParse(email.trim()).success) {
    return 'Enter an e-mail address like name@example.com.';
  }
  return null;
}

function fail(
  reason: Extract<AccountResult, { ok: false }>['reason'],
  message: string,
  extra: { fieldErrors?: AccountFieldErrors; retryAfterSeconds?: number } = {},
): AccountResult<never> {
  return { ok: false, reason, message, ...extra, setCookies: [] };
}

function invalid(fieldErrors: AccountFieldErrors): AccountResult<never> {
  return fail('invalid', 'Some fields need another look.', { fieldErrors });
}

function compact(errors: Record<string, string | null>): AccountFieldErrors | null {
  const entries = Object.entries(errors).filter((e): e is [string, string] => e[1] !== null);
  return entries.length ? (Object.fromEntries(entries) as AccountFieldErrors) : null;
}

function codeOf(err: unknown): string | undefined {
  if (!(err instanceof APIError)) return undefined;
  return (err.body as { code?: string } | undefined)?.code;
}

function messageOf(err: unknown): string {
  if (err instanceof APIError) {
    return (err.body as { message?: string } | undefined)?.message ?? err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

function isSignedOut(err: unknown): boolean {
  return err instanceof APIError && err.statusCode === 401 && !codeOf(err)?.includes('PASSWORD');
}

/**
 * The answer to a call that proves the account's password: its cookies when done; `wrong` (the
 * field's error) when the password is wrong; 'refused' with the reason for `refusedCode`;
 * 'signed-out' when the session has ended.
 */
async function passwordChecked(
  call: () => Promise<{ headers: Headers }>,
  wrong: AccountFieldErrors,
  refusedCode?: string,
): Promise<AccountResult> {
  try {
    const { headers: out } = await call();
    return { ok: true, value: null, setCookies: out.getSetCookie() };
  } catch (err) {
    const code = codeOf(err);
    if (code === 'INVALID_PASSWORD' || code?.startsWith('PASSWORD_TOO')) return invalid(wrong);
    if (refusedCode && code === refusedCode) return fail('refused', messageOf(err));
    if (isSignedOut(err)) return fail('signed-out', SIGNED_OUT);
    throw err;
  }
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m <= 1 ? 'a minute' : `${m} minutes`;
}

function toAccount(user: {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}): SignedInAccount {
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
}

export interface AccountsCore {
  auth: Auth;
  attempts: Attempts;
  /** Resolves once every queued account e-mail has reached the mailer. */
  settled(): Promise<void>;
}

/** better-auth and the attempt counters over one database, built once per app. */
export function createAccountsCore(
  db: Db,
  config: Config,
  options: {
    mailer: Mailer;
    cookieSecret: string;
    log: AuthOptions['log'];
    deletionRefusal?: AuthOptions['deletionRefusal'];
  },
): AccountsCore {
  const { auth, settled } = createAuth(db, config, options.mailer, {
    secret: authSecret(options.cookieSecret),
    log: options.log,
    deletionRefusal: options.deletionRefusal,
  });
  return { auth, attempts: createAttempts(db, { scale: config.rateLimitScale ?? 1 }), settled };
}

/** The signed-in account of a request (null when there is none), and cookies to refresh it. */
export async function resolveAccount(
  auth: Auth,
  headers: Headers,
): Promise<{ account: SignedInAccount | null; setCookies: string[] }> {
  const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
  return {
    account: response ? toAccount(response.user) : null,
    setCookies: out.getSetCookie(),
  };
}

export function requestHeaders(info: RequestInfo): Headers {
  const headers = new Headers();
  if (info.cookie) headers.set('cookie', info.cookie);
  if (info.userAgent) headers.set('user-agent', info.userAgent);
  headers.set(CLIENT_IP_HEADER, info.ip);
  return headers;
}

export function accountsFor(core: AccountsCore, info: RequestInfo): AccountsService {
  const { auth, attempts } = core;
  const headers = () => requestHeaders(info);

  async function limited(kind: AttemptKind, email: string): Promise<AccountResult<never> | null> {
    const verdict = await attempts.take(kind, email, info.ip);
    if (verdict.allowed) return null;
    return fail(
      'rate-limited',
      `Too many attempts. Try again in ${minutes(verdict.retryAfterSeconds)}.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }

  /** The session's account, or null; a call that needs one answers 'signed-out' without it. */
  async function current(): Promise<SignedInAccount | null> {
    if (!info.cookie) return null;
    return (await resolveAccount(auth, headers())).account;
  }

  return {
    async signUp(input) {
      const name = input.name.trim();
      const email = input.email.trim().toLowerCase();
      const errors = compact({
        name: !name
          ? 'Enter your name.'
          : name.length > MAX_NAME
            ? `Use at most ${MAX_NAME} characters.`
            : null,
        email: emailProblem(email),
        password: passwordProblem(input.password, email),
      });
      if (errors) return invalid(errors);
      const refused = await limited('sign-up', email);
      if (refused) return refused;
      try {
        await auth.api.signUpEmail({
          body: { name, email, password: input.password, callbackURL: input.next },
          headers: headers(),
        });
        return { ok: true, value: null, setCookies: [] };
      } catch (err) {
        if (codeOf(err) === 'WEAK_PASSWORD' || codeOf(err)?.startsWith('PASSWORD_TOO')) {
          return invalid({ password: messageOf(err) });
        }
        throw err;
      }
    },

    async signIn(input) {
      const email = input.email.trim().toLowerCase();
      const errors = compact({
        email: emailProblem(email),
        password: input.password ? null : 'Enter your password.',
      });
      if (errors) return invalid(errors);
      const refused = await limited('sign-in', email);
      if (refused) return refused;
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true, callbackURL: input.next },
          headers: headers(),
          returnHeaders: true,
        });
        // Only failures count towards the limits: the owner signing in often is not guessing.
        await attempts.forgive('sign-in', email, info.ip);
        return { ok: true, value: toAccount(response.user), setCookies: out.getSetCookie() };
      } catch (err) {
        const code = codeOf(err);
        if (code === 'EMAIL_NOT_VERIFIED') {
          return fail(
            'not-verified',
            `Confirm your e-mail address first: we have sent a new link to ${email}.`,
          );
        }
        if (code === 'INVALID_EMAIL_OR_PASSWORD' || code?.startsWith('PASSWORD_TOO')) {
          return fail('wrong-credentials', WRONG_CREDENTIALS);
        }
        throw err;
      }
    },

    async signOut() {
      const { headers: out } = await auth.api.signOut({ headers: headers(), returnHeaders: true });
      return { ok: true, value: null, setCookies: out.getSetCookie() };
    },

    async verifyEmail(token) {
      if (!token || token.length > 4096) return fail('bad-token', 'This link is not valid.');
      const payload = verificationTokenPayload(token);
      try {
        const { headers: out } = await auth.api.verifyEmail({
          query: { token },
          headers: headers(),
          returnHeaders: true,
        });
        const changed = Boolean(payload.updateTo);
        return {
          ok: true,
          value: { email: (changed ? payload.updateTo : payload.email) ?? '', changed },
          setCookies: out.getSetCookie(),
        };
      } catch (err) {
        const code = codeOf(err);
        if (code === 'TOKEN_EXPIRED') {
          return fail('bad-token', 'This link has expired. Sign in to get a new one.');
        }
        if (err instanceof APIError) {
          return fail('bad-token', 'This link is not valid, or it has been used already.');
        }
        // The new address was taken by another account between the request and the click.
        if (/unique|duplicate/i.test(messageOf(err))) {
          return fail('bad-token', 'That e-mail address now belongs to another account.');
        }
        throw err;
      }
    },

    async resendVerification(emailInput, next) {
      const email = emailInput.trim().toLowerCase();
      const problem = emailProblem(email);
      if (problem) return invalid({ email: problem });
      const refused = await limited('verify-mail', email);
      if (refused) return refused;
      await auth.api.sendVerificationEmail({
        body: { email, callbackURL: next },
        headers: new Headers(),
      });
      return { ok: true, value: null, setCookies: [] };
    },

    async requestPasswordReset(emailInput) {
      const email = emailInput.trim().toLowerCase();
      const problem = emailProblem(email);
      if (problem) return invalid({ email: problem });
      const refused = await limited('reset', email);
      if (refused) return refused;
      await auth.api.requestPasswordReset({ body: { email }, headers: headers() });
      return { ok: true, value: null, setCookies: [] };
    },

    async checkResetToken(token) {
      if (!token || token.length > MAX_TOKEN) return fail('bad-token', 'This link is not valid.');
      // Read the way better-auth's reset reads it (routes/password), without using it up.
      const ctx = await auth.$context;
      const stored = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!stored || stored.expiresAt < new Date()) return fail('bad-token', RESET_LINK_GONE);
      return { ok: true, value: null, setCookies: [] };
    },

    async resetPassword(input) {
      if (!input.token) return fail('bad-token', 'This link is not valid.');
      const problem = passwordProblem(input.password);
      if (problem) return invalid({ password: problem });
      try {
        await auth.api.resetPassword({
          body: { token: input.token, newPassword: input.password },
          headers: headers(),
        });
        return { ok: true, value: null, setCookies: [] };
      } catch (err) {
        if (codeOf(err) === 'INVALID_TOKEN' || (err instanceof APIError && err.statusCode < 500)) {
          return fail('bad-token', RESET_LINK_GONE);
        }
        throw err;
      }
    },

    async changeEmail(input) {
      const account = await current();
      if (!account) return fail('signed-out', SIGNED_OUT);
      const newEmail = input.newEmail.trim().toLowerCase();
      const problem =
        emailProblem(newEmail) ??
        (newEmail === account.email ? 'This is already your e-mail address.' : null);
      if (problem) return invalid({ newEmail: problem });
      const refused = await limited('verify-mail', newEmail);
      if (refused) return refused;
      try {
        await auth.api.changeEmail({ body: { newEmail }, headers: headers() });
        return { ok: true, value: null, setCookies: [] };
      } catch (err) {
        if (isSignedOut(err)) return fail('signed-out', SIGNED_OUT);
        throw err;
      }
    },

    async changePassword(input) {
      const account = await current();
      if (!account) return fail('signed-out', SIGNED_OUT);
      const errors = compact({
        currentPassword: input.currentPassword ? null : 'Enter your current password.',
        newPassword: passwordProblem(input.newPassword, account.email),
      });
      if (errors) return invalid(errors);
      const refused = await limited('sign-in', account.email);
      if (refused) return refused;
      const result = await passwordChecked(
        () =>
          auth.api.changePassword({
            body: {
              currentPassword: input.currentPassword,
              newPassword: input.newPassword,
              revokeOtherSessions: true,
            },
            headers: headers(),
            returnHeaders: true,
          }),
        { currentPassword: 'The current password is wrong.' },
      );
      // As for a sign-in: a change that proved the current password is not a guess.
      if (result.ok) await attempts.forgive('sign-in', account.email, info.ip);
      return result;
    },

    async signOutEverywhere() {
      const account = await current();
      if (!account) return fail('signed-out', SIGNED_OUT);
      await auth.api.revokeSessions({ headers: headers() });
      const { headers: out } = await auth.api.signOut({ headers: headers(), returnHeaders: true });
      return { ok: true, value: null, setCookies: out.getSetCookie() };
    },

    async deleteAccount(input) {
      const account = await current();
      if (!account) return fail('signed-out', SIGNED_OUT);
      if (!input.password) return invalid({ password: 'Enter your password to confirm.' });
      const refused = await limited('sign-in', account.email);
      if (refused) return refused;
      return passwordChecked(
        () =>
          auth.api.deleteUser({
            body: { password: input.password },
            headers: headers(),
            returnHeaders: true,
          }),
        { password: 'The password is wrong.' },
        DELETION_REFUSED,
      );
    },
  };
}

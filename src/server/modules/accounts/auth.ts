// The better-auth instance over our Database (DESIGN.md §9): e-mail and password with required
// verification, password reset, change of e-mail, sign out everywhere and delete-my-account.
// Sessions live in the database (no cookie cache), so revoking one takes effect at the next request.
import { createHash } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { APP_NAME } from '../../../shared/constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
} from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import {
  addressChangeNoticeMail,
  existingAccountMail,
  type MailContext,
  resetPasswordMail,
  verifyAddressMail,
  verifyNewAddressMail,
} from './account-mails.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords.ts';

export const AUTH_BASE_PATH = '/api/auth';
/** The header the /api/auth bridge and the accounts service set to Fastify's client address. */
export const CLIENT_IP_HEADER = 'x-openings-client-ip';
export const COOKIE_PREFIX = 'openings';
/** The error code of a deletion another area refuses (see AuthOptions.deletionRefusal). */
export const DELETION_REFUSED = 'ACCOUNT_DELETION_REFUSED';

export interface AuthLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AuthOptions {
  /** Signs tokens and cookies; the same on every server (derived from COOKIE_SECRET). */
  secret: string;
  log: AuthLog;
  /**
   * Asked before an account is deleted: a sentence saying why it may not be (for example, it is
   * the last owner of a company), or null. Companies (issue 16, H5) pass theirs in app.ts.
   */
  deletionRefusal?: (userId: string) => Promise<string | null>;
  /** Multiplies better-auth's per-address limits; 0 turns them off (benchmarks). */
  rateLimitScale?: number;
}

/** A secret for better-auth derived from the cookie secret, so one setting serves both. */
export function authSecret(cookieSecret: string): string {
  return createHash('sha256').update(`openings-auth:${cookieSecret}`).digest('base64url');
}

/** The payload of a verification token (a JWT better-auth signed), read only to word the answer. */
export function verificationTokenPayload(token: string): { email?: string; updateTo?: string } {
  try {
    const body = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      email?: string;
      updateTo?: string;
    };
  } catch {
    return {};
  }
}

/**
 * The page a verification link leads on to: the callbackURL the sign-up, sign-in or resend was
 * given (better-auth puts it in its own link, "/" when there was none), else undefined.
 */
function pageAfterVerification(betterAuthUrl: string): string | undefined {
  const next = new URL(betterAuthUrl).searchParams.get('callbackURL');
  return next && next !== '/' ? next : undefined;
}

export function createAuth(db: Db, config: Config, mailer: Mailer, options: AuthOptions) {
  const mail: MailContext = { appName: APP_NAME, publicUrl: config.publicUrl };
  const pending = new Set<Promise<unknown>>();
  const scale = config.rateLimitScale ?? options.rateLimitScale ?? 1;

  // Mail goes out after the answer, so an existing address does not answer slower than an unknown one.
  const queue = (message: MailMessage) => {
    const sending = mailer
      .send(message)
      .catch((err: unknown) =>
        options.log.error({ err, subject: message.subject }, 'sending an account e-mail failed'),
      )
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };

  const auth = betterAuth({
    appName: APP_NAME,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-in needs a verified address: company verification trusts the address's domain,
      // and an unverified address could be someone else's.
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) =>
        queue(resetPasswordMail(mail, user.email, token)),
      onExistingUserSignUp: async ({ user }) => queue(existingAccountMail(mail, user.email)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url, token }) => {
        const { email: from, updateTo: change } = verificationTokenPayload(token);
        if (!change) {
          queue(verifyAddressMail(mail, user.email, token, pageAfterVerification(url)));
          return;
        }
        queue(verifyNewAddressMail(mail, user.email, token));
        // The token names the address the account is leaving; its owner is told.
        if (from && from !== change) queue(addressChangeNoticeMail(mail, from, change));
      },
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          const refusal = await options.deletionRefusal?.(user.id);
          if (refusal)
            throw new APIError('BAD_REQUEST', { message: refusal, code: DELETION_REFUSED });
        },
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      freshAge: 0,
    },
    rateLimit: {
      enabled: scale > 0,
      storage: 'database',
      window: 60,
      max: Math.max(1, Math.round(100 * scale)),
      customRules: {
        '/sign-in/*': { window: 60, max: Math.max(1, Math.round(10 * scale)) },
        '/sign-up/*': { window: 60, max: Math.max(1, Math.round(5 * scale)) },
        '/request-password-reset': { window: 60, max: Math.max(1, Math.round(3 * scale)) },
        '/send-verification-email': { window: 60, max: Math.max(1, Math.round(3 * scale)) },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    hooks: {
      // The same password rules for the JSON endpoints as for the pages.
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as {
          password?: unknown;
          newPassword?: unknown;
          email?: unknown;
        };
        const checked =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password' || ctx.path === '/change-password'
              ? body.newPassword
              : undefined;
        if (typeof checked !== 'string') return;
        const problem = passwordProblem(
          checked,
          typeof body.email === 'string' ? body.email : undefined,
        );
        if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
      }),
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const write =
          level === 'error'
            ? options.log.error
            : level === 'warn'
              ? options.log.warn
              : options.log.info;
        write.call(options.log, { args }, `auth: ${message}`);
      },
    },
  });

  return {
    auth,
    /** Resolves once every queued e-mail has been handed to the mailer (tests, shutdown). */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>['auth'];

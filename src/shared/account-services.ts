// The accounts service as the web app's actions see it (React Router's load context): one object
// per request, bound to that request's session cookie and client address. Each call answers a
// domain result plus the Set-Cookie headers the action must forward; the server implements it.

/** The signed-in account of a request (`context.account`, Fastify's `request.account`). */
export interface SignedInAccount {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export type AccountField =
  'name' | 'email' | 'password' | 'currentPassword' | 'newPassword' | 'newEmail' | 'token';

export type AccountFieldErrors = Partial<Record<AccountField, string>>;

export type AccountFailureReason =
  /** Input failed validation: see fieldErrors. */
  | 'invalid'
  /** Wrong e-mail or password (never says which). */
  | 'wrong-credentials'
  /** Signed in is required, or the session ended. */
  | 'signed-out'
  /** The address is not verified yet; a new link was sent. */
  | 'not-verified'
  /** Too many attempts for this address or from this client. */
  | 'rate-limited'
  /** The link is unknown, used or expired. */
  | 'bad-token'
  /** Refused by a rule of another area (e.g. the last owner of a company cannot leave). */
  | 'refused';

export type AccountResult<T = null> =
  | { ok: true; value: T; setCookies: string[] }
  | {
      ok: false;
      reason: AccountFailureReason;
      message: string;
      fieldErrors?: AccountFieldErrors;
      retryAfterSeconds?: number;
      setCookies: string[];
    };

export interface AccountsService {
  /**
   * Creates the account and mails a verification link; never signs in (an address must be
   * verified). `next`, a page of this site the caller has checked, rides along in the link.
   */
  signUp(input: {
    name: string;
    email: string;
    password: string;
    next?: string;
  }): Promise<AccountResult>;
  /** `next` rides along in the new verification link an unverified address is sent. */
  signIn(input: {
    email: string;
    password: string;
    next?: string;
  }): Promise<AccountResult<SignedInAccount>>;
  signOut(): Promise<AccountResult>;
  /** The landing of a verification link: a new account's address, or a changed address. */
  verifyEmail(token: string): Promise<AccountResult<{ email: string; changed: boolean }>>;
  /** Mails a new verification link if the address has an unverified account (same answer otherwise). */
  resendVerification(email: string, next?: string): Promise<AccountResult>;
  /** Mails a reset link if the address has an account; the answer is the same either way. */
  requestPasswordReset(email: string): Promise<AccountResult>;
  /** Whether a reset link's token can still set a password (known, unused, not expired). */
  checkResetToken(token: string): Promise<AccountResult>;
  /** Sets a new password by a reset link's token and ends every session of the account. */
  resetPassword(input: { token: string; password: string }): Promise<AccountResult>;
  /** Mails a link to the new address; the address changes when that link is followed. */
  changeEmail(input: { newEmail: string }): Promise<AccountResult>;
  /** Changes the password and ends every other session. */
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<AccountResult>;
  /** Ends every session of the account, this one included. */
  signOutEverywhere(): Promise<AccountResult>;
  /** Deletes the account after checking its password (refused while it is a company's last owner). */
  deleteAccount(input: { password: string }): Promise<AccountResult>;
}

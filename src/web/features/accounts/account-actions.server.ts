// What the account pages' loaders and actions share: reading a posted form, forwarding the
// session cookies the accounts service answered, a safe "next" page (or, without one, the page
// the account's work is on), and private answers.
import { data, redirect } from 'react-router';
import type { AccountFieldErrors, AccountResult } from '../../../shared/account-services.ts';
import type { CompaniesService } from '../../../shared/employer-services.ts';
import type { ModerationService } from '../../../shared/operator-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { paths } from '../../lib/paths.ts';

type Failure = Extract<AccountResult<unknown>, { ok: false }>;

/** Account pages are never stored by a browser or a shared cache. */
export const PRIVATE = 'private, no-store';

/** Response headers carrying the service's Set-Cookie values (and no caching). */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers({ 'Cache-Control': PRIVATE });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** Status and headers of a failed result's answer: its cookies, and Retry-After when limited. */
export function failureInit(result: Failure, headers = cookieHeaders(result.setCookies)) {
  if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds));
  return { status: failureStatus(result), headers };
}

/** A loader's answer that nothing stores. */
export function privateData<T>(value: T) {
  return data(value, { headers: { 'Cache-Control': PRIVATE } });
}

/** A loader's redirect that nothing stores. */
export function privateRedirect(to: string) {
  return redirect(to, { headers: { 'Cache-Control': PRIVATE } });
}

/** A form's answer to a done request: what the page shows (`echo`), no errors, the cookies. */
export function successData<T extends object>(result: { setCookies: string[] }, echo: T) {
  return data(
    { message: null, fieldErrors: {} as AccountFieldErrors, ...echo },
    { headers: cookieHeaders(result.setCookies) },
  );
}

/**
 * A form's answer to a failed request: what the page echoes back, the field errors, and the
 * message unless the fields already say what is wrong.
 */
export function failureData<T extends object>(result: Failure, echo: T, headers?: Headers) {
  return data(
    {
      ...echo,
      message: result.reason === 'invalid' ? null : result.message,
      fieldErrors: result.fieldErrors ?? {},
    },
    failureInit(result, headers),
  );
}

/** A posted field as a string (a missing field or a file is an empty string), bounded in size. */
export function field(form: FormData, name: string, max = 1000): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A page of this site to return to after signing in; anything else goes to the fallback. */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}

/**
 * Where a sign-in with no page to return to leads: a company's member to the dashboard, an
 * operator to the console, anyone else (a job seeker) to the account page with their alerts and
 * saved jobs, rather than to a dashboard that offers to create a company. While maintenance is on
 * an operator goes to the console first: it is the one page open to them, where maintenance is
 * turned off (the dashboard would show the maintenance page).
 */
export async function landingFor(context: AppLoadContext, accountId: string): Promise<string> {
  const moderation = context.moderation as Pick<ModerationService, 'isOperator'> | undefined;
  const operator = async () => (moderation ? moderation.isOperator(accountId) : false);
  const { isUnderMaintenance } = await context.services.appDetails.get();
  if (isUnderMaintenance && (await operator())) return paths.admin;
  const employer = context.employer as { companies: Pick<CompaniesService, 'mine'> } | undefined;
  if (employer && (await employer.companies.mine(accountId)).length > 0) return paths.employer;
  if (!isUnderMaintenance && (await operator())) return paths.admin;
  return paths.account;
}

const DESKS: Record<string, { label: string; to: string }> = {
  [paths.employer]: { label: 'Dashboard', to: paths.employer },
  [paths.admin]: { label: 'Console', to: paths.admin },
  [paths.account]: { label: 'Saved jobs', to: paths.saved },
};

/**
 * The header's link beside Account, where `landingFor` leads: a company member's dashboard, an
 * operator's console, and a job seeker's saved jobs (their alerts are on Account itself).
 */
export async function deskFor(
  context: AppLoadContext,
  accountId: string,
): Promise<{ label: string; to: string }> {
  return DESKS[await landingFor(context, accountId)]!;
}

/** The HTTP status of a failed result. */
export function failureStatus(result: Failure): number {
  switch (result.reason) {
    case 'rate-limited':
      return 429;
    case 'wrong-credentials':
    case 'signed-out':
      return 401;
    case 'not-verified':
    case 'refused':
      return 403;
    default:
      return 400;
  }
}

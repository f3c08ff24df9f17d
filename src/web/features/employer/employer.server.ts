// What every employer page's loader and action starts with: the signed-in account (else a
// redirect to the sign-in page that comes back here), the employer services from the load
// context, a same-origin check on every POST, and private, unstored answers.
import { data, redirect } from 'react-router';
import type { SignedInAccount } from '../../../shared/account-services.ts';
import type {
  ApiKeysService,
  CompaniesService,
  CompanyLogosService,
  EmployerJobsService,
  InvitationsService,
  LinkRecoveryService,
} from '../../../shared/employer-services.ts';
import type { FieldErrors } from '../../../shared/contract/employer-jobs.ts';
import type { Failure, Result } from '../../../shared/employer-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { paths } from '../../lib/paths.ts';

export interface EmployerServices {
  jobs: EmployerJobsService;
  companies: CompaniesService;
  /** Removing an uploaded logo (the upload is companies.uploadLogo). */
  logos: CompanyLogosService;
  invitations: InvitationsService;
  apiKeys: ApiKeysService;
  linkRecovery: LinkRecoveryService;
}

/** Signed-in pages are never stored by a browser or a shared cache (DESIGN.md §7). */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' } as const;

export const privateHeaders = () => PRIVATE_HEADERS;

/**
 * The sign-in page, with the page to come back to. A form sent after the session ended (signed
 * out in another tab or everywhere, or expired) saved nothing: the sign-in page says so.
 */
function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  const notice = request.method === 'POST' ? '&notice=signed-out-post' : '';
  return redirect(`/login?next=${encodeURIComponent(next)}${notice}`, { headers: PRIVATE_HEADERS });
}

/**
 * Cross-site form posts are refused: a browser names the page's origin in Origin on every POST
 * (and Sec-Fetch-Site), so a form on another site cannot act with the employer's cookie.
 */
export function assertSameOrigin(request: Request) {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const own = new URL(request.url).origin;
  const host = request.headers.get('host');
  const sameHost = (value: string) => {
    try {
      const url = new URL(value);
      return url.origin === own || (host !== null && url.host === host);
    } catch {
      return false;
    }
  };
  if ((origin !== null && !sameHost(origin)) || site === 'cross-site' || (!origin && !site)) {
    throw data(
      { message: 'This form must be sent from Openings itself.' },
      {
        status: 403,
        headers: PRIVATE_HEADERS,
      },
    );
  }
}

export function employerContext(
  request: Request,
  context: AppLoadContext,
): { account: SignedInAccount; employer: EmployerServices } {
  assertSameOrigin(request);
  const account = context.account as SignedInAccount | null | undefined;
  if (!account) throw loginRedirect(request);
  const employer = context.employer as EmployerServices | undefined;
  if (!employer) throw new Error('The load context has no employer services (app.ts)');
  return { account, employer };
}

/** A positive id from a URL segment or form field, else a 404 (the same answer as a foreign id). */
export function idFrom(value: unknown): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,8}$/.test(text)) throw notFoundResponse('Not found');
  return Number(text);
}

export function notFoundResponse(message: string) {
  return data({ message }, { status: 404, headers: PRIVATE_HEADERS });
}

/** A failure's errors by field, for the form; one that names no field shows its message at `key`. */
export function fieldErrorsOf(
  failure: { message?: string; fieldErrors?: FieldErrors },
  key: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(failure.fieldErrors ?? { [key]: failure.message }).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/** A domain failure as the page's answer: not found and forbidden end the page; others show. */
export function throwUnlessShown(failure: Failure): never {
  if (failure.reason === 'not-found') throw notFoundResponse(failure.message);
  throw data(
    { message: failure.message },
    {
      status: failure.reason === 'forbidden' ? 403 : 409,
      headers: PRIVATE_HEADERS,
    },
  );
}

/** The company the dashboard works on: `?company=` when the account belongs to it, else its first. */
export async function currentCompany(
  employer: EmployerServices,
  accountId: string,
  request: Request,
) {
  const companies = await employer.companies.mine(accountId);
  const wanted = new URL(request.url).searchParams.get('company');
  const chosen = companies.find((c) => String(c.id) === wanted) ?? companies[0] ?? null;
  return { companies, company: chosen };
}

/**
 * What a page about one company starts with: the signed-in account, the employer services and
 * the current company; an account without a company goes to the dashboard, which offers to
 * create or join one.
 */
export async function companyContext(request: Request, context: AppLoadContext) {
  const { account, employer } = employerContext(request, context);
  const { company } = await currentCompany(employer, account.id, request);
  if (!company) throw redirect(paths.employer, { headers: PRIVATE_HEADERS });
  return { account, employer, company };
}

/**
 * A list only a company's owners see: loaded for an owner, empty for any other member (the page
 * says why instead).
 */
export async function ownerOnly<T>(
  company: { role: string },
  load: () => Promise<Result<T[]>>,
): Promise<{ owner: boolean; rows: T[] }> {
  if (company.role !== 'owner') return { owner: false, rows: [] };
  const result = await load();
  if (!result.ok) throwUnlessShown(result);
  return { owner: true, rows: result.value };
}

// /verify-email?token=…: the landing of the link in a confirmation e-mail. It confirms a new
// account's address (then sign in) or moves an account to its new address. No sign-in needed.
// `next` (an invitation, say) came with the sign-up; the way on leads there. Our mails name it
// `next`; better-auth's own link (/api/auth/verify-email) names it `callbackURL`, which counts too.
import { data, Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { ButtonLink } from '../components/button.tsx';
import { routeMeta } from '../components/seo.ts';
import { MAINTENANCE_HEADERS, maintenanceClosing } from '../../shared/maintenance.ts';
import { cookieHeaders, PRIVATE, safeNext } from '../features/accounts/account-actions.server.ts';
import { AccountCard, FormMessage, linkClass } from '../features/accounts/account-fields.tsx';
import { paths } from '../lib/paths.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Confirm your e-mail address', noindex: true });

/** The sign-in page with `query`, and `next` when the link brought one. */
function loginTo(query: Record<string, string>, next: string | null): string {
  const params = new URLSearchParams(query);
  if (next) params.set('next', next);
  const search = params.toString();
  return search ? `${paths.login}?${search}` : paths.login;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // While maintenance is on the root route answers the maintenance page, and this loader, which
  // runs beside it, confirms nothing: the link still works afterwards (for 24 hours).
  const closed = await maintenanceClosing(request, context);
  if (closed) throw data(closed, { status: 503, headers: MAINTENANCE_HEADERS });
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const asked = url.searchParams.get('next') ?? url.searchParams.get('callbackURL');
  const next = asked ? safeNext(asked, paths.employer) : null;
  const result = await context.accounts.verifyEmail(token);
  const signedIn = Boolean(context.account);
  if (result.ok) {
    const onward = !signedIn
      ? { to: loginTo({ notice: 'verified' }, next), label: 'Sign in' }
      : next
        ? { to: next, label: 'Continue' }
        : { to: paths.account, label: 'Go to your account' };
    return data(
      { ok: true as const, email: result.value.email, changed: result.value.changed, onward },
      { headers: cookieHeaders(result.setCookies) },
    );
  }
  // Signing in sends a new link, which keeps `next` (see the login page's action).
  return data(
    { ok: false as const, message: result.message, login: loginTo({}, next) },
    { status: 400, headers: { 'Cache-Control': PRIVATE } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AccountCard title="This link does not work">
        <FormMessage tone="error">{loaderData.message}</FormMessage>
        <p className="text-muted mt-4 text-sm">
          Signing in with an address that is not confirmed yet sends a new link.{' '}
          <Link to={loaderData.login} className={linkClass}>
            Sign in
          </Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title={loaderData.changed ? 'Your e-mail address has changed' : 'Address confirmed'}
    >
      <FormMessage tone="success">
        {loaderData.changed ? (
          <>
            Your account now uses <strong>{loaderData.email}</strong>.
          </>
        ) : (
          <>
            <strong>{loaderData.email}</strong> is confirmed.
          </>
        )}
      </FormMessage>
      <div className="mt-6">
        <ButtonLink to={loaderData.onward.to}>{loaderData.onward.label}</ButtonLink>
      </div>
    </AccountCard>
  );
}

// /verify-email?token=…: the landing of the link in a confirmation e-mail. It confirms a new
// account's address (then sign in) or moves an account to its new address. No sign-in needed.
import { data, Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { ButtonLink } from '../components/button.tsx';
import { routeMeta } from '../components/seo.ts';
import { cookieHeaders, PRIVATE } from '../features/accounts/account-actions.server.ts';
import { AccountCard, FormMessage, linkClass } from '../features/accounts/account-fields.tsx';
import { paths } from '../lib/paths.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Confirm your e-mail address', noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await context.accounts.verifyEmail(token);
  const signedIn = Boolean(context.account);
  if (result.ok) {
    return data(
      { ok: true as const, email: result.value.email, changed: result.value.changed, signedIn },
      { headers: cookieHeaders(result.setCookies) },
    );
  }
  return data(
    { ok: false as const, message: result.message, signedIn },
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
          <Link to={paths.login} className={linkClass}>
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
        {loaderData.signedIn ? (
          <ButtonLink to={paths.account}>Go to your account</ButtonLink>
        ) : (
          <ButtonLink to={`${paths.login}?notice=verified`}>Sign in</ButtonLink>
        )}
      </div>
    </AccountCard>
  );
}

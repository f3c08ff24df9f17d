// /login: sign in with e-mail and password (the header's Sign in and Log in both lead here). One
// account serves job seekers and employers. Works without JavaScript (a form post and an action).
// Afterwards it leads back to `next` (the header's links send the page they were on), else to
// where the account's work is (landingFor).
import { data, redirect } from 'react-router';
import type { Route } from './+types/login';
import { routeMeta } from '../components/seo.ts';
import {
  cookieHeaders,
  failureInit,
  field,
  landingFor,
  privateData,
  privateRedirect,
  safeNext,
} from '../features/accounts/account-actions.server.ts';
import {
  AccountCard,
  AccountForm,
  CurrentPasswordField,
  EmailField,
  FormMessage,
  LinkLine,
  OneAccountLead,
  SubmitButton,
} from '../features/accounts/account-fields.tsx';
import { invitationLead, invitationOfNext } from '../features/accounts/invitation-next.server.ts';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Sign in',
    description: 'Sign in to your Openings account.',
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  verified: 'Your e-mail address is confirmed. Sign in to continue.',
  reset:
    'Your password has been changed, and every session has been signed out. Sign in with the new password.',
  everywhere: 'You have been signed out on every device.',
  deleted: 'Your account has been deleted.',
  // A form of a signed-in page sent after the session ended (employer.server.ts loginRedirect).
  'signed-out-post': 'You were signed out; sign in to continue. What you sent was not saved.',
};

/** The page of this site the sign-in was asked to return to (the header's links send it), or ''. */
function nextOf(request: Request): string {
  return safeNext(new URL(request.url).searchParams.get('next'), '');
}

/**
 * The page a confirmation link leads on to (an invitation), when the sign-in was reached from that
 * link's page by the header's Sign in, which carries no page from there; '' otherwise.
 */
function nextOfConfirmation(request: Request): string {
  const referer = request.headers.get('referer') ?? '';
  const from = URL.canParse(referer) ? new URL(referer) : null;
  if (from?.pathname !== paths.verifyEmail) return '';
  return safeNext(from.searchParams.get('next') ?? from.searchParams.get('callbackURL'), '');
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const next = nextOf(request);
  if (context.account) {
    throw privateRedirect(next || (await landingFor(context, context.account.id)));
  }
  const carried = next ? '' : nextOfConfirmation(request);
  if (carried) throw privateRedirect(`${paths.login}?next=${encodeURIComponent(carried)}`);
  // Sign-up keeps `next`, so an invitee without an account comes back to the invitation.
  const signup = next ? `${paths.signup}?next=${encodeURIComponent(next)}` : paths.signup;
  const notice = new URL(request.url).searchParams.get('notice') ?? '';
  // An invitation link opened while signed out: the page says which company it is for.
  const invitation = await invitationOfNext(context, next);
  // While maintenance is on this page stays open for operators; sign-up and a password reset do
  // not (they answer 503), so the page offers neither.
  const { isUnderMaintenance } = await context.services.appDetails.get();
  return privateData({
    othersOpen: !isUnderMaintenance,
    notice: Object.hasOwn(NOTICES, notice) ? NOTICES[notice]! : null,
    signup,
    invitation: invitation && {
      lead: invitationLead(invitation.companyName),
      email: invitation.email,
    },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = field(form, 'email', 254);
  const next = nextOf(request);
  // An unverified address is sent a new link, which leads on to `next` as the first one did.
  const result = await context.accounts.signIn({
    email,
    password: field(form, 'password'),
    next: next || undefined,
  });
  if (result.ok) {
    const to = next || (await landingFor(context, result.value.id));
    throw redirect(to, { headers: cookieHeaders(result.setCookies) });
  }
  return data(
    {
      email,
      message: result.message,
      fieldErrors: result.fieldErrors ?? {},
      reason: result.reason,
    },
    failureInit(result),
  );
}

export const headers = actionOrLoaderHeaders;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountCard
      title="Sign in"
      lead={
        loaderData.othersOpen && (
          <OneAccountLead question="New here?" to={loaderData.signup} link="Create an account" />
        )
      }
    >
      <AccountForm answer={actionData}>
        {loaderData.invitation && !actionData && (
          <FormMessage tone="info">
            <span data-invitation-lead>{loaderData.invitation.lead}</span> The invitation is for{' '}
            <strong>{loaderData.invitation.email}</strong>.
          </FormMessage>
        )}
        {loaderData.notice && !actionData && (
          // After a new password or a confirmed address the page opens on what was done.
          <FormMessage tone="success" focus>
            {loaderData.notice}
          </FormMessage>
        )}
        {actionData?.message && actionData.reason !== 'invalid' && (
          <FormMessage tone={actionData.reason === 'not-verified' ? 'info' : 'error'}>
            {actionData.message}
          </FormMessage>
        )}
        <EmailField
          defaultValue={actionData?.email ?? loaderData.invitation?.email}
          error={actionData?.fieldErrors.email}
        />
        <CurrentPasswordField clearOn={actionData} error={actionData?.fieldErrors.password} />
        <SubmitButton label="Sign in" busyLabel="Signing in…" />
        {loaderData.othersOpen && (
          <LinkLine to={paths.forgotPassword}>Forgot your password?</LinkLine>
        )}
      </AccountForm>
    </AccountCard>
  );
}

// /signup: create an account (name, e-mail, password); a link mailed to the address confirms it
// before the first sign-in. Works without JavaScript (a form post and an action).
import { Link } from 'react-router';
import type { Route } from './+types/signup';
import { routeMeta } from '../components/seo.ts';
import {
  failureData,
  field,
  privateData,
  privateRedirect,
  safeNext,
  successData,
} from '../features/accounts/account-actions.server.ts';
import {
  AccountCard,
  AccountForm,
  EmailField,
  FormMessage,
  linkClass,
  NewPasswordField,
  OneAccountLead,
  SubmitButton,
  TextField,
} from '../features/accounts/account-fields.tsx';
import { invitationLead, invitationOfNext } from '../features/accounts/invitation-next.server.ts';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Sign up',
    description: 'Create an Openings account: one account for job seekers and employers.',
    noindex: true,
  });

/** Where sign-in leads afterwards (an invitation, say), kept from the page that sent us here. */
function nextOf(request: Request): string | undefined {
  return safeNext(new URL(request.url).searchParams.get('next'), '') || undefined;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.account) throw privateRedirect(paths.account);
  const next = nextOf(request);
  const login = next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
  // An invitee: the page names the company, and the address starts as the invited one.
  const invitation = await invitationOfNext(context, next ?? '');
  return privateData({
    login,
    invitation: invitation && {
      lead: invitationLead(invitation.companyName),
      email: invitation.email,
    },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const name = field(form, 'name', 200);
  const email = field(form, 'email', 254);
  // The confirmation link carries `next` too: the new account signs in for the first time there.
  const result = await context.accounts.signUp({
    name,
    email,
    password: field(form, 'password'),
    next: nextOf(request),
  });
  if (result.ok) return successData(result, { sentTo: email.trim().toLowerCase(), name, email });
  return failureData(result, { sentTo: null, name, email });
}

export const headers = actionOrLoaderHeaders;

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.sentTo) {
    return (
      <AccountCard title="Check your inbox" focus>
        <FormMessage tone="success">
          We have sent a link to <strong>{actionData.sentTo}</strong>. Follow it to confirm your
          address, then{' '}
          <Link to={loaderData.login} className={linkClass}>
            sign in
          </Link>
          .
        </FormMessage>
        <p className="text-muted mt-4 text-sm">
          Nothing arrived after a few minutes? Look in the spam folder, or{' '}
          <Link to={loaderData.login} className={linkClass}>
            sign in
          </Link>{' '}
          to get a new link.
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title="Create your account"
      lead={<OneAccountLead question="Already have one?" to={loaderData.login} link="Sign in" />}
    >
      <AccountForm answer={actionData}>
        {loaderData.invitation && !actionData && (
          <FormMessage tone="info">
            <span data-invitation-lead>{loaderData.invitation.lead}</span> Use the invited address
            to accept it.
          </FormMessage>
        )}
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          defaultValue={actionData?.name}
          error={actionData?.fieldErrors.name}
        />
        <EmailField
          defaultValue={actionData?.email ?? loaderData.invitation?.email}
          error={actionData?.fieldErrors.email}
          hint="We send a link to confirm it."
        />
        <NewPasswordField
          // Emptied only when the password itself was refused: an error in another field (a
          // name too long, say) keeps what was typed here.
          clearOn={actionData?.fieldErrors.password ? actionData : undefined}
          error={actionData?.fieldErrors.password}
        />
        <SubmitButton label="Create account" busyLabel="Creating your account…" />
      </AccountForm>
    </AccountCard>
  );
}

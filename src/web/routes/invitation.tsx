// /invitations/:token: the landing of an invitation e-mail. Signed in with the invited address,
// one button joins the company (a POST, so a mail scanner that opens the link accepts nothing).
// A used, expired or unknown invitation says so at once, before any sign-in is asked for.
// Signed in with another address, the page says whose the invitation is and whose the session
// is, and its first action signs out and leads to the sign-in for the invited address: only the
// invited (verified) address can accept (companies.service acceptInvitation), so no Accept is
// offered to another account.
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/invitation';
import { Button, buttonClasses } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { cookieHeaders } from '../features/accounts/account-actions.server.ts';
import {
  assertSameOrigin,
  employerContext,
  type EmployerServices,
  PRIVATE_HEADERS,
  privateHeaders,
} from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const companies = (context.employer as EmployerServices | undefined)?.companies;
  if (!companies) throw new Error('The load context has no employer services (app.ts)');
  const invitation = await companies.invitation(params.token ?? '');
  if (!invitation.ok) {
    return data(
      { gone: invitation.message, email: null, invitedEmail: null, companyName: null },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  }
  // Only a usable invitation asks for a sign-in (which comes back here).
  const { account } = employerContext(request, context);
  const { companyName, email: invitedEmail } = invitation.value;
  return data(
    { gone: null, email: account.email, invitedEmail, companyName },
    { headers: PRIVATE_HEADERS },
  );
}

/** Whether the signed-in address is the invited one (invitations keep addresses lower case). */
const sameAddress = (account: string, invited: string) => account.toLowerCase() === invited;

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'switch-account') {
    // Signed in as someone else: sign out, then the sign-in page for this invitation (which
    // names its company and fills in the invited address).
    assertSameOrigin(request);
    const signIn = paths.loginNext(paths.invitation(params.token ?? ''));
    const signedOut = context.account ? (await context.accounts.signOut()).setCookies : [];
    throw redirect(signIn, { headers: cookieHeaders(signedOut) });
  }
  const { account, employer } = employerContext(request, context);
  const result = await employer.companies.acceptInvitation(account, params.token ?? '');
  if (!result.ok)
    return data({ message: result.message }, { status: 400, headers: PRIVATE_HEADERS });
  // The dashboard of the company joined, saying so (its done word `joined`, about that company).
  const { companyId } = result.value;
  throw redirect(`${paths.employer}?company=${companyId}&done=joined&item=${companyId}`, {
    headers: PRIVATE_HEADERS,
  });
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Join a company', noindex: true });

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.gone) {
    return (
      <>
        <PageHeader eyebrow="Employer" title="This invitation does not work" />
        <Container className="py-10">
          <p role="alert" className="text-danger mb-4 font-medium">
            {loaderData.gone}.
          </p>
          <p className="text-muted mb-6">
            An invitation link works once, for seven days; a new invitation comes with a new link.
          </p>
          <Link to={paths.home} className={buttonClasses('secondary')}>
            Go to the home page
          </Link>
        </Container>
      </>
    );
  }
  if (!sameAddress(loaderData.email ?? '', loaderData.invitedEmail ?? '')) {
    return (
      <>
        <PageHeader
          eyebrow="Employer"
          title="This invitation is for another account"
          lead={`The invitation to join ${loaderData.companyName} is for ${loaderData.invitedEmail}. You are signed in as ${loaderData.email}.`}
        />
        <Container className="py-10">
          {actionData?.message && (
            <p role="alert" className="text-danger mb-4 font-medium">
              {actionData.message}
            </p>
          )}
          <p className="text-muted mb-6">
            Only {loaderData.invitedEmail} can accept it. Sign out, then sign in with that address
            (or create an account with it if there is none): this page comes back.
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="switch-account" />
              <Button type="submit">Sign out and sign in as {loaderData.invitedEmail}</Button>
            </Form>
            <Link to={paths.home} className={buttonClasses('secondary')}>
              Stay signed in as {loaderData.email}
            </Link>
          </div>
        </Container>
      </>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow="Employer"
        title={`Join ${loaderData.companyName} on Openings`}
        lead={`You are signed in as ${loaderData.email}. Accept to post and manage the company’s jobs.`}
      />
      <Container className="py-10">
        {actionData?.message && (
          <p role="alert" className="text-danger mb-4 font-medium">
            {actionData.message}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <Button type="submit">Accept the invitation</Button>
          </Form>
          <Link to={paths.home} className={buttonClasses('secondary')}>
            Not now
          </Link>
        </div>
      </Container>
    </>
  );
}

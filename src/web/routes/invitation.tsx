// /invitations/:token: the landing of an invitation e-mail. Signed in with the invited address,
// one button joins the company (a POST, so a mail scanner that opens the link accepts nothing).
// A used, expired or unknown invitation says so at once, before any sign-in is asked for.
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/invitation';
import { Button, buttonClasses } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
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
      { gone: invitation.message, email: null, companyName: null },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  }
  // Only a usable invitation asks for a sign-in (which comes back here).
  const { account } = employerContext(request, context);
  return data(
    { gone: null, email: account.email, companyName: invitation.value.companyName },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
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

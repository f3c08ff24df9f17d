// /invitations/:token: the landing of an invitation e-mail. Signed in with the invited address,
// one button joins the company (a POST, so a mail scanner that opens the link accepts nothing).
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/invitation';
import { Button, buttonClasses } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  employerContext,
  PRIVATE_HEADERS,
  privateHeaders,
} from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';

export function loader({ request, context }: Route.LoaderArgs) {
  const { account } = employerContext(request, context);
  return data({ email: account.email }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { account, employer } = employerContext(request, context);
  const result = await employer.companies.acceptInvitation(account, params.token ?? '');
  if (!result.ok)
    return data({ message: result.message }, { status: 400, headers: PRIVATE_HEADERS });
  throw redirect(`${paths.employer}?company=${result.value.companyId}`, {
    headers: PRIVATE_HEADERS,
  });
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Join a company', noindex: true });

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Employer"
        title="Join a company on Openings"
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

// /reset-password?token=…: the landing of a reset e-mail's link; choosing a new password signs the
// account out everywhere, then it signs in again. Works without JavaScript.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { Button } from '../components/button.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  cookieHeaders,
  failureInit,
  field,
  PRIVATE,
} from '../features/accounts/account-actions.server.ts';
import {
  AccountCard,
  FormMessage,
  linkClass,
  TextField,
} from '../features/accounts/account-fields.tsx';
import { paths } from '../lib/paths.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Choose a new password', noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return data({ hasToken: token.length > 0 }, { headers: { 'Cache-Control': PRIVATE } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = new URL(request.url).searchParams.get('token') ?? field(form, 'token', 200);
  const result = await context.accounts.resetPassword({
    token,
    password: field(form, 'password'),
  });
  if (result.ok) {
    throw redirect(`${paths.login}?notice=reset`, { headers: cookieHeaders(result.setCookies) });
  }
  return data(
    {
      message: result.reason === 'invalid' ? null : result.message,
      fieldErrors: result.fieldErrors ?? {},
    },
    failureInit(result),
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (!loaderData.hasToken) {
    return (
      <AccountCard title="This link does not work">
        <FormMessage tone="error">
          The link is incomplete. Open it again from the e-mail.
        </FormMessage>
        <p className="mt-4 text-sm">
          <Link to={paths.forgotPassword} className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <Form method="post" className="flex flex-col gap-5" noValidate>
        {actionData?.message && (
          <FormMessage tone="error">
            {actionData.message}{' '}
            <Link to={paths.forgotPassword} className={linkClass}>
              Ask for a new link
            </Link>
          </FormMessage>
        )}
        <TextField
          name="password"
          label="New password"
          type="password"
          clearOn={actionData}
          autoComplete="new-password"
          error={actionData?.fieldErrors.password}
          hint="At least 10 characters, and not a common password."
        />
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Save the new password'}
        </Button>
      </Form>
    </AccountCard>
  );
}

// /reset-password?token=…: the landing of a reset e-mail's link; choosing a new password signs the
// account out everywhere, then it signs in again. A link that is used, expired or unknown says so
// at once, with the way to a new one, instead of a form that could only fail. Works without
// JavaScript.
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/reset-password';
import { routeMeta } from '../components/seo.ts';
import {
  cookieHeaders,
  failureData,
  field,
  PRIVATE,
  privateData,
} from '../features/accounts/account-actions.server.ts';
import {
  AccountCard,
  AccountForm,
  FormMessage,
  LinkLine,
  linkClass,
  NewPasswordField,
  SubmitButton,
} from '../features/accounts/account-fields.tsx';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Choose a new password', noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) {
    return data(
      { problem: 'The link is incomplete. Open it again from the e-mail.' },
      { status: 400, headers: { 'Cache-Control': PRIVATE } },
    );
  }
  const checked = await context.accounts.checkResetToken(token);
  if (!checked.ok) {
    return data(
      { problem: checked.message },
      { status: 400, headers: { 'Cache-Control': PRIVATE } },
    );
  }
  return privateData({ problem: null });
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
  return failureData(result, {});
}

export const headers = actionOrLoaderHeaders;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // After a refused post the page keeps its form: the action says what went wrong.
  if (loaderData.problem && !actionData) {
    return (
      <AccountCard title="This link does not work">
        <FormMessage tone="error">{loaderData.problem}</FormMessage>
        <LinkLine to={paths.forgotPassword} className="mt-4 text-sm">
          Ask for a new link
        </LinkLine>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <AccountForm answer={actionData}>
        {actionData?.message && (
          <FormMessage tone="error">
            {actionData.message}{' '}
            <Link to={paths.forgotPassword} className={linkClass}>
              Ask for a new link
            </Link>
          </FormMessage>
        )}
        <NewPasswordField
          label="New password"
          clearOn={actionData}
          error={actionData?.fieldErrors.password}
        />
        <SubmitButton label="Save the new password" busyLabel="Saving…" />
      </AccountForm>
    </AccountCard>
  );
}

// /reset-password?token=…: the landing of a reset e-mail's link; choosing a new password signs the
// account out everywhere, then it signs in again. Works without JavaScript.
import { Link, redirect } from 'react-router';
import type { Route } from './+types/reset-password';
import { routeMeta } from '../components/seo.ts';
import {
  cookieHeaders,
  failureData,
  field,
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

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return privateData({ hasToken: token.length > 0 });
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
  if (!loaderData.hasToken) {
    return (
      <AccountCard title="This link does not work">
        <FormMessage tone="error">
          The link is incomplete. Open it again from the e-mail.
        </FormMessage>
        <LinkLine to={paths.forgotPassword} className="mt-4 text-sm">
          Ask for a new link
        </LinkLine>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <AccountForm>
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

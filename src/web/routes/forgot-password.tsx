// /forgot-password: mails a reset link. The answer is the same whether or not the address has an
// account, so the page cannot be used to find out who has one.
import { data, Form, Link, useNavigation } from 'react-router';
import type { AccountFieldErrors } from '../../shared/account-services.ts';
import type { Route } from './+types/forgot-password';
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
  routeMeta(args, { title: 'Reset your password', noindex: true });

export function loader() {
  return data(null, { headers: { 'Cache-Control': PRIVATE } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = field(form, 'email', 254);
  const result = await context.accounts.requestPasswordReset(email);
  if (result.ok) {
    return data(
      { sent: true, email, message: null, fieldErrors: {} as AccountFieldErrors },
      { headers: cookieHeaders(result.setCookies) },
    );
  }
  return data(
    {
      sent: false,
      email,
      message: result.reason === 'invalid' ? null : result.message,
      fieldErrors: result.fieldErrors ?? {},
    },
    failureInit(result),
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.sent) {
    return (
      <AccountCard title="Check your inbox">
        <FormMessage tone="success">
          If an account uses <strong>{actionData.email.trim()}</strong>, we have sent it a link to
          choose a new password. The link works for one hour.
        </FormMessage>
        <p className="mt-4 text-sm">
          <Link to={paths.login} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title="Reset your password"
      lead={
        <p>
          Enter the address of your account and we will mail you a link to choose a new password.
        </p>
      }
    >
      <Form method="post" className="flex flex-col gap-5" noValidate>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          error={actionData?.fieldErrors.email}
        />
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Sending…' : 'Send the link'}
        </Button>
        <p className="text-sm">
          <Link to={paths.login} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </Form>
    </AccountCard>
  );
}

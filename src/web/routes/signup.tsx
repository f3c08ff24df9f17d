// /signup: create an account (name, e-mail, password); a link mailed to the address confirms it
// before the first sign-in. Works without JavaScript (a form post and an action).
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { AccountFieldErrors } from '../../shared/account-services.ts';
import type { Route } from './+types/signup';
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
  routeMeta(args, {
    title: 'Sign up',
    description: 'Create an Openings account: one account for job seekers and employers.',
    noindex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  if (context.account) throw redirect(paths.account, { headers: { 'Cache-Control': PRIVATE } });
  return data(null, { headers: { 'Cache-Control': PRIVATE } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const name = field(form, 'name', 200);
  const email = field(form, 'email', 254);
  const result = await context.accounts.signUp({ name, email, password: field(form, 'password') });
  if (result.ok) {
    return data(
      {
        sentTo: email.trim().toLowerCase(),
        name,
        email,
        message: null,
        fieldErrors: {} as AccountFieldErrors,
      },
      { headers: cookieHeaders(result.setCookies) },
    );
  }
  return data(
    {
      sentTo: null,
      name,
      email,
      message: result.reason === 'invalid' ? null : result.message,
      fieldErrors: result.fieldErrors ?? {},
    },
    failureInit(result),
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  if (actionData?.sentTo) {
    return (
      <AccountCard title="Check your inbox">
        <FormMessage tone="success">
          We have sent a link to <strong>{actionData.sentTo}</strong>. Follow it to confirm your
          address, then sign in.
        </FormMessage>
        <p className="text-muted mt-4 text-sm">
          Nothing arrived after a few minutes? Look in the spam folder, or{' '}
          <Link to={paths.login} className={linkClass}>
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
      lead={
        <p>
          One account serves both job seekers and employers. Already have one?{' '}
          <Link to={paths.login} className={linkClass}>
            Sign in
          </Link>
          .
        </p>
      }
    >
      <Form method="post" className="flex flex-col gap-5" noValidate>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          defaultValue={actionData?.name}
          error={actionData?.fieldErrors.name}
        />
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          error={actionData?.fieldErrors.email}
          hint="We send a link to confirm it."
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          clearOn={actionData}
          autoComplete="new-password"
          error={actionData?.fieldErrors.password}
          hint="At least 10 characters, and not a common password."
        />
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
    </AccountCard>
  );
}

// /forgot-password: mails a reset link. The answer is the same whether or not the address has an
// account, so the page cannot be used to find out who has one.
import type { Route } from './+types/forgot-password';
import { routeMeta } from '../components/seo.ts';
import {
  failureData,
  field,
  privateData,
  successData,
} from '../features/accounts/account-actions.server.ts';
import {
  AccountCard,
  AccountForm,
  EmailField,
  FormMessage,
  LinkLine,
  SubmitButton,
} from '../features/accounts/account-fields.tsx';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Reset your password', noindex: true });

export function loader() {
  return privateData(null);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = field(form, 'email', 254);
  const result = await context.accounts.requestPasswordReset(email);
  if (result.ok) return successData(result, { sent: true, email });
  return failureData(result, { sent: false, email });
}

export const headers = actionOrLoaderHeaders;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) {
    return (
      <AccountCard title="Check your inbox" focus>
        <FormMessage tone="success">
          If an account uses <strong>{actionData.email.trim().toLowerCase()}</strong>, we have sent
          it a link to choose a new password. The link works for one hour.
        </FormMessage>
        <LinkLine to={paths.login} className="mt-4 text-sm">
          Back to sign in
        </LinkLine>
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
      <AccountForm answer={actionData}>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <EmailField defaultValue={actionData?.email} error={actionData?.fieldErrors.email} />
        <SubmitButton label="Send the link" busyLabel="Sending…" />
        <LinkLine to={paths.login}>Back to sign in</LinkLine>
      </AccountForm>
    </AccountCard>
  );
}

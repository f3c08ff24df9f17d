// /account: the signed-in account's settings: its job alerts (how often, pause or resume, delete),
// change the e-mail address (confirmed at the new address), change the password, sign out
// everywhere, delete the account. Each is its own form, told apart by `intent`, and works without
// JavaScript.
import { data, Form, redirect, useNavigation } from 'react-router';
import type { ReactNode } from 'react';
import type { Route } from './+types/account';
import type { AccountFieldErrors } from '../../shared/account-services.ts';
import { Button } from '../components/button.tsx';
import { TitledSection } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  cookieHeaders,
  failureData,
  field,
  privateData,
  privateRedirect,
  PRIVATE,
  successData,
} from '../features/accounts/account-actions.server.ts';
import {
  CurrentPasswordField,
  FormMessage,
  NewPasswordField,
  TextField,
  useFocusAfterPost,
} from '../features/accounts/account-fields.tsx';
import type { EmployerServices } from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';
import {
  type AccountAlertIntent,
  AccountAlerts,
  isAccountAlertIntent,
} from '../features/alerts/account-alerts.tsx';
import { changeAccountAlert } from '../features/alerts/account-alerts.server.ts';
import { seekerServices } from '../features/alerts/seeker.server.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Your account', noindex: true });

type Intent =
  | 'change-email'
  | 'change-password'
  | 'sign-out-everywhere'
  | 'delete-account'
  | AccountAlertIntent;

interface ActionState {
  intent: Intent;
  ok: boolean;
  message: string | null;
  fieldErrors: AccountFieldErrors;
  newEmail?: string;
  /** The alert an alert intent changed (its row shows the message), or null when none was. */
  alertId?: number | null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.account) {
    throw privateRedirect(paths.loginNext(new URL(request.url).pathname));
  }
  const { id, name, email, emailVerified } = context.account;
  // Alerts are kept by address, so only a verified address shows them (modules/seekers).
  const [alerts, companies] = await Promise.all([
    emailVerified ? seekerServices(context).alerts.forEmail(email) : [],
    (context.employer as EmployerServices | undefined)?.companies.mine(id) ?? [],
  ]);
  const hiringFor = companies.map((c) => c.companyName);
  return privateData({ name, email, emailVerified, alerts, hiringFor });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent', 40) as Intent;
  if (isAccountAlertIntent(intent)) {
    if (!context.account) throw privateRedirect(paths.loginNext(paths.account));
    return changeAccountAlert(context, context.account, intent, form);
  }
  const accounts = context.accounts;
  const result =
    intent === 'change-email'
      ? await accounts.changeEmail({ newEmail: field(form, 'newEmail', 254) })
      : intent === 'change-password'
        ? await accounts.changePassword({
            currentPassword: field(form, 'currentPassword'),
            newPassword: field(form, 'newPassword'),
          })
        : intent === 'sign-out-everywhere'
          ? await accounts.signOutEverywhere()
          : intent === 'delete-account'
            ? await accounts.deleteAccount({ password: field(form, 'password') })
            : null;
  if (!result) {
    return data(
      { intent, ok: false, message: 'Unknown action.', fieldErrors: {} } satisfies ActionState,
      { status: 400, headers: { 'Cache-Control': PRIVATE } },
    );
  }
  const headers = cookieHeaders(result.setCookies);
  if (!result.ok && result.reason === 'signed-out') {
    throw redirect(paths.loginNext(paths.account), { headers });
  }
  if (result.ok && intent === 'sign-out-everywhere') {
    throw redirect(`${paths.login}?notice=everywhere`, { headers });
  }
  if (result.ok && intent === 'delete-account') {
    throw redirect(`${paths.login}?notice=deleted`, { headers });
  }
  if (result.ok) {
    const message =
      intent === 'change-email'
        ? 'We have sent a link to the new address. Your address changes when you follow it.'
        : 'Your password has been changed. Every other session has been signed out.';
    return successData(result, { intent, ok: true, message });
  }
  const newEmail = intent === 'change-email' ? field(form, 'newEmail', 254) : undefined;
  return failureData(result, { intent, ok: false, newEmail }, headers);
}

export const headers = actionOrLoaderHeaders;

const section = 'rounded-card border bg-surface-raised p-6 shadow-card sm:p-8';

function Section({
  id,
  title,
  children,
  danger = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <TitledSection
      id={`${id}-title`}
      title={title}
      className={`${section} ${danger ? 'border-danger' : 'border-line'}`}
      headingClassName="text-lg font-semibold"
    >
      <div className="mt-4">{children}</div>
    </TitledSection>
  );
}

function Outcome({ state, intent }: { state: ActionState | undefined; intent: Intent }) {
  if (!state || state.intent !== intent || !state.message) return null;
  return <FormMessage tone={state.ok ? 'success' : 'error'}>{state.message}</FormMessage>;
}

/** One of the page's forms: its intent, its outcome, its fields, and its submit button. */
function IntentForm({
  intent,
  state,
  submit,
  validate = false,
  danger = false,
  children,
}: {
  intent: Intent;
  state: ActionState | undefined;
  submit: string;
  /** Lets the browser check the fields before posting (a form without fields has none). */
  validate?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const form = useFocusAfterPost(pending);
  return (
    <Form ref={form} method="post" className="flex flex-col gap-4" noValidate={!validate}>
      <input type="hidden" name="intent" value={intent} />
      <Outcome state={state} intent={intent} />
      {children}
      <div>
        <Button
          type="submit"
          variant={danger ? 'ghost' : 'secondary'}
          className={danger ? 'border-danger text-danger hover:bg-danger-soft border' : ''}
          disabled={pending}
        >
          {submit}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The answer that empties one of the change-password boxes: the change done, or that box refused.
 * Another answer (the other box refused, another form's) keeps what was typed in it.
 */
function passwordAnswer(
  state: ActionState | undefined,
  name: 'currentPassword' | 'newPassword',
): ActionState | undefined {
  if (state?.intent !== 'change-password') return undefined;
  return state.ok || state.fieldErrors[name] ? state : undefined;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData as ActionState | undefined;
  const errors = (intent: Intent) => (state?.intent === intent ? state.fieldErrors : {});
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
          <p className="text-muted mt-2">
            Signed in as <strong className="text-fg">{loaderData.name}</strong> ({loaderData.email}
            ).
          </p>
        </header>

        <Section id="alerts" title="Job alerts">
          <AccountAlerts
            alerts={loaderData.alerts}
            verified={loaderData.emailVerified}
            answer={state && isAccountAlertIntent(state.intent) ? state : undefined}
          />
          <p className="mt-4">
            <a href={paths.saved} className="text-brand underline">
              Your saved jobs
            </a>
          </p>
        </Section>

        {/* A new employer signs in to here: the way to their company and its jobs. */}
        <Section id="hiring" title="Hiring">
          <p>
            {loaderData.hiringFor.length > 0
              ? `You post for ${loaderData.hiringFor.join(', ')}: ${loaderData.hiringFor.length === 1 ? 'its' : 'their'} jobs, company page and members are on the employer dashboard.`
              : 'Set up your company, or ask to join it if it is on Openings already, and post its openings from the employer dashboard.'}
          </p>
          <p className="mt-4">
            <a href={paths.employer} className="text-brand underline">
              Go to the employer dashboard
            </a>
          </p>
        </Section>

        <Section id="email" title="E-mail address">
          <IntentForm intent="change-email" state={state} submit="Change e-mail address">
            <TextField
              idPrefix="email"
              name="newEmail"
              label="New e-mail address"
              type="email"
              autoComplete="email"
              defaultValue={
                state?.intent === 'change-email' && !state.ok ? state.newEmail : undefined
              }
              error={errors('change-email').newEmail}
              hint="We send a link to the new address; the change happens when you follow it."
            />
          </IntentForm>
        </Section>

        <Section id="password" title="Password">
          <IntentForm intent="change-password" state={state} submit="Change password">
            <CurrentPasswordField
              idPrefix="password"
              name="currentPassword"
              label="Current password"
              clearOn={passwordAnswer(state, 'currentPassword')}
              error={errors('change-password').currentPassword}
            />
            <NewPasswordField
              idPrefix="password"
              name="newPassword"
              label="New password"
              clearOn={passwordAnswer(state, 'newPassword')}
              error={errors('change-password').newPassword}
              hint="At least 10 characters, and not a common password. Other sessions are signed out."
            />
          </IntentForm>
        </Section>

        <Section id="sessions" title="Sign out everywhere">
          <IntentForm
            intent="sign-out-everywhere"
            state={state}
            submit="Sign out everywhere"
            validate
          >
            <p className="text-muted">
              Ends every session of this account, on this device and all others.
            </p>
          </IntentForm>
        </Section>

        <Section id="delete" title="Delete account" danger>
          <IntentForm intent="delete-account" state={state} submit="Delete my account" danger>
            <p className="text-muted">
              Deletes the account and signs it out everywhere. This cannot be undone. The last owner
              of a company must make another member an owner first, or{' '}
              <a href={paths.contact} className="text-brand underline">
                ask us to close the company
              </a>
              .
            </p>
            <CurrentPasswordField
              idPrefix="delete"
              label="Your password, to confirm"
              clearOn={actionData}
              error={errors('delete-account').password}
            />
          </IntentForm>
        </Section>
      </div>
    </div>
  );
}

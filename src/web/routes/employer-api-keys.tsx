// /employer/api-keys: the company's keys for the posting API. An owner names a key, picks its
// scopes and sees the key once, right after making it; keys are listed with their last use and
// can be revoked after a question that says what stops working. Works without JavaScript (plain
// form posts): making or revoking a key answers with a redirect, so reloading the page posts
// nothing again.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/employer-api-keys';
import {
  API_KEY_SCOPES,
  type ApiKeyRow,
  type RevealedKey,
} from '../../shared/employer-services.ts';
import { Button, buttonClasses } from '../components/button.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  companyContext,
  fieldErrorsOf,
  idFrom,
  ownerOnly,
  PRIVATE_HEADERS,
  privateHeaders,
  throwUnlessShown,
} from '../features/employer/employer.server.ts';
import { ErrorSummary, Field, inputClass } from '../components/fields.tsx';
import { OwnerToolPage, StatusNote, ToolSection } from '../features/employer/owner-tool-page.tsx';
import { formatDate } from '../lib/format.ts';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

const SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  'jobs:read': 'jobs:read — list your jobs',
  'jobs:write': 'jobs:write — create, update and close jobs',
};

/**
 * What a POST did goes to the page its redirect shows in a short-lived cookie, which the page's
 * next load clears, so it shows once: the new key, sealed by the service (never in the address,
 * never in a log), or the id of the key just revoked (its name is read from the list, so a cookie
 * cannot put words on the page). Path /employer also covers the page's data requests
 * (/employer/api-keys.data).
 */
const REVEAL_COOKIE = 'api_key_reveal';
const REVOKED_COOKIE = 'api_key_revoked';
const COOKIE_PATH = '/employer';

function onceCookie(request: Request, name: string, value: string, maxAge: number) {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

function cookieFrom(request: Request, cookie: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=');
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, employer, company } = await companyContext(request, context);
  const { owner, rows } = await ownerOnly(company, () =>
    employer.apiKeys.list(account.id, company.id),
  );
  const sealed = cookieFrom(request, REVEAL_COOKIE);
  const created = sealed ? await employer.apiKeys.reveal(account.id, company.id, sealed) : null;
  const revokedId = cookieFrom(request, REVOKED_COOKIE);
  const revoked = rows.find((k) => k.revokedAt && String(k.id) === revokedId);
  const headers = new Headers(PRIVATE_HEADERS);
  if (sealed !== null) headers.append('Set-Cookie', onceCookie(request, REVEAL_COOKIE, '', 0));
  if (revokedId !== null) headers.append('Set-Cookie', onceCookie(request, REVOKED_COOKIE, '', 0));
  return data(
    {
      companyName: company.companyName,
      owner,
      keys: rows,
      created,
      revokedNotice: revoked ? `Key “${revoked.name}” revoked: it no longer works.` : null,
      docsUrl: '/api/docs',
    },
    { headers },
  );
}

/** Revoking asks first: the key's name and id, to show the question in the key's place. */
type RevokeQuestion = { id: number; name: string };

type ActionData = {
  errors: Record<string, string>;
  message?: string;
  values?: { name: string; scopes: string[] };
  /** Revoke was pressed: confirm it. */
  revoke?: RevokeQuestion;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { account, employer, company } = await companyContext(request, context);
  const form = await request.formData();
  const text = formText(form);
  const keys = employer.apiKeys;
  const intent = text('intent');
  if (intent === 'create') {
    const values = {
      name: text('name'),
      scopes: form.getAll('scopes').filter((v): v is string => typeof v === 'string'),
    };
    const result = await keys.create(account.id, company.id, values);
    if (!result.ok) {
      if (result.reason !== 'invalid' && result.reason !== 'conflict') throwUnlessShown(result);
      return data<ActionData>(
        { errors: fieldErrorsOf(result, 'form'), message: result.message, values },
        { status: result.reason === 'conflict' ? 409 : 400, headers: PRIVATE_HEADERS },
      );
    }
    // POST, then redirect, then GET: a reload shows the page again instead of making a key.
    const headers = new Headers(PRIVATE_HEADERS);
    headers.append('Set-Cookie', onceCookie(request, REVEAL_COOKIE, result.value.reveal, 300));
    return redirect(paths.employerApiKeys, { status: 303, headers });
  }
  if (intent === 'revoke') {
    const id = idFrom(text('id'));
    if (text('confirm') !== 'yes') {
      const listed = await keys.list(account.id, company.id);
      if (!listed.ok) throwUnlessShown(listed);
      const key = listed.ok ? listed.value.find((k) => k.id === id && !k.revokedAt) : undefined;
      if (key)
        return data<ActionData>(
          { errors: {}, revoke: { id: key.id, name: key.name } },
          { headers: PRIVATE_HEADERS },
        );
    }
    const result = await keys.revoke(account.id, company.id, id);
    if (!result.ok) throwUnlessShown(result);
    // Redirected like a new key, so a reload does not post the revoke again.
    const headers = new Headers(PRIVATE_HEADERS);
    headers.append('Set-Cookie', onceCookie(request, REVOKED_COOKIE, String(id), 60));
    return redirect(paths.employerApiKeys, { status: 303, headers });
  }
  throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'API keys', noindex: true });

const noSubscription = () => () => {};

/** Copies the key; drawn only once JavaScript runs (without it the key is selectable text). */
function CopyButton({ value }: { value: string }) {
  // False on the server and while hydrating: the button appears only where it can work.
  const ready = useSyncExternalStore(
    noSubscription,
    () => !!navigator.clipboard,
    () => false,
  );
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setCopied('yes'),
            () => setCopied('failed'),
          )
        }
      >
        {copied === 'yes' ? 'Copied' : 'Copy key'}
      </Button>
      <span role="status" className="text-sm">
        {copied === 'failed' ? 'Could not copy: select the key and copy it yourself.' : ''}
      </span>
    </>
  );
}

function NewKey({ created }: { created: RevealedKey }) {
  // The page after "Make key" opens on the key, so a keyboard or screen-reader user meets it (and
  // "copy it now") first; the box selects itself on focus.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-card border-success bg-success-soft mb-6 border p-4"
    >
      <h2 id="new-key-title" className="text-base font-semibold">
        Your new key “{created.name}”
      </h2>
      <p id="new-key-note" role="status" className="mt-1 text-sm">
        Copy it now and keep it somewhere safe: we keep only a fingerprint of it and cannot show it
        again.
      </p>
      <label htmlFor="new-key" className="sr-only">
        API key
      </label>
      <input
        ref={box}
        id="new-key"
        aria-describedby="new-key-note"
        readOnly
        value={created.key}
        className={`${inputClass} mt-2 font-mono`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <CopyButton value={created.key} />
      </div>
    </section>
  );
}

/** The question asked in a key's place before revoking it: what stops working, and Cancel. */
function RevokeConfirm({ question }: { question: RevokeQuestion }) {
  const textId = `revoke-question-${question.id}`;
  return (
    <Form method="post" className="border-line-strong mt-3 rounded border p-3">
      <input type="hidden" name="id" value={question.id} />
      <input type="hidden" name="confirm" value="yes" />
      <p id={textId} className="text-sm">
        {`Revoke “${question.name}”? Every system that uses this key is refused at once (401): it can no longer list, post, update or close your jobs until you give it a new key. This cannot be undone.`}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          name="intent"
          value="revoke"
          size="sm"
          autoFocus
          aria-describedby={textId}
        >
          Revoke key
        </Button>
        <Link to={paths.employerApiKeys} className="text-brand text-sm underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function KeyDetails({ apiKey }: { apiKey: ApiKeyRow }) {
  return (
    <dl className="text-muted mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="inline">Key: </dt>
        <dd className="inline font-mono">{apiKey.prefix}…</dd>
      </div>
      <div>
        <dt className="inline">Scopes: </dt>
        <dd className="inline">{apiKey.scopes.join(', ')}</dd>
      </div>
      <div>
        <dt className="inline">Made: </dt>
        <dd className="inline">{formatDate(apiKey.createdAt)}</dd>
      </div>
      <div>
        <dt className="inline">Last used: </dt>
        <dd className="inline">{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : 'never'}</dd>
      </div>
      {apiKey.revokedAt && (
        <div>
          <dt className="inline">Revoked: </dt>
          <dd className="inline">{formatDate(apiKey.revokedAt)}</dd>
        </div>
      )}
    </dl>
  );
}

function KeyList({ keys, question }: { keys: ApiKeyRow[]; question?: RevokeQuestion }) {
  const active = keys.filter((k) => !k.revokedAt);
  const revoked = keys.filter((k) => k.revokedAt);
  if (keys.length === 0) return <p className="text-muted">No keys yet.</p>;
  return (
    <>
      {active.length === 0 ? (
        <p className="text-muted">No active keys.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {active.map((key) => (
            <li key={key.id} className="border-line bg-surface-raised rounded-card border p-4">
              <h3 className="font-semibold break-all">{key.name}</h3>
              <KeyDetails apiKey={key} />
              {question?.id === key.id ? (
                <RevokeConfirm question={question} />
              ) : (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={key.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="revoke"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Revoke: ${key.name}`}
                  >
                    Revoke
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoked.length > 0 && (
        <details className="mt-6">
          <summary className="cursor-pointer font-medium">{`Revoked keys (${revoked.length})`}</summary>
          <ul className="mt-3 flex flex-col gap-3">
            {revoked.map((key) => (
              <li key={key.id} className="border-line rounded-card border p-4">
                <h3 className="font-semibold break-all">{key.name}</h3>
                <KeyDetails apiKey={key} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

export default function EmployerApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { companyName, owner, keys, docsUrl, created, revokedNotice } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const chosen = new Set(values?.scopes ?? API_KEY_SCOPES);
  return (
    <OwnerToolPage
      companyName={companyName}
      title="API keys"
      lead="Your own systems can post and update your jobs through our posting API."
      links={
        <a href={docsUrl} className={buttonClasses('ghost')}>
          API documentation
        </a>
      }
      owner={owner}
      ownersCan="make and revoke API keys"
    >
      <ToolSection
        id="create-key-title"
        title="Make a key"
        notice={
          created ? (
            <NewKey created={created} />
          ) : (
            (actionData?.message ?? revokedNotice) && (
              <StatusNote>{actionData?.message ?? revokedNotice}</StatusNote>
            )
          )
        }
      >
        <ErrorSummary errors={errors} />
        {/* A new key remounts the form: its Name starts empty again (a second press would
            make a second key). */}
        <Form key={created?.id ?? 'form'} method="post" className="mt-4 flex flex-col gap-4">
          <Field
            name="name"
            label="Name"
            errors={errors}
            hint="What uses it, e.g. “Careers site sync”."
          >
            {(aria) => (
              <input
                {...aria}
                defaultValue={values?.name ?? ''}
                maxLength={60}
                required
                className={inputClass}
              />
            )}
          </Field>
          <fieldset aria-describedby={errors.scopes ? 'field-scopes-error' : undefined}>
            <legend id="field-scopes" className="text-sm font-medium">
              Scopes
            </legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={chosen.has(scope)}
                />
                {SCOPE_LABELS[scope]}
              </label>
            ))}
            {errors.scopes && (
              <p id="field-scopes-error" className="text-danger mt-1 text-sm font-medium">
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="create">
              Make key
            </Button>
          </div>
        </Form>
      </ToolSection>
      <ToolSection id="keys-title" title="Your keys">
        <KeyList keys={keys} question={actionData?.revoke} />
      </ToolSection>
    </OwnerToolPage>
  );
}

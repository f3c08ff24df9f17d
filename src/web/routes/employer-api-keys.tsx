// /employer/api-keys: the company's keys for the posting API. An owner names a key, picks its
// scopes and sees the key once, right after making it; keys are listed with their last use and
// can be revoked. Works without JavaScript (plain form posts).
import { data, Form } from 'react-router';
import type { Route } from './+types/employer-api-keys';
import { API_KEY_SCOPES, type ApiKeyRow } from '../../shared/employer-services.ts';
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

const SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  'jobs:read': 'jobs:read — list your jobs',
  'jobs:write': 'jobs:write — create, update and close jobs',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, employer, company } = await companyContext(request, context);
  const { owner, rows } = await ownerOnly(company, () =>
    employer.apiKeys.list(account.id, company.id),
  );
  return data(
    {
      companyName: company.companyName,
      owner,
      keys: rows,
      docsUrl: '/api/docs',
    },
    { headers: PRIVATE_HEADERS },
  );
}

type ActionData = {
  errors: Record<string, string>;
  message?: string;
  /** The new key, shown this once. */
  created?: { key: string; name: string };
  values?: { name: string; scopes: string[] };
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
    return data<ActionData>(
      {
        errors: {},
        message: `Key "${result.value.row.name}" made. Copy it now: it is not shown again.`,
        created: { key: result.value.key, name: result.value.row.name },
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (intent === 'revoke') {
    const result = await keys.revoke(account.id, company.id, idFrom(text('id')));
    if (!result.ok) throwUnlessShown(result);
    return data<ActionData>(
      { errors: {}, message: 'Key revoked: it no longer works.' },
      { headers: PRIVATE_HEADERS },
    );
  }
  throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'API keys', noindex: true });

function NewKey({ created }: { created: { key: string; name: string } }) {
  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-card border-success bg-success-soft mb-6 border p-4"
    >
      <h2 id="new-key-title" className="text-base font-semibold">
        Your new key “{created.name}”
      </h2>
      <p role="status" className="mt-1 text-sm">
        Copy it now and keep it somewhere safe: we keep only a fingerprint of it and cannot show it
        again.
      </p>
      <label htmlFor="new-key" className="sr-only">
        API key
      </label>
      <input
        id="new-key"
        readOnly
        value={created.key}
        className={`${inputClass} mt-2 font-mono`}
        onFocus={(e) => e.currentTarget.select()}
      />
    </section>
  );
}

function KeyList({ keys }: { keys: ApiKeyRow[] }) {
  if (keys.length === 0) return <p className="text-muted">No keys yet.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {keys.map((key) => (
        <li key={key.id} className="border-line bg-surface-raised rounded-card border p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold break-all">{key.name}</h3>
            <span className="rounded-full border px-2 py-0.5 text-xs font-semibold">
              {key.revokedAt ? 'Revoked' : 'Active'}
            </span>
          </div>
          <dl className="text-muted mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="inline">Key: </dt>
              <dd className="inline font-mono">{key.prefix}…</dd>
            </div>
            <div>
              <dt className="inline">Scopes: </dt>
              <dd className="inline">{key.scopes.join(', ')}</dd>
            </div>
            <div>
              <dt className="inline">Made: </dt>
              <dd className="inline">{formatDate(key.createdAt)}</dd>
            </div>
            <div>
              <dt className="inline">Last used: </dt>
              <dd className="inline">{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'never'}</dd>
            </div>
            {key.revokedAt && (
              <div>
                <dt className="inline">Revoked: </dt>
                <dd className="inline">{formatDate(key.revokedAt)}</dd>
              </div>
            )}
          </dl>
          {!key.revokedAt && (
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
  );
}

export default function EmployerApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { companyName, owner, keys, docsUrl } = loaderData;
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
          actionData?.created ? (
            <NewKey created={actionData.created} />
          ) : (
            actionData?.message && <StatusNote>{actionData.message}</StatusNote>
          )
        }
      >
        <ErrorSummary errors={errors} />
        <Form method="post" className="mt-4 flex flex-col gap-4">
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
        <KeyList keys={keys} />
      </ToolSection>
    </OwnerToolPage>
  );
}

// /employer/job-sources: a company's owners connect the public job board of their applicant-
// tracking system (read hourly by the ATS sync), see each board's last sync, its result and error,
// sync it now, or disconnect it — keeping its jobs open or closing them. Works without JavaScript.
import { useRef, useState, useSyncExternalStore } from 'react';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/employer-job-sources';
import type {
  HeldPosting,
  JobSourceRow,
  JobSourcesService,
  SyncOutcome,
} from '../../shared/job-source-services.ts';
import { InlineQuestion } from '../features/employer/inline-question.tsx';
import { Button } from '../components/button.tsx';
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
import { formatDate, formatRelative } from '../lib/format.ts';
import { formText } from '../lib/form-text.ts';
import { employerJobSources } from '../lib/owner-path-list.ts';
import { paths } from '../lib/paths.ts';

function jobSourcesOf(context: Route.LoaderArgs['context']): JobSourcesService {
  const service = (context as { jobSources?: JobSourcesService }).jobSources;
  if (!service) throw new Error('The load context has no job sources service (app.ts)');
  return service;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, company } = await companyContext(request, context);
  const sources = jobSourcesOf(context);
  const { owner, rows } = await ownerOnly(company, () => sources.list(account.id, company.id));
  return data(
    {
      companyName: company.companyName,
      companyVerified: company.verified,
      owner,
      options: sources.sources(),
      connections: rows,
      now: Date.now(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

type ActionData = {
  errors: Record<string, string>;
  /** The connection whose Disconnect that closes its jobs asks first. */
  confirmDisconnect?: number;
  message?: string;
  failed?: boolean;
  values?: { source: string; boardId: string };
};

/** The postings held for our review, each with what we could not place. */
const holdsText = (holds: HeldPosting[]) =>
  holds.map((h) => `“${h.title}” (${h.reason})`).join('; ');

/**
 * What a sync did, in one sentence: each posting counted once, as what happened to it ("added"
 * went live; the others wait for our review, and a held one says why).
 */
export function outcomeText(outcome: SyncOutcome, label: string): string {
  if (!outcome.ok) return `We could not read ${label}: ${outcome.error}. No job was changed.`;
  const s = outcome.summary;
  const parts = [
    `${s.added} added`,
    s.waiting ? `${s.waiting} waiting for our review (until your company is verified)` : '',
    `${s.updated} updated`,
    s.reopened ? `${s.reopened} reopened` : '',
    s.closed ? `${s.closed} closed (gone from your board for 48 hours)` : '',
    s.held ? `${s.held} held for our review` : '',
    s.failed ? `${s.failed} could not be saved` : '',
  ].filter(Boolean);
  const found = `Found ${s.found} ${s.found === 1 ? 'posting' : 'postings'} on ${label}: ${parts.join(', ')}.`;
  const held =
    s.holds && s.holds.length > 0
      ? ` Held because we could not place them: ${holdsText(s.holds)}. Correct them on your board (the next sync brings the change) or on the job's page here.`
      : '';
  const empty =
    s.found === 0
      ? ' The board lists no postings right now: if it should, check that the system and the board name match your job board’s address.'
      : '';
  return `${found}${held}${empty}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account, company } = await companyContext(request, context);
  const sources = jobSourcesOf(context);
  const form = await request.formData();
  const text = formText(form);
  const intent = text('intent');
  if (intent === 'connect') {
    const values = { source: text('source'), boardId: text('boardId').slice(0, 300) };
    const result = await sources.connect(account.id, company.id, values);
    if (!result.ok) {
      if (result.reason !== 'invalid') throwUnlessShown(result);
      return data<ActionData>(
        { errors: fieldErrorsOf(result, 'boardId'), values },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    }
    const { source, boardId, outcome } = result.value;
    const option = sources.sources().find((o) => o.name === source);
    return data<ActionData>(
      {
        errors: {},
        message: `Connected. ${outcomeText(outcome, `${option?.label ?? source} board "${boardId}"`)}`,
        // An empty board connects, but is worth a second look: it may be the wrong name.
        failed: !outcome.ok || outcome.summary.found === 0,
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (intent === 'sync') {
    const result = await sources.syncNow(account.id, idFrom(text('id')));
    if (!result.ok) throwUnlessShown(result);
    return data<ActionData>(
      {
        errors: {},
        message: outcomeText(result.value, 'your board'),
        failed: !result.value.ok || result.value.summary.found === 0,
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (intent === 'disconnect') {
    const id = idFrom(text('id'));
    const jobs = text('jobs');
    if (jobs !== 'keep' && jobs !== 'close')
      return data<ActionData>(
        {
          errors: {
            [`jobs-${id}`]: 'Choose what happens to its jobs: keep them open or close them',
          },
        },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    // Closing takes the board's jobs off the board at once: the first press asks, naming how many,
    // as closing one job does, and only the question's own button (confirm=yes) disconnects.
    if (jobs === 'close' && text('confirm') !== 'yes')
      return data<ActionData>({ errors: {}, confirmDisconnect: id }, { headers: PRIVATE_HEADERS });
    const result = await sources.disconnect(account.id, id, jobs);
    if (!result.ok) throwUnlessShown(result);
    return data<ActionData>(
      {
        errors: {},
        message:
          jobs === 'close'
            ? `Disconnected; ${result.value.closed} ${result.value.closed === 1 ? 'job' : 'jobs'} closed.`
            : 'Disconnected; its jobs stay open as your own and are no longer synced.',
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Job sources', noindex: true });

const STATUS_TEXT: Record<JobSourceRow['status'], string> = {
  never: 'Not synced yet',
  ok: 'Last sync succeeded',
  failed: 'Last sync failed',
};

function When({ iso, now }: { iso: string | null; now: number }) {
  if (!iso) return <>never</>;
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {formatRelative(iso, now)}
    </time>
  );
}

const jobsCount = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** What disconnecting a board and closing its jobs does, with how many jobs it closes. */
export function disconnectQuestion(row: Pick<JobSourceRow, 'liveJobs' | 'reviewJobs'>): string {
  const live = row.liveJobs;
  const review = row.reviewJobs;
  if (live + review === 0) return 'It has no open jobs, so none is closed.';
  const leave =
    live === 0
      ? ''
      : live === 1
        ? 'Its 1 live job leaves the board at once and its page says it is no longer active.'
        : `Its ${live} live jobs leave the board at once and their pages say they are no longer active.`;
  const waiting =
    review === 0
      ? ''
      : `${review === 1 ? 'The 1 job' : `The ${review} jobs`} waiting for our review ${review === 1 ? 'is' : 'are'} closed too.`;
  return [leave, waiting].filter(Boolean).join(' ');
}

/**
 * Disconnect that closes the board's jobs, asked first: how many close, the button that does it,
 * and the way back. With JavaScript, Escape or Keep it connected puts the question away and the
 * focus back on Disconnect (`onDismiss`); without, Keep it connected loads the page again.
 */
function DisconnectQuestion({ row, onDismiss }: { row: JobSourceRow; onDismiss: () => void }) {
  const name = `${row.sourceLabel} · ${row.boardId}`;
  const closing = row.liveJobs + row.reviewJobs;
  return (
    <InlineQuestion
      id={`disconnect-question-${row.id}`}
      mark={{ 'data-disconnect-question': row.id }}
      question={`Disconnect ${name} and close its jobs now? ${disconnectQuestion(row)}`}
      dismissTo={employerJobSources}
      dismiss={{ text: 'Keep it connected', label: `Keep it connected: ${name}` }}
      onDismiss={onDismiss}
    >
      <Form method="post" className="inline">
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="jobs" value="close" />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="disconnect" size="sm">
          {closing === 0 ? 'Disconnect' : `Disconnect and close ${jobsCount(closing)}`}
        </Button>
      </Form>
    </InlineQuestion>
  );
}

function Connection({
  row,
  now,
  errors,
  asking,
}: {
  row: JobSourceRow;
  now: number;
  errors: Record<string, string>;
  /** The answer to Disconnect with "close now" pressed, which asks; null when not asked. */
  asking: object | null;
}) {
  // The answer whose question was put away (Escape, Keep it connected): a new press of Disconnect
  // is a new answer, so it asks again.
  const [dismissed, setDismissed] = useState<object | null>(null);
  const disconnect = useRef<HTMLButtonElement>(null);
  const jobsError = errors[`jobs-${row.id}`];
  const s = row.summary;
  return (
    <li className="border-line bg-surface-raised rounded-card border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-all">
          {row.sourceLabel} · {row.boardId}
        </h3>
        <span
          className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${row.status === 'failed' ? 'border-danger text-danger' : ''}`}
        >
          {STATUS_TEXT[row.status]}
        </span>
      </div>
      <dl className="text-muted mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline">Last sync: </dt>
          <dd className="inline">
            <When iso={row.lastCrawlFinishedAt} now={now} />
          </dd>
        </div>
        <div>
          <dt className="inline">Last successful sync: </dt>
          <dd className="inline">
            <When iso={row.lastSuccessAt} now={now} />
          </dd>
        </div>
        <div>
          <dt className="inline">Postings on the board: </dt>
          <dd className="inline">{row.jobsSeen}</dd>
        </div>
        <div>
          <dt className="inline">Live jobs from it: </dt>
          <dd className="inline">{row.liveJobs}</dd>
        </div>
        <div>
          <dt className="inline">Waiting for our review: </dt>
          <dd className="inline">{row.reviewJobs}</dd>
        </div>
        {s && (
          <div className="sm:col-span-2">
            <dt className="inline">Last result: </dt>
            <dd className="inline">
              {s.added} added
              {s.waiting ? `, ${s.waiting} waiting for review` : ''}, {s.updated} updated,{' '}
              {s.reopened} reopened, {s.closed} closed, {s.held} held for review
              {s.failed ? `, ${s.failed} not saved` : ''}
            </dd>
          </div>
        )}
      </dl>
      {row.held.length > 0 && (
        <div className="mt-2 text-sm" data-held-jobs={row.id}>
          <p className="text-warning font-medium">
            Held for our review because we could not place them. Until corrected, the city or role
            shown is a stand-in, not the job’s own; correct it on your {row.sourceLabel} board (the
            next sync brings it) or here:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {row.held.map((h) => (
              <li key={h.jobId}>
                <Link className="underline" to={paths.employerJobEdit(h.jobId)}>
                  {h.title}
                </Link>
                : {h.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {row.status === 'failed' && row.lastError && (
        <p className="text-danger mt-2 text-sm font-medium">
          Error: {row.lastError}. No job was changed by that sync.
        </p>
      )}
      {s && s.errors.length > 0 && (
        <ul className="text-danger mt-2 list-disc pl-5 text-sm">
          {s.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-start gap-4">
        <Form method="post">
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" name="intent" value="sync" variant="secondary" size="sm">
            Sync now
          </Button>
        </Form>
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="id" value={row.id} />
          <fieldset
            aria-describedby={jobsError ? `field-jobs-${row.id}-error` : undefined}
            className="text-sm"
          >
            <legend className="font-medium">When disconnected, its jobs:</legend>
            <label className="mt-1 flex items-center gap-2">
              <input type="radio" name="jobs" value="keep" required /> stay open as your own
            </label>
            <label className="mt-1 flex items-center gap-2">
              <input type="radio" name="jobs" value="close" /> close now
            </label>
          </fieldset>
          {jobsError && (
            <p id={`field-jobs-${row.id}-error`} className="text-danger text-sm font-medium">
              {jobsError}
            </p>
          )}
          <Button
            ref={disconnect}
            type="submit"
            name="intent"
            value="disconnect"
            variant="ghost"
            size="sm"
          >
            Disconnect {row.sourceLabel} · {row.boardId}
          </Button>
        </Form>
        {asking !== null && dismissed !== asking && (
          <DisconnectQuestion
            row={row}
            onDismiss={() => {
              setDismissed(asking);
              disconnect.current?.focus();
            }}
          />
        )}
      </div>
    </li>
  );
}

const noSubscription = () => () => {};

export default function EmployerJobSources({ loaderData, actionData }: Route.ComponentProps) {
  const { companyName, companyVerified, owner, options, connections, now } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  // With JavaScript, the hint follows the chosen system (a short one until then); without, the
  // systems' hints are listed one by one under the box.
  const [chosen, setChosen] = useState(values?.source ?? '');
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const option = options.find((o) => o.name === chosen);
  const hint = option
    ? `${option.boardHint} Or paste the address of your ${option.label} job board.`
    : scripted
      ? 'Choose your system first: this then says where to find the board name. Or paste the address of your job board.'
      : 'Where to find it on each system is listed below. Or paste the address of your job board.';
  return (
    <OwnerToolPage
      companyName={companyName}
      title="Job sources"
      lead="Connect the public job board of your applicant-tracking system: we read it every hour, add new jobs, update changed ones and close the ones you take down."
      owner={owner}
      ownersCan="connect and disconnect job sources"
    >
      <ToolSection
        id="connect-title"
        title="Connect a board"
        notice={
          actionData?.message && (
            <StatusNote failed={actionData.failed}>{actionData.message}</StatusNote>
          )
        }
        lead={
          <>
            We read the board first and tell you how many postings we found.{' '}
            {companyVerified
              ? 'Your company is verified: its jobs go live at once.'
              : 'Until your company is verified, new jobs wait for our review.'}{' '}
            A posting we cannot place (an unknown city, no title) waits for our review with the
            reason.
          </>
        }
      >
        <ErrorSummary errors={errors} />
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <Field name="source" label="System" errors={errors}>
            {(aria) => (
              <select
                {...aria}
                defaultValue={values?.source ?? ''}
                onChange={(e) => setChosen(e.currentTarget.value)}
                required
                className={inputClass}
              >
                <option value="" disabled>
                  Choose your system
                </option>
                {options.map((o) => (
                  <option key={o.name} value={o.name}>
                    {o.label} ({o.boardLabel.toLowerCase()})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="boardId" label="Board name" errors={errors} hint={hint}>
            {(aria) => (
              <input
                {...aria}
                defaultValue={values?.boardId ?? ''}
                maxLength={300}
                required
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
          {!option && !scripted && (
            <ul className="text-muted -mt-2 flex flex-col gap-1 text-sm" data-board-hints>
              {options.map((o) => (
                <li key={o.name}>
                  <span className="text-fg font-medium">{o.label}:</span> {o.boardHint}
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button type="submit" name="intent" value="connect">
              Connect and read the board
            </Button>
          </div>
        </Form>
      </ToolSection>
      <ToolSection id="connections-title" title="Connected boards">
        {connections.length === 0 ? (
          <p className="text-muted">No board connected yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {connections.map((row) => (
              <Connection
                key={row.id}
                row={row}
                now={now}
                errors={errors}
                asking={actionData?.confirmDisconnect === row.id ? actionData : null}
              />
            ))}
          </ul>
        )}
      </ToolSection>
    </OwnerToolPage>
  );
}

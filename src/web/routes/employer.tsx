// /employer: the company's jobs and drafts with status, views, posted and closing dates, a status
// filter and the actions per job; an account without a company creates one or asks to join.
import { data, Form, Link, redirect, useLocation } from 'react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Route } from './+types/employer';
import {
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  type JobStatus,
} from '../../shared/contract/employer-jobs.ts';
import type { EmployerJobRow } from '../../shared/employer-services.ts';
import type { FailedSync, JobSourcesService } from '../../shared/job-source-services.ts';
import { InlineQuestion } from '../features/employer/inline-question.tsx';
import { Button, buttonClasses } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { CompanyForm } from '../features/employer/company-form.tsx';
import { doneMessage, doneSearch, withoutDone } from '../features/employer/dashboard-done.ts';
import { SuspendedNotice } from '../features/employer/suspended-notice.tsx';
import { hiddenNote } from '../features/employer/hidden-words.ts';
import {
  currentCompany,
  employerContext,
  idFrom,
  PRIVATE_HEADERS,
  privateHeaders,
  throwUnlessShown,
} from '../features/employer/employer.server.ts';
import { inputClass, ItemButton } from '../components/fields.tsx';
import { formatDate, formatRelative } from '../lib/format.ts';
import { formText } from '../lib/form-text.ts';
import { Notice } from '../features/employer/notice.tsx';
import { ToolSection } from '../features/employer/owner-tool-page.tsx';
import { paths } from '../lib/paths.ts';

const isStatus = (v: string | null): v is JobStatus =>
  v !== null && (JOB_STATUSES as readonly string[]).includes(v);

/**
 * A done action's answer: a redirect to the dashboard it was posted from, saying what was done
 * (dashboard-done.ts), so that a reload shows the page again rather than posting again.
 */
const doneRedirect = (request: Request, done: string, item: number) =>
  redirect(`${paths.employer}${doneSearch(new URL(request.url).search, done, item)}`, {
    headers: PRIVATE_HEADERS,
  });

/** A refused action's answer: the page again, with why on top. */
const refused = (message: string) =>
  data({ errors: {}, values: {}, message }, { status: 409, headers: PRIVATE_HEADERS });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, employer } = employerContext(request, context);
  const url = new URL(request.url);
  const { companies, company } = await currentCompany(employer, account.id, request);
  const status = url.searchParams.get('status');
  const joinQuery = (url.searchParams.get('join') ?? '').slice(0, 100);
  const matches = !company && joinQuery ? await employer.companies.search(joinQuery) : [];
  const jobs = company
    ? await employer.jobs.list(account.id, company.id, isStatus(status) ? status : undefined)
    : null;
  if (jobs && !jobs.ok) throwUnlessShown(jobs);
  // A board whose last sync failed: its error and time, for every member (README, job sources).
  const sources = (context as { jobSources?: JobSourcesService }).jobSources;
  const failed = company && sources ? await sources.failures(account.id, company.id) : null;
  // A company just left (employer-company.tsx): named only when the account did leave it.
  const leftItem = url.searchParams.get('item') ?? '';
  const left =
    url.searchParams.get('done') === 'left' && /^\d{1,9}$/.test(leftItem)
      ? await employer.companies.formerCompany(account.id, Number(leftItem))
      : null;
  return data(
    {
      account: { name: account.name, emailVerified: account.emailVerified },
      companies,
      company,
      jobs: jobs?.ok ? jobs.value : [],
      failedSyncs: failed?.ok ? failed.value : [],
      now: Date.now(),
      status: isStatus(status) ? status : null,
      done: url.searchParams.get('done'),
      item: /^\d{1,9}$/.test(url.searchParams.get('item') ?? '')
        ? Number(url.searchParams.get('item'))
        : null,
      joinQuery,
      matches,
      left,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account, employer } = employerContext(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const field = formText(form);
  if (intent === 'create-company') {
    const values = {
      companyName: field('companyName'),
      companyWebsite: field('companyWebsite'),
      companyLocation: field('companyLocation'),
      companyOverview: field('companyOverview'),
    };
    const result = await employer.companies.create(account, values);
    // Refused: the form again as typed, each error at its field (the form's summary links to
    // them); the page's status line, beside the join search, does not say it a second time. A
    // refused name is searched for to join (most often it is on the board already), so the
    // company's Ask to join button is at hand.
    if (!result.ok) {
      const taken = result.fieldErrors?.companyName !== undefined && values.companyName !== '';
      return data(
        {
          errors: result.fieldErrors ?? {},
          values,
          message: result.fieldErrors ? undefined : result.message,
          join: taken
            ? {
                query: values.companyName,
                matches: await employer.companies.search(values.companyName),
              }
            : undefined,
        },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    }
    throw redirect(`${paths.employerCompany}?done=created`, { headers: PRIVATE_HEADERS });
  }
  if (intent === 'request-join') {
    const companyId = idFrom(field('companyId'));
    const result = await employer.companies.requestJoin(account.id, companyId);
    if (result.ok) throw doneRedirect(request, 'join-requested', companyId);
    if (result.reason !== 'conflict') throwUnlessShown(result);
    return refused(result.message);
  }
  const id = idFrom(field('id'));
  // A job closed because its apply link failed: check the link now, or reopen it (checked too).
  if (intent === 'check-link' || intent === 'reopen') {
    const done =
      intent === 'check-link'
        ? await employer.linkRecovery.check(account.id, id)
        : await employer.linkRecovery.reopen(account.id, id);
    if (!done.ok) {
      if (done.reason !== 'conflict') throwUnlessShown(done);
      return refused(done.message);
    }
    const what =
      'works' in done.value
        ? done.value.works
          ? 'link-works'
          : 'link-fails'
        : `reopened-${done.value.status}`;
    throw doneRedirect(request, what, id);
  }
  // Closing takes a live job off the board at once: the first press asks, and only the question's
  // own button (confirm=yes) closes. The question is asked only about the company's own job.
  if (intent === 'close' && field('confirm') !== 'yes') {
    const own = await employer.jobs.form(account.id, { jobId: id });
    if (!own.ok) throwUnlessShown(own);
    return data(
      { errors: {}, values: {}, message: undefined, confirmClose: id },
      { headers: PRIVATE_HEADERS },
    );
  }
  // Discarding a draft deletes what it holds for good: the first press asks, as Close does, and
  // only the question's own button (confirm=yes) discards. Asked only about the company's own.
  if (intent === 'discard' && field('confirm') !== 'yes') {
    const own = await employer.jobs.form(account.id, { draftId: id });
    if (!own.ok) throwUnlessShown(own);
    return data(
      { errors: {}, values: {}, message: undefined, confirmDiscard: id },
      { headers: PRIVATE_HEADERS },
    );
  }
  const result =
    intent === 'close'
      ? await employer.jobs.close(account.id, id)
      : intent === 'duplicate'
        ? await employer.jobs.duplicate(account.id, id)
        : intent === 'repost'
          ? await employer.jobs.repost(account.id, id)
          : intent === 'discard'
            ? await employer.jobs.discardDraft(account.id, id)
            : null;
  if (result === null)
    throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
  if (!result.ok) {
    if (result.reason === 'conflict') return refused(result.message);
    throwUnlessShown(result);
  }
  const value = result.value as { draftId?: number } | null;
  if (value && typeof value.draftId === 'number')
    throw redirect(paths.employerDraft(value.draftId), { headers: PRIVATE_HEADERS });
  throw doneRedirect(request, intent === 'close' ? 'closed' : 'discarded', id);
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Employer dashboard', noindex: true });

/** The closed reason of a job whose apply link failed twice (apply-link-check.ts). */
const LINK_CLOSED = 'apply link not working';
/** A check's answer that means the link works (2xx or 3xx). */
const linkWorks = (result: string | null | undefined) =>
  result != null && /^[23]\d\d$/.test(result);

/** What an employer is told of a job our team closed (moderation.service.ts), by its reason. */
const CLOSED_BY_US: Record<string, string> = {
  'unpublished by an operator': 'Closed by our team.',
  'removed by an operator after reports': 'Closed by our team after visitors reported it.',
};

/** The badge a job shows: a live job our team hid is not live to anyone. */
const badgeOf = (job: EmployerJobRow) =>
  job.status === 'live' && job.hiddenReason !== null ? 'Hidden' : JOB_STATUS_LABELS[job.status];

/**
 * Where the dashboard's forms post: this address without the word on the last action, so that a
 * question or a refusal does not show under an old "Job closed.", and a done one keeps the filter.
 */
function usePostTarget() {
  const { pathname, search } = useLocation();
  return `${pathname}${withoutDone(search)}`;
}

/**
 * A job's actions. A suspended company's jobs can be previewed and closed only: the jobs service
 * refuses to publish anything for it (new, edited, duplicated or reposted, or a link reopened).
 */
function JobActions({
  job,
  suspended,
  asking,
  dismissed,
  onDismiss,
}: {
  job: EmployerJobRow;
  suspended: boolean;
  /** The Close button (a draft's Discard) was pressed: ask before closing (discarding). */
  asking: boolean;
  /** Its question was dismissed: the focus goes back to the button that asked. */
  dismissed: boolean;
  onDismiss: () => void;
}) {
  const actions = useRef<HTMLDivElement>(null);
  const target = usePostTarget();
  useEffect(() => {
    if (!dismissed) return;
    const asked = job.kind === 'draft' ? 'discard' : 'close';
    actions.current
      ?.querySelector<HTMLElement>(`:scope > form > button[value="${asked}"]`)
      ?.focus();
  }, [dismissed, job.kind]);
  const small = buttonClasses('secondary', 'sm');
  const post = (intent: string, label: string) => (
    <Form method="post" action={target} className="inline">
      <input type="hidden" name="id" value={job.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={small}
        aria-label={`${label}: ${job.title}`}
      >
        {label}
      </button>
    </Form>
  );
  const link = (to: string, label: string) => (
    <Link to={to} className={small} aria-label={`${label}: ${job.title}`}>
      {label}
    </Link>
  );
  if (job.kind === 'draft') {
    return (
      <div ref={actions} className="flex flex-wrap gap-2">
        {!suspended && link(paths.employerDraft(job.id), 'Edit')}
        {link(paths.employerDraftPreview(job.id), 'Preview')}
        {!asking && post('discard', 'Discard')}
        {asking && <JobQuestion intent="discard" job={job} onDismiss={onDismiss} />}
      </div>
    );
  }
  const open = job.status === 'live' || job.status === 'in_review';
  const ended = job.status === 'closed' || job.status === 'expired';
  return (
    <div ref={actions} className="flex flex-wrap gap-2">
      {!suspended && link(paths.employerJobEdit(job.id), 'Edit')}
      {link(paths.employerJobPreview(job.id), 'Preview')}
      {!suspended && post('duplicate', 'Duplicate')}
      {open && !asking && post('close', 'Close')}
      {!suspended && job.status === 'closed' && job.closedReason === LINK_CLOSED && (
        <>
          {post('check-link', 'Check the link again')}
          {post('reopen', 'Reopen')}
        </>
      )}
      {!suspended && ended && post('repost', 'Repost')}
      {open && asking && <JobQuestion intent="close" job={job} onDismiss={onDismiss} />}
    </div>
  );
}

/**
 * What closing does to the job, by where it is: a job waiting for its first review was never on
 * the board, one back in review or hidden by our team is off it already, a live one leaves it.
 */
function closeQuestion(job: EmployerJobRow) {
  const what =
    job.status === 'in_review'
      ? job.hasBeenLive
        ? 'It is off the board while it waits for our review, and it will not come back.'
        : 'It is waiting for our review, and it will not be published.'
      : job.hiddenReason !== null
        ? 'It is off the board already, and it will not come back.'
        : 'It leaves the board at once and its page says it is no longer active.';
  return `Close “${job.title}”? ${what} You can repost it later.`;
}

/** What each asked action of a job's row says and sends (JobQuestion). */
const QUESTIONS = {
  close: {
    question: closeQuestion,
    keep: 'Keep it open',
    act: 'Close the job',
  },
  discard: {
    question: (job: EmployerJobRow) =>
      `Discard the draft “${job.title}”? What it holds is deleted and cannot be brought back.`,
    keep: 'Keep the draft',
    act: 'Discard the draft',
  },
} as const;

/**
 * Close or Discard, asked first: what it does, the button that does it, and the way back. With
 * JavaScript, Escape or the way back (Keep it open, Keep the draft) puts the asking button back,
 * focused, where the question was (`onDismiss`); without, it loads the dashboard again. A
 * discarded draft and what it holds are deleted for good.
 */
function JobQuestion({
  intent,
  job,
  onDismiss,
}: {
  intent: keyof typeof QUESTIONS;
  job: EmployerJobRow;
  onDismiss: () => void;
}) {
  const target = usePostTarget();
  const { question, keep, act } = QUESTIONS[intent];
  return (
    <InlineQuestion
      id={`${intent}-question-${job.id}`}
      mark={{ [`data-${intent}-question`]: job.id }}
      question={question(job)}
      dismissTo={paths.employer}
      dismiss={{ text: keep, label: `${keep}: ${job.title}` }}
      onDismiss={onDismiss}
    >
      <Form method="post" action={target} className="inline">
        <input type="hidden" name="id" value={job.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          name="intent"
          value={intent}
          className={buttonClasses('primary', 'sm')}
          aria-label={`${act}: ${job.title}`}
        >
          {act}
        </button>
      </Form>
    </InlineQuestion>
  );
}

/**
 * When the job closes, or for a job off the board for good, when it closed: a closed job's day
 * of closing (its closing date was never reached), an expired one's closing date.
 */
function ClosingDate({ job }: { job: EmployerJobRow }) {
  const ended = job.status === 'closed' || job.status === 'expired';
  const date = job.status === 'closed' ? (job.closedAt ?? null) : job.closingDate;
  return (
    <>
      <dt className="inline">{ended ? 'Closed' : 'Closes'}: </dt>
      <dd className="inline">{date ? formatDate(date) : '—'}</dd>
    </>
  );
}

/** Why our team hid or closed a job, or why it was rejected; nothing for the company's own. */
function TeamNote({ job }: { job: EmployerJobRow }) {
  const hidden = job.hiddenReason;
  const closed =
    job.status === 'closed' && job.closedReason ? CLOSED_BY_US[job.closedReason] : null;
  if (hidden !== null) {
    return (
      <p className="text-warning mt-1 text-sm" data-hidden={job.id}>
        {hiddenNote(hidden)}
      </p>
    );
  }
  if (closed) {
    return (
      <p className="text-danger mt-1 text-sm" data-closed-by-us={job.id}>
        {closed}{' '}
        <Link to={paths.contact} className="underline">
          Contact us
        </Link>{' '}
        if you think this is a mistake.
      </p>
    );
  }
  if (!job.rejectionReason) return null;
  return <p className="text-danger mt-1 text-sm">Rejected: {job.rejectionReason}</p>;
}

/**
 * Where a job comes from when a connected board syncs it: the board's next change to the posting
 * replaces the job here. While it waits for review, why the sync held it.
 */
function BoardNote({ job }: { job: EmployerJobRow }) {
  if (!job.fromBoard) return null;
  const { system, board } = job.fromBoard;
  return (
    <>
      {job.heldReason && (
        <p className="text-warning mt-1 text-sm" data-held={job.id}>
          Held for our review: {job.heldReason}. Until corrected, what we could not place is a
          stand-in; correct it on your {system} board or here.
        </p>
      )}
      <p className="text-muted mt-1 text-xs">
        From your {system} board “{board}”: it is synced hourly, and a change there replaces this
        job.
      </p>
    </>
  );
}

/** Boards whose last sync failed: nothing of theirs changed, and they are read again hourly. */
function FailedSyncs({ rows, now }: { rows: FailedSync[]; now: number }) {
  if (rows.length === 0) return null;
  return (
    <Notice
      id="failed-syncs-title"
      tone="danger"
      title={rows.length === 1 ? 'A job source could not be read' : 'Job sources could not be read'}
      data-failed-syncs
    >
      <ul className="mt-1">
        {rows.map((r) => (
          <li key={`${r.sourceLabel}-${r.boardId}`}>
            {r.sourceLabel} · {r.boardId}: {r.error}
            {r.at && (
              <>
                {' '}
                (
                <time dateTime={r.at} title={formatDate(r.at)}>
                  {formatRelative(r.at, now)}
                </time>
                )
              </>
            )}
            . No job was changed by that sync.
          </li>
        ))}
      </ul>
      <p className="mt-1">
        <Link to={paths.employerJobSources} className="underline">
          Job sources
        </Link>{' '}
        shows each board and syncs it again.
      </p>
    </Notice>
  );
}

function JobsTable({
  jobs,
  suspended,
  confirmClose,
  confirmDiscard,
  dismissed,
  onDismiss,
}: {
  jobs: EmployerJobRow[];
  suspended: boolean;
  /** The job whose Close was pressed, asked about before it is closed. */
  confirmClose: number | null;
  /** The draft whose Discard was pressed, asked about before it is discarded. */
  confirmDiscard: number | null;
  /** The job (or draft, by `kind`) whose question was dismissed. */
  dismissed: { kind: 'job' | 'draft'; id: number } | null;
  onDismiss: () => void;
}) {
  if (jobs.length === 0) return <p className="text-muted mt-6">No jobs here yet.</p>;
  return (
    <ul className="mt-6 flex flex-col gap-3">
      {jobs.map((job) => (
        <li
          key={`${job.kind}-${job.id}`}
          className="border-line bg-surface-raised rounded-card border p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-base font-semibold">
              {job.status === 'live' && job.pageUrl && job.hiddenReason === null ? (
                <Link className="underline" to={paths.job(job.pageUrl)}>
                  {job.title}
                </Link>
              ) : (
                job.title
              )}
            </h3>
            <span className="rounded-full border px-2 py-0.5 text-xs font-semibold">
              {badgeOf(job)}
            </span>
          </div>
          <TeamNote job={job} />
          <BoardNote job={job} />
          {job.status === 'closed' && job.closedReason === LINK_CLOSED && (
            <p className="mt-1 text-sm" data-link-closed={job.id}>
              {linkWorks(job.applyLinkResult) ? (
                <>Closed because its apply link did not work; the link works again now.</>
              ) : (
                <span className="text-danger">
                  Closed because its apply link did not work
                  {job.applyLinkResult ? ` (the last answer: ${job.applyLinkResult})` : ''}.
                </span>
              )}
            </p>
          )}
          <dl className="text-muted mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="inline">Views: </dt>
              <dd className="inline">{job.views}</dd>
            </div>
            <div>
              {/* A job never on the board (waiting for review, refused, or closed before either)
                  was sent to us but never posted. */}
              <dt className="inline">{job.hasBeenLive ? 'Posted' : 'Submitted'}: </dt>
              <dd className="inline">{job.postedAt ? formatDate(job.postedAt) : '—'}</dd>
            </div>
            <div>
              <ClosingDate job={job} />
            </div>
            {job.reposts > 0 && job.historySince && (
              <div>
                <dt className="sr-only">History: </dt>
                <dd className="inline">
                  Reposted {job.reposts} {job.reposts === 1 ? 'time' : 'times'} since{' '}
                  {formatDate(job.historySince)}
                </dd>
              </div>
            )}
          </dl>
          {job.hasDraft && job.kind === 'job' && (
            <p className="text-muted mt-1 text-xs">Has unsaved changes.</p>
          )}
          <div className="mt-3">
            <JobActions
              job={job}
              suspended={suspended}
              asking={job.id === (job.kind === 'job' ? confirmClose : confirmDiscard)}
              dismissed={dismissed?.kind === job.kind && dismissed.id === job.id}
              onDismiss={onDismiss}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The answer to the last post: a refusal, or the word on what was done (a job closed, a draft
 * discarded, a link checked, a job submitted), which a done post's redirect puts in the address.
 * It takes the focus whenever a new `answer` comes (null: a post answered by a question, which
 * takes the focus itself), as an account page's FormMessage does: the button pressed often went
 * with the post (Close the job, Discard), which dropped the focus to the page, so a keyboard user
 * started again at the top.
 */
function DashboardStatus({ answer, children }: { answer: unknown; children: ReactNode }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer) box.current?.focus();
  }, [answer]);
  return (
    <p
      ref={box}
      role="status"
      // Focusable by script only.
      tabIndex={-1}
      className="border-line rounded-card mb-4 border p-3 text-sm outline-none"
    >
      {children}
    </p>
  );
}

export default function EmployerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { company, jobs, failedSyncs, now, status } = loaderData;
  const join = actionData && 'join' in actionData ? actionData.join : undefined;
  const { joinQuery, matches } = join
    ? { joinQuery: join.query, matches: join.matches }
    : loaderData;
  const message = actionData?.message;
  // An invitation accepted (invitation.tsx) names the company whose dashboard this is.
  const done =
    loaderData.done === 'joined'
      ? company && loaderData.item === company.id
        ? `You joined ${company.companyName}.`
        : null
      : loaderData.done === 'left'
        ? loaderData.left && `You left ${loaderData.left}.`
        : doneMessage(loaderData.done, loaderData.item, jobs);
  // Each redirect after a done post is a new visit, even to the same address (a link checked
  // twice): its key makes the word on it a new answer.
  const { key: visit } = useLocation();
  const target = usePostTarget();
  // The answer whose Close question was dismissed (Escape, Keep it open): a new press of Close
  // is a new answer, so it asks again.
  const [dismissedAnswer, setDismissedAnswer] = useState<unknown>(null);
  // The question a press of Close or of a draft's Discard answered with (each asks first).
  const asked =
    actionData && 'confirmClose' in actionData
      ? { kind: 'job' as const, id: actionData.confirmClose }
      : actionData && 'confirmDiscard' in actionData
        ? { kind: 'draft' as const, id: actionData.confirmDiscard }
        : null;
  const dismissed = asked !== null && dismissedAnswer === actionData;
  if (!company) {
    return (
      <>
        <PageHeader
          eyebrow="Employer"
          title="Post jobs for your company"
          lead="Create your company, or ask to join one that is already on Openings."
        />
        <Container className="grid gap-10 py-10 lg:grid-cols-2">
          <ToolSection id="create-title" title="Create your company">
            <CompanyForm
              values={(actionData?.values ?? {}) as Record<string, string>}
              errors={actionData?.errors ?? {}}
              intent="create-company"
              submitLabel="Create company"
            />
          </ToolSection>
          <ToolSection id="join-title" title="Ask to join a company">
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor="join" className="text-sm font-medium">
                  Company to join
                </label>
                <input
                  key={joinQuery}
                  id="join"
                  name="join"
                  defaultValue={joinQuery}
                  className={inputClass}
                />
              </div>
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </Form>
            {(message ?? done) && (
              <p role="status" className="mt-3 text-sm">
                {message ?? done}
              </p>
            )}
            {joinQuery && matches.length === 0 && (
              <p className="text-muted mt-3 text-sm">No company found by that name.</p>
            )}
            <ul className="mt-4 flex flex-col gap-2">
              {matches.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-2">
                  <span>{m.label}</span>
                  <Form method="post" action={target}>
                    <input type="hidden" name="companyId" value={m.id} />
                    <ItemButton
                      intent="request-join"
                      label="Ask to join"
                      item={m.label}
                      variant="secondary"
                    />
                  </Form>
                </li>
              ))}
            </ul>
          </ToolSection>
        </Container>
      </>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow={`Employer · ${company.companyName}${company.verified ? ' · verified' : ' · not verified yet'}`}
        title="Your jobs"
      >
        <div className="mt-6 flex flex-wrap gap-3">
          {!company.suspended && (
            <Link to={paths.employerJobNew} className={buttonClasses('primary')}>
              Post a job
            </Link>
          )}
          <Link to={paths.employerCompany} className={buttonClasses('secondary')}>
            Company and members
          </Link>
          <Link to={paths.employerApiKeys} className={buttonClasses('ghost')}>
            API keys
          </Link>
          <Link to={paths.employerJobSources} className={buttonClasses('ghost')}>
            Job sources
          </Link>
        </div>
      </PageHeader>
      <Container className="py-8">
        {company.suspended && <SuspendedNotice companyName={company.companyName} onDashboard />}
        <FailedSyncs rows={failedSyncs} now={now} />
        {(message ?? done) && (
          <DashboardStatus answer={actionData ? (message ? actionData : null) : visit}>
            {message ?? done}
          </DashboardStatus>
        )}
        <nav aria-label="Filter by status">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={paths.employer}
                aria-current={status === null ? 'page' : undefined}
                className={buttonClasses(status === null ? 'primary' : 'secondary', 'sm')}
              >
                All
              </Link>
            </li>
            {JOB_STATUSES.map((s) => (
              <li key={s}>
                <Link
                  to={paths.employerFiltered(s)}
                  aria-current={status === s ? 'page' : undefined}
                  className={buttonClasses(status === s ? 'primary' : 'secondary', 'sm')}
                >
                  {JOB_STATUS_LABELS[s]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <h2 className="sr-only">Jobs</h2>
        <JobsTable
          jobs={jobs}
          suspended={company.suspended}
          confirmClose={!dismissed && asked?.kind === 'job' ? asked.id : null}
          confirmDiscard={!dismissed && asked?.kind === 'draft' ? asked.id : null}
          dismissed={dismissed ? asked : null}
          onDismiss={() => setDismissedAnswer(actionData)}
        />
      </Container>
    </>
  );
}

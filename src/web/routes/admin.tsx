// /admin: the operators' console — figures, the review queue (approve, reject with a reason),
// reports, companies (verify, suspend, merge), any job (search, unpublish), maintenance and the
// audit log; it links to the city requests and the site details (support e-mail, social links).
// Every action is a plain form post, so it works without JavaScript: a refused one comes back to
// its form as typed, a done one back to the same searches.
import type { ReactNode } from 'react';
import { data, Form, Link, redirect, useLocation } from 'react-router';
import type { Route } from './+types/admin';
import { REPORT_REASONS, type ReportGroup } from '../../shared/operator-services.ts';
import { Button } from '../components/button.tsx';
import { Container, PageHeader, TitledSection } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  Intent,
  MergeForm,
  type ActionAnswer,
  type Offer,
  RefusalNotice,
  RejectForm,
  seenStatus,
} from '../features/admin/action-forms.tsx';
import { operatorContext } from '../features/admin/admin.server.ts';
import { FormMessage } from '../features/accounts/account-fields.tsx';
import { askFirst } from '../features/admin/questions.server.ts';
import { unpublishOffer } from '../features/admin/unpublish-offer.server.ts';
import {
  cancelledMessage,
  doneMessage,
  doneParams,
} from '../features/admin/done-message.server.ts';
import { revalidateAfterPost } from '../features/admin/revalidate.ts';
import { PRIVATE_HEADERS, privateHeaders } from '../features/employer/employer.server.ts';
import { inputClass } from '../components/fields.tsx';
import { formatDate } from '../lib/format.ts';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

/** The console's searches, by their names in the address, and how much of each is read. */
const SEARCHES = { company: 100, q: 200 } as const;
type Searches = Record<keyof typeof SEARCHES, string>;

function searchesOf(url: URL): Searches {
  const read = (name: keyof typeof SEARCHES) =>
    (url.searchParams.get(name) ?? '').slice(0, SEARCHES[name]);
  return { company: read('company'), q: read('q') };
}

/**
 * Where a done action goes: the console with the searches it was posted from, the action and
 * the ids of what it was done to (done-message.server.ts names them).
 */
function doneUrl(request: Request, done: Record<string, string>) {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(searchesOf(new URL(request.url)))) {
    if (value) kept.set(name, value);
  }
  for (const [name, value] of Object.entries(done)) kept.set(name, value);
  return `${paths.admin}?${kept}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, moderation } = await operatorContext(request, context);
  const url = new URL(request.url);
  const { company: companyQuery, q: jobQuery } = searchesOf(url);
  const [figures, queue, reports, companies, jobs, maintenance, audit, done] = await Promise.all([
    moderation.figures(),
    moderation.reviewQueue(),
    moderation.reports(),
    moderation.companies(companyQuery),
    moderation.searchJobs(jobQuery),
    moderation.maintenance(),
    moderation.audit(50),
    doneMessage(moderation, actor, url.searchParams),
  ]);
  return data(
    {
      figures,
      queue,
      reports,
      companies,
      jobs,
      maintenance,
      audit,
      companyQuery,
      jobQuery,
      done,
      // A question's Cancel (action-forms.tsx): which action was not done.
      cancelled: cancelledMessage(url.searchParams.get('cancelled')),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, moderation } = await operatorContext(request, context);
  const field = formText(await request.formData());
  const id = (name: string) => (/^\d{1,9}$/.test(field(name)) ? Number(field(name)) : 0);
  const intent = field('intent');
  const ids = { jobId: id('jobId'), companyId: id('companyId'), intoId: id('intoId') };
  // The form's key names it on the page; what the operator typed goes back to it if refused.
  const form = /^[a-z-]{1,40}(-\d{1,9})?$/.test(field('form')) ? field('form') : undefined;
  const refuse = (error: string, status: number, values?: Record<string, string>, offer?: Offer) =>
    data<ActionAnswer>(
      { error, intent, form, values, offer },
      { status, headers: PRIVATE_HEADERS },
    );
  // A done action, or one whose result holds already (a second press), says so the same way.
  const done = () =>
    redirect(doneUrl(request, doneParams(intent, ids)), { headers: PRIVATE_HEADERS });
  const typed = (...names: string[]) =>
    Object.fromEntries(names.map((name) => [name, field(name).slice(0, 4000)]));
  // What the operator typed, given back to a refused form (or to the top of the page if gone).
  const values =
    intent === 'reject'
      ? typed('reason', 'text')
      : intent === 'merge'
        ? typed('intoId')
        : undefined;
  // The actions that take something down are asked first (questions.server.ts).
  if (field('confirm') !== 'yes') {
    const asked = await askFirst(moderation, intent, ids);
    if (asked && !asked.ok) return refuse(asked.message, 409, values);
    if (asked && 'holds' in asked) throw done();
    if (asked) {
      return data<ActionAnswer>(
        { form, values, question: asked.question },
        { headers: PRIVATE_HEADERS },
      );
    }
  }
  let result;
  switch (intent) {
    case 'approve':
      // Every Approve shows the job's words and sends their stamp: one without is refused too.
      result = await moderation.approve(actor, id('jobId'), field('version'));
      break;
    case 'reject':
      result = await moderation.reject(
        actor,
        id('jobId'),
        field('reason'),
        field('text'),
        seenStatus(field('seen')),
        // The review queue's Reject sends the stamp; "Any job" lists no words and sends none.
        field('version') || undefined,
      );
      break;
    case 'restore':
    case 'unpublish-reported':
    case 'dismiss-reports':
      result = await moderation.decideReports(
        actor,
        id('jobId'),
        intent === 'restore' ? 'restore' : intent === 'dismiss-reports' ? 'dismiss' : 'unpublish',
      );
      break;
    case 'verify':
    case 'unverify':
      result = await moderation.setCompanyFlag(
        actor,
        id('companyId'),
        'verified',
        intent === 'verify',
      );
      break;
    case 'suspend':
    case 'unsuspend':
      result = await moderation.setCompanyFlag(
        actor,
        id('companyId'),
        'suspended',
        intent === 'suspend',
      );
      break;
    case 'merge':
      result = await moderation.mergeCompanies(actor, id('companyId'), id('intoId'));
      break;
    case 'unpublish':
      result = await moderation.unpublish(actor, id('jobId'));
      break;
    case 'maintenance-on':
    case 'maintenance-off':
      result = await moderation.setMaintenance(actor, intent === 'maintenance-on');
      break;
    default:
      return refuse(`Unknown action "${intent.slice(0, 40)}"`, 400);
  }
  if (!result.ok) {
    // A Reject refused because the job went live meanwhile: its Unpublish stays at hand.
    const offer = intent === 'reject' ? await unpublishOffer(moderation, id('jobId')) : undefined;
    return refuse(result.message, 409, values, offer);
  }
  throw done();
}

// Read again after a refusal too: a form that is gone then leaves what was typed at the top.
export const shouldRevalidate = revalidateAfterPost;

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Operators’ console',
    description: 'Moderation of Openings',
    noindex: true,
  });

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** The audit log's columns; on a phone each cell repeats its column's name (data-label). */
const AUDIT_COLUMNS = ['When', 'Who', 'What', 'Target', 'Before → after'] as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const reasonLabel = (value: string) =>
  REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

const Section = (props: { id: string; title: string; children: ReactNode }) => (
  <TitledSection
    className="border-line mt-8 border-t pt-6"
    headingClassName="mb-4 scroll-mt-20 text-xl font-semibold"
    {...props}
  />
);

/** A search of one section's list, by the address (`?name=`); the other searches stay as they are. */
function SearchForm({
  label,
  name,
  searches,
}: {
  label: string;
  name: keyof Searches;
  searches: Searches;
}) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
      {Object.entries(searches).map(([other, value]) =>
        other !== name && value ? (
          <input key={other} type="hidden" name={other} value={value} />
        ) : null,
      )}
      <label className="text-sm">
        {label}
        <input
          name={name}
          type="search"
          maxLength={SEARCHES[name]}
          defaultValue={searches[name]}
          className={inputClass}
        />
      </label>
      <Button type="submit" size="sm">
        Search
      </Button>
    </Form>
  );
}

/** The change a company's flag button offers, from how the flag is now. */
const flagIntent = (flag: 'verify' | 'suspend', set: boolean) => (set ? `un${flag}` : flag);

/** A form's key on the page: its section, its action and its item (a job shows in two lists). */
const formKey = (section: string, intent: string, id?: number) =>
  id === undefined ? `${section}-${intent}` : `${section}-${intent}-${id}`;

/** The id of an item's title in a section's list: what its repeated buttons are about. */
const titleId = (section: string, id: number) => `${section}-title-${id}`;

/** The key of an action's form on an item of a section's list, and the item's title it is about. */
const itemForm = (section: string, intent: string, id: number) => ({
  form: formKey(section, intent, id),
  describedBy: titleId(section, id),
});

/** One button for an action on a job, or on a company, in a section's list. */
function ItemIntent({
  section,
  intent,
  item,
  label,
  variant,
  answer,
}: {
  section: string;
  intent: string;
  /** A job's `version`: the stamp of its words as the page shows them (JobVersion). */
  item: { jobId: number; version?: string } | { companyId: number };
  label: string;
  variant?: 'primary';
  answer: ActionAnswer | undefined;
}) {
  const id = 'jobId' in item ? item.jobId : item.companyId;
  return (
    <Intent
      {...itemForm(section, intent, id)}
      intent={intent}
      fields={item}
      label={label}
      variant={variant}
      answer={answer}
    />
  );
}

/** Sets or clears one of a company's flags. */
function CompanyFlag({
  companyId,
  flag,
  set,
  answer,
}: {
  companyId: number;
  flag: 'verify' | 'suspend';
  set: boolean;
  answer: ActionAnswer | undefined;
}) {
  const intent = flagIntent(flag, set);
  return (
    <ItemIntent
      section="companies"
      intent={intent}
      item={{ companyId }}
      label={capitalised(intent)}
      answer={answer}
    />
  );
}

/** Whether the any-job list offers a job's actions; a company's, the companies list. */
const jobIsOpen = (job: { status: string }) => job.status === 'live' || job.status === 'in_review';

/**
 * The decisions the reports list offers on a reported job: on the board, restore or unpublish;
 * off it (its employer closed it, it expired), only dismissing its reports, which leaves it so.
 */
const reportDecisions = (job: { status: string }) =>
  jobIsOpen(job)
    ? [
        { intent: 'restore', label: 'Restore (dismiss reports)' },
        { intent: 'unpublish-reported', label: 'Unpublish' },
      ]
    : [{ intent: 'dismiss-reports', label: 'Dismiss the reports' }];

/** Why a reported job is off the board, in a sentence (null while it is on the board). */
function offBoard(r: ReportGroup): string | null {
  if (jobIsOpen(r)) return null;
  const on = r.closedAt ? ` on ${formatDate(r.closedAt)}` : '';
  if (r.status === 'closed') {
    const who = r.closedReason === null ? 'The employer closed' : 'It was closed';
    return `${who} this job${on}; it is not on the board.`;
  }
  return `This job is ${r.status}; it is not on the board.`;
}
const companyIsOpen = (company: { mergedIntoId: number | null }) => company.mergedIntoId === null;

/**
 * The keys of the action forms this page shows. A refused form that is not among them is gone
 * (another operator acted on its item first): the top of the page then keeps what was typed.
 */
function formsOnPage(page: Route.ComponentProps['loaderData']): Set<string> {
  const keys = [
    formKey('maintenance', page.maintenance ? 'off' : 'on'),
    ...page.queue.flatMap((j) => [
      formKey('review', 'approve', j.id),
      formKey('review', 'reject', j.id),
    ]),
    ...page.reports.flatMap((r) =>
      reportDecisions(r).map(({ intent }) => formKey('reports', intent, r.jobId)),
    ),
    ...page.companies
      .filter(companyIsOpen)
      .flatMap((c) => [
        formKey('companies', flagIntent('verify', c.verified), c.id),
        formKey('companies', flagIntent('suspend', c.suspended), c.id),
        formKey('companies', 'merge', c.id),
      ]),
    ...page.jobs
      .filter(jobIsOpen)
      .flatMap((j) => [formKey('jobs', 'unpublish', j.id), formKey('jobs', 'reject', j.id)]),
  ];
  return new Set(keys);
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { figures, queue, reports, companies, jobs, maintenance, audit } = loaderData;
  const searches: Searches = { company: loaderData.companyQuery, q: loaderData.jobQuery };
  const refusal = actionData && 'error' in actionData ? actionData : undefined;
  const question = actionData && 'question' in actionData ? actionData : undefined;
  const forms = formsOnPage(loaderData);
  const shown = (form: string | undefined) => form !== undefined && forms.has(form);
  const { search } = useLocation();
  return (
    <>
      <PageHeader eyebrow="Operators" title="Console" />
      <Container className="py-8">
        {refusal && <RefusalNotice refusal={refusal} formShown={shown(refusal.form)} />}
        {question && (
          <p role="status" className="border-line-strong mb-4 rounded border p-3">
            {question.question.summary}
            {shown(question.form) && (
              <>
                {' '}
                <a href={`#${question.form}`} className="underline">
                  Go to the question
                </a>
              </>
            )}
          </p>
        )}
        {loaderData.cancelled && (
          <p role="status" className="border-line-strong mb-4 rounded border p-3">
            {loaderData.cancelled}
          </p>
        )}
        {loaderData.done && (
          // The page opens on what was done: the button pressed went with its item (an approved
          // job leaves the queue), which dropped the focus to the page. Keyed by the address, so
          // each done action (another item, another action) takes the focus again.
          <div className="mb-4" key={search}>
            <FormMessage tone="success" focus>
              {loaderData.done}
            </FormMessage>
          </div>
        )}
        <nav aria-label="Console sections" className="flex flex-wrap gap-3 text-sm">
          {['figures', 'review', 'reports', 'companies', 'jobs', 'maintenance', 'audit'].map(
            (s) => (
              <a key={s} href={`#${s}`} className="text-brand underline">
                {capitalised(s)}
              </a>
            ),
          )}
          <Link to={paths.adminCityRequests} className="text-brand underline">
            City requests
          </Link>
          <Link to={paths.adminSiteDetails} className="text-brand underline">
            Site details
          </Link>
        </nav>

        <Section id="figures" title="Figures">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            {(
              [
                ['Live jobs', figures.liveJobs],
                ['In review', figures.inReview],
                ['Reports open', figures.reportsOpen],
                ['Expiring this week', figures.expiringThisWeek],
                ['Hidden', figures.hiddenJobs],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="border-line rounded border p-3">
                <dt className="text-muted text-sm">{label}</dt>
                <dd className="text-2xl font-bold" data-figure={label}>
                  {n}
                </dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="review" title={`Review queue (${queue.length})`}>
          {queue.length === 0 && <p>Nothing waits for review.</p>}
          <ul className="space-y-4">
            {queue.map((job) => (
              <li key={job.id} className="border-line rounded border p-4" data-review={job.pageUrl}>
                <p id={titleId('review', job.id)} className="font-semibold">
                  <Link to={paths.adminJob(job.id)} className="underline">
                    {job.title}
                  </Link>{' '}
                  — {job.companyName} ({job.companyVerified ? 'verified' : 'unverified'}
                  {job.companySuspended ? ', suspended' : ''}), {job.city}, submitted{' '}
                  {formatDate(job.postedAt)}
                </p>
                <p className="text-sm break-all" data-apply-link>
                  Apply link: {job.applyLink ?? 'none'}
                </p>
                {job.companySuspended && (
                  <p className="text-warning mt-1">
                    Its company is suspended: approved, the job stays hidden until the company is
                    unsuspended.
                  </p>
                )}
                {job.reviewReason && (
                  <p className="text-warning mt-1">
                    From the company&apos;s ATS board, held because: {job.reviewReason}. Its city or
                    role may be a stand-in until the company corrects it.
                  </p>
                )}
                {job.duplicateOf && (
                  <p className="text-warning mt-1">
                    Possible duplicate of “{job.duplicateOf.title}” ({job.duplicateOf.status})
                  </p>
                )}
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <ItemIntent
                    section="review"
                    intent="approve"
                    item={{ jobId: job.id, version: job.version }}
                    label="Approve"
                    variant="primary"
                    answer={actionData}
                  />
                  <RejectForm
                    {...itemForm('review', 'reject', job.id)}
                    jobId={job.id}
                    seen="in_review"
                    version={job.version}
                    answer={actionData}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="reports" title={`Reports (${plural(reports.length, 'job')})`}>
          {reports.length === 0 && <p>No open reports.</p>}
          <ul className="space-y-4">
            {reports.map((r) => (
              <li
                key={r.jobId}
                className="border-line rounded border p-4"
                data-reported={r.pageUrl}
              >
                <p id={titleId('reports', r.jobId)} className="font-semibold">
                  {r.title} — {r.companyName} ({r.status}
                  {r.hiddenReason ? `, hidden: ${r.hiddenReason}` : ''})
                </p>
                {offBoard(r) && <p className="text-warning mt-1">{offBoard(r)}</p>}
                <p className="text-sm">
                  {Object.entries(r.reasons)
                    .map(([k, n]) => `${reasonLabel(k)}: ${n}`)
                    .join(' · ')}
                </p>
                {r.details.length > 0 && (
                  <ul className="text-muted mt-1 list-disc pl-5 text-sm">
                    {r.details.slice(0, 5).map((d, i) => (
                      <li key={i}>{d}</li>
                    ))}
                  </ul>
                )}
                <div className="mt-3 flex flex-wrap gap-3">
                  {reportDecisions(r).map(({ intent, label }) => (
                    <ItemIntent
                      key={intent}
                      section="reports"
                      intent={intent}
                      item={{ jobId: r.jobId }}
                      label={label}
                      answer={actionData}
                    />
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="companies" title="Companies">
          <SearchForm label="Find a company" name="company" searches={searches} />
          <ul className="space-y-3">
            {companies.map((c) => (
              <li key={c.id} className="border-line rounded border p-3" data-company={c.id}>
                <p>
                  <strong id={titleId('companies', c.id)}>{c.companyName}</strong> #{c.id}{' '}
                  {c.companyWebsite ?? ''} — {c.verified ? 'verified' : 'unverified'}
                  {c.suspended ? ', suspended' : ''}
                  {c.mergedIntoId ? `, merged into #${c.mergedIntoId}` : ''};{' '}
                  {c.suspended
                    ? `${plural(c.liveJobs, 'job')} hidden while suspended`
                    : plural(c.liveJobs, 'live job')}
                </p>
                {companyIsOpen(c) && (
                  <div className="mt-2 flex flex-wrap items-end gap-2">
                    <CompanyFlag
                      companyId={c.id}
                      flag="verify"
                      set={c.verified}
                      answer={actionData}
                    />
                    <CompanyFlag
                      companyId={c.id}
                      flag="suspend"
                      set={c.suspended}
                      answer={actionData}
                    />
                    <MergeForm
                      {...itemForm('companies', 'merge', c.id)}
                      companyId={c.id}
                      answer={actionData}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="jobs" title="Any job">
          <SearchForm label="Title, company or slug" name="q" searches={searches} />
          <ul className="space-y-2">
            {jobs.map((j) => (
              <li key={j.id} className="flex flex-wrap items-center gap-3" data-job={j.pageUrl}>
                <span id={titleId('jobs', j.id)}>
                  <Link to={paths.job(j.pageUrl)} className="underline">
                    {j.title}
                  </Link>{' '}
                  — {j.companyName} ({j.status}
                  {j.hiddenReason ? `, hidden: ${j.hiddenReason}` : ''}
                  {j.closedReason ? `, ${j.closedReason}` : ''}) closes {formatDate(j.validThrough)}
                </span>
                {jobIsOpen(j) && (
                  <>
                    <ItemIntent
                      section="jobs"
                      intent="unpublish"
                      item={{ jobId: j.id }}
                      label="Unpublish"
                      answer={actionData}
                    />
                    <RejectForm
                      {...itemForm('jobs', 'reject', j.id)}
                      jobId={j.id}
                      seen={j.status === 'live' ? 'live' : 'in_review'}
                      answer={actionData}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="maintenance" title="Maintenance">
          <p className="mb-3">
            Maintenance is{' '}
            {maintenance
              ? 'on: every page but the sign-in page and this console answers 503'
              : 'off'}
            .
          </p>
          <Intent
            form={formKey('maintenance', maintenance ? 'off' : 'on')}
            intent={maintenance ? 'maintenance-off' : 'maintenance-on'}
            fields={{}}
            label={maintenance ? 'Turn maintenance off' : 'Turn maintenance on'}
            answer={actionData}
          />
        </Section>

        <Section id="audit" title="Audit log">
          {/* The page lets any word break anywhere (app.css), which shrinks a table's columns
              to a letter each: here words stay whole. On a phone each entry stacks as labelled
              lines; wider, the table scrolls sideways in its box (a keyboard too: it takes focus)
              when it does not fit. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="audit">
            <table className="w-full text-left text-sm [overflow-wrap:break-word] max-sm:block sm:min-w-[44rem] [&_td]:py-1 [&_td]:pr-3 max-sm:[&_td]:block max-sm:[&_td]:py-0 max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:content-[attr(data-label)] [&_th]:pr-3">
              <thead className="max-sm:sr-only">
                <tr>
                  {AUDIT_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {audit.map((a) => (
                  <tr
                    key={a.id}
                    className="border-line border-t align-top max-sm:block max-sm:py-2"
                  >
                    <td data-label="When: ">{a.at.replace('T', ' ').slice(0, 19)}</td>
                    <td data-label="Who: ">{a.actorEmail}</td>
                    <td data-label="What: ">{a.action}</td>
                    <td data-label="Target: ">
                      {a.targetType} {a.targetId}
                    </td>
                    <td data-label="Before → after: " className="font-mono text-xs break-all">
                      {JSON.stringify(a.before)} → {JSON.stringify(a.after)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      </Container>
    </>
  );
}

// /alerts/new?<listing search>: "Get these jobs by e-mail" — an address and daily or weekly, then
// a confirmation mail (double opt-in). No account; works without JavaScript.
import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/alert-new';
import { Button } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { assertSameOrigin, PRIVATE_HEADERS } from '../features/employer/employer.server.ts';
import { inputClass } from '../components/fields.tsx';
import { field, seekerServices } from '../features/alerts/seeker.server.ts';
import { searchLabel } from '../features/feeds/search-label.ts';
import {
  filterParams,
  type ListingFilters,
  TEXT_KEYS,
  textParam,
} from '../features/filters/filter-state.ts';
import {
  addressProblems,
  loadListing,
  problemInWords,
} from '../features/jobs/listing-loader.server.ts';
import { formatJobCount } from '../lib/format.ts';
import { FrequencyChoices } from '../features/alerts/frequency-choices.tsx';
import {
  ALERT_CONFIRM_RESEND_MINUTES,
  ALERT_WITHOUT_WORDS,
  keywordWithoutWords,
} from '../../shared/seeker-services.ts';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

/**
 * The jobs page of the search, with any name typed in a filter box (`roleText=sofware`): the
 * listing reads it, and offers what it may mean.
 */
function jobsPathOf(request: Request, filters: ListingFilters) {
  const params = new URLSearchParams(filterParams({ ...filters, sortBy: null }));
  const search = new URL(request.url).searchParams;
  for (const key of TEXT_KEYS) {
    const text = search.get(textParam(key))?.trim();
    if (text) params.set(textParam(key), text);
  }
  const query = params.toString();
  return `${paths.jobs}${query ? `?${query}` : ''}`;
}

/**
 * The search of the address, as the listing reads it, and what it had to leave out: the listing
 * drops a filter it cannot follow (role=abc, an unknown id), which would make an alert on every
 * job, so such an address gets no form (as a feed answers 400, feed.server.ts).
 */
async function searchOf(request: Request, context: Route.LoaderArgs['context']) {
  const listing = await loadListing(request, context, { pageSize: 1, sortBy: false });
  const params = filterParams({ ...listing.filters, sortBy: null });
  const query = new URLSearchParams(params);
  return {
    problems: addressProblems(new URL(request.url).searchParams, listing).map(problemInWords),
    label: searchLabel(listing.filters),
    query: query.toString(),
    // Said before an address is typed; the post is refused all the same (alerts.service.ts).
    noWords: keywordWithoutWords(query),
    jobsPath: jobsPathOf(request, listing.filters),
    count: listing.listing.noofJobs,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = await searchOf(request, context);
  const email = context.account?.emailVerified ? context.account.email : '';
  const status = search.problems.length > 0 ? 400 : 200;
  return data({ ...search, email }, { status, headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const search = await searchOf(request, context);
  const email = field(form, 'email');
  const frequency = field(form, 'frequency');
  if (search.problems.length > 0) {
    // The page offered no form; a post anyway must not follow a wider search than was asked.
    return data(
      { sent: false as const, error: CANNOT_FOLLOW, field: 'search' as const, email, frequency },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const result = await seekerServices(context).alerts.subscribe({
    email,
    frequency,
    query: search.query,
    label: search.label,
  });
  if (!result.ok) {
    const status = result.reason === 'rate-limited' ? 429 : result.reason === 'limit' ? 409 : 400;
    const headers: Record<string, string> = { ...PRIVATE_HEADERS };
    if (result.retryAfterSeconds) headers['Retry-After'] = String(result.retryAfterSeconds);
    return data(
      { sent: false as const, error: result.message, field: result.field, email, frequency },
      { status, headers },
    );
  }
  // As the alert keeps it (addresses are stored lower-cased).
  return data(
    {
      sent: true as const,
      email: email.trim().toLowerCase(),
      recently: result.outcome === 'sent-recently',
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Get these jobs by e-mail',
    description: 'New jobs of a search by e-mail, daily or weekly. No account needed.',
    noindex: true,
  });

export default function AlertNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failed = actionData && !actionData.sent ? actionData : null;
  // The button is disabled while sending, which drops the focus to the page: a refused address
  // puts it back in the box to correct, any other refusal takes it itself.
  const emailBox = useRef<HTMLInputElement>(null);
  const generalError = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failed?.field === 'email') emailBox.current?.focus();
    else if (failed && failed.field !== 'frequency') generalError.current?.focus();
  }, [failed]);
  // The page cannot say whether the address already had this alert (anyone may type any
  // address), so it says what either mail holds; the mail itself says which it is.
  if (actionData?.sent) {
    return (
      <>
        <PageHeader
          title="Check your inbox"
          lead={
            actionData.recently
              ? `We sent the e-mail to ${actionData.email} a moment ago.`
              : `We sent an e-mail to ${actionData.email}.`
          }
          focus
        />
        <Container className="space-y-4 py-8">
          {actionData.recently && (
            <p data-sent-recently>
              Check that inbox, and its spam folder: we send the same e-mail again only after{' '}
              {ALERT_CONFIRM_RESEND_MINUTES} minutes.
            </p>
          )}
          <p>
            Follow its link to start the alert: nothing is sent before you confirm. The request is
            deleted after 7 days if you don’t.
          </p>
          <p>
            If the address already has an alert on this search, the e-mail says so instead, and
            links to the alert’s page, where you can change how often it comes.
          </p>
          <Link to={loaderData.jobsPath} className="text-brand underline">
            Back to the jobs
          </Link>
        </Container>
      </>
    );
  }
  if (loaderData.problems.length > 0) {
    return <CannotFollow problems={loaderData.problems} jobsPath={loaderData.jobsPath} />;
  }
  const error = (name: 'email' | 'frequency') =>
    failed?.field === name ? failed.error : undefined;
  const general = failed && failed.field !== 'email' && failed.field !== 'frequency';
  return (
    <>
      <PageHeader
        title="Get these jobs by e-mail"
        lead="New jobs of this search, daily or weekly. No account needed; every e-mail has a one-click unsubscribe."
      />
      <Container className="py-8">
        <p className="mb-6">
          <span className="font-semibold">{loaderData.label}</span>{' '}
          <span className="text-muted">({formatJobCount(loaderData.count)} now)</span>
          {' · '}
          <Link to={loaderData.jobsPath} className="text-brand underline">
            See them
          </Link>
        </p>
        <Form method="post" className="max-w-xl space-y-5" noValidate>
          {general ? (
            <p
              ref={generalError}
              id="alert-error"
              role="alert"
              tabIndex={-1}
              className="text-danger outline-none"
            >
              {failed.error}
            </p>
          ) : (
            loaderData.noWords && (
              <p id="alert-error" className="text-danger">
                {ALERT_WITHOUT_WORDS}
              </p>
            )
          )}
          <div>
            <label htmlFor="alert-email" className="font-semibold">
              Your e-mail address
            </label>
            <input
              ref={emailBox}
              id="alert-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={failed?.email ?? loaderData.email}
              aria-invalid={error('email') ? true : undefined}
              aria-describedby={error('email') ? 'alert-email-error' : undefined}
              className={inputClass}
            />
            {error('email') && (
              <p id="alert-email-error" role="alert" className="text-danger mt-1">
                {error('email')}
              </p>
            )}
          </div>
          <fieldset aria-describedby={error('frequency') ? 'alert-frequency-error' : undefined}>
            <legend className="mb-2 font-semibold">How often</legend>
            <FrequencyChoices checked={failed?.frequency || 'daily'} />
            {error('frequency') && (
              <p id="alert-frequency-error" role="alert" className="text-danger mt-1">
                {error('frequency')}
              </p>
            )}
          </fieldset>
          <p className="text-muted text-sm">
            We keep your address only to send your alerts and delete it with the last one.
          </p>
          <Button type="submit" variant="primary" disabled={navigation.state === 'submitting'}>
            Send me a confirmation link
          </Button>
        </Form>
      </Container>
    </>
  );
}

const CANNOT_FOLLOW = 'This search has a filter we cannot follow, so no alert was made.';

/** An address with a filter the listing could not read: said, never widened to every job. */
function CannotFollow({ problems, jobsPath }: { problems: string[]; jobsPath: string }) {
  return (
    <>
      <PageHeader
        title="We cannot follow this search"
        lead="Its address has a filter we cannot read, so an alert on it would bring other jobs than you asked for."
      />
      <Container className="space-y-4 py-8">
        <ul className="list-disc space-y-1 pl-6">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>Open the jobs page, choose the filters again and follow the search from there.</p>
        <Link to={jobsPath} className="text-brand underline">
          Back to the jobs
        </Link>
      </Container>
    </>
  );
}

// /saved: the seeker's saved jobs with their current status (a closed one says so and links to
// its closed page, with jobs like it). Signed in, the server renders the account's list; signed
// out, the browser's saved ids are looked up through this route's loader (?ids=…). Its action
// keeps a signed-in seeker's marks; a signed-out visitor's mark posted before the page's code ran
// is kept here once it runs.
import { data, Link, redirect, useFetcher, useRevalidator } from 'react-router';
import { useEffect, useSyncExternalStore } from 'react';
import type { Route } from './+types/saved';
import { MARK_KINDS, type MarkKind, type SavedJob } from '../../shared/seeker-services.ts';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { PRIVATE_HEADERS } from '../features/employer/employer.server.ts';
import { field, seekerServices } from '../features/alerts/seeker.server.ts';
import { parseMarks } from '../features/saved/marks.ts';
import { setMark, useMarks, whenMerged } from '../features/saved/marks-store.ts';
import { SavedList } from '../features/saved/saved-list.tsx';
import { paths } from '../lib/paths.ts';

const MAX_IDS = 500;

function idsOf(value: string | null): number[] | null {
  if (value === null) return null;
  return value
    .split(',')
    .slice(0, MAX_IDS)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { marks } = seekerServices(context);
  if (context.account) {
    const own = await marks.list(context.account.id);
    return data(
      { signedIn: true, jobs: await marks.jobs(own.saved) },
      { headers: PRIVATE_HEADERS },
    );
  }
  const ids = idsOf(new URL(request.url).searchParams.get('ids'));
  return data(
    { signedIn: false, jobs: ids === null ? null : await marks.jobs(ids) },
    { headers: PRIVATE_HEADERS },
  );
}

/** The page the form was sent from (this site's only), to go back to. */
function refererOf(request: Request): string | null {
  const referer = request.headers.get('referer');
  const url = referer ? URL.parse(referer) : null;
  return url?.origin === new URL(request.url).origin ? url.pathname + url.search : null;
}

function backOf(request: Request, fallback: string): string {
  return refererOf(request) ?? fallback;
}

/** The id of the note on the form's page that says a mark was not kept (mark-buttons.tsx). */
const NOTE_ID = /^[a-z]+-note-\d{1,10}$/;

export async function action({ request, context }: Route.ActionArgs) {
  const account = context.account;
  const form = await request.formData();
  const intent = field(form, 'intent');
  const kind = field(form, 'kind') as MarkKind;
  const id = Number(field(form, 'id'));
  const on = field(form, 'on') === '1';
  if (!account) {
    // Signed out, a mark lives in the browser's storage, which only the page's code can reach:
    // this form was sent with JavaScript off (a press before the code ran is kept by
    // early-marks.ts, not sent). Back to the page it came from, filters and all, at its note
    // saying why nothing changed; without that page or note, this page says so and keeps the
    // mark as soon as its code runs.
    const pending = intent === 'mark' && MARK_KINDS.includes(kind) && id > 0;
    const back = refererOf(request);
    const note = field(form, 'note');
    if (pending && back && NOTE_ID.test(note)) {
      throw redirect(`${back}#${note}`, { headers: PRIVATE_HEADERS });
    }
    return data(
      { pending: pending ? { kind, id, on } : null, back: backOf(request, paths.jobs) },
      { headers: PRIVATE_HEADERS },
    );
  }
  const { marks } = seekerServices(context);
  if (intent === 'merge') {
    const local = parseMarks(field(form, 'marks'));
    await marks.merge(account.id, local);
    return data({ ok: true }, { headers: PRIVATE_HEADERS });
  }
  if (intent !== 'mark' || !MARK_KINDS.includes(kind) || !Number.isInteger(id) || id <= 0) {
    throw data(
      { message: 'kind and id: must name a job or company to mark' },
      {
        status: 400,
        headers: PRIVATE_HEADERS,
      },
    );
  }
  await marks.set(account.id, kind, id, on);
  // A form sent without JavaScript goes back to the page it came from.
  if (!request.headers.get('accept')?.includes('application/json')) {
    throw redirect(backOf(request, paths.saved), { headers: PRIVATE_HEADERS });
  }
  return data({ ok: true }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Saved jobs', noindex: true });

/**
 * Signed in: the account's saved jobs from the loader. Jobs saved in this browser before signing
 * in join the account when the marks start (marks-store.ts), here too, and the list is loaded again
 * once they have; until then an unsaved job leaves it at once.
 */
function AccountSaved({ jobs }: { jobs: SavedJob[] }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    void whenMerged().then((merged) => {
      if (merged) void revalidator.revalidate();
    });
    // Once per visit: the revalidation makes a new revalidator, not a new merge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <SavedList jobs={jobs} />;
}

/**
 * Signed out: the ids in this browser's storage, looked up through the loader. Only ids not
 * looked up yet need a lookup: an unsaved job stays known, to come back at once on Undo.
 */
function BrowserSaved() {
  const marks = useMarks();
  const fetcher = useFetcher<typeof loader>();
  const ids = marks.marks.saved.join(',');
  const known = fetcher.data?.jobs;
  useEffect(() => {
    const fresh = ids.split(',').some((id) => id && !known?.some((job) => job.id === Number(id)));
    if (fresh) void fetcher.load(`${paths.saved}?ids=${ids}`);
    // fetcher is stable enough here; reloading on every render would loop. `known` changes
    // only with a lookup, which was of these ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return <SavedList jobs={ids || known ? (known ?? null) : []} />;
}

const MARK_WORDS: Record<MarkKind, { done: [string, string]; kept: string }> = {
  saved: { done: ['Saved', 'Removed from your saved jobs'], kept: 'saved jobs' },
  'hidden-job': { done: ['Hidden', 'Shown again'], kept: 'hidden jobs' },
  'hidden-company': { done: ['Hidden', 'Shown again'], kept: 'hidden companies' },
};

const subscribeNever = () => () => {};

/** A signed-out visitor's mark sent as a plain form: kept in this browser once the code runs. */
function PendingMark(props: { mark: { kind: MarkKind; id: number; on: boolean }; back: string }) {
  const { kind, id, on } = props.mark;
  // The server's page and the first render in the browser say "not done"; the mark is then
  // set, and the store's answer says it is kept.
  const running = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const marks = useMarks();
  const kept = running && marks.has(kind, id) === on;
  useEffect(() => {
    setMark(kind, id, on);
  }, [kind, id, on]);
  const words = MARK_WORDS[kind];
  const back = (
    <Link to={props.back} className="text-brand underline">
      Back to the page you were on
    </Link>
  );
  return (
    <p role="status" className="rounded-card border-line mb-6 border p-4">
      {kept ? (
        <>
          {on ? words.done[0] : words.done[1]} in this browser. {back}
        </>
      ) : (
        <>
          Not done yet: this browser keeps your {words.kept} with JavaScript, which is off or has
          not loaded.{' '}
          <Link to={paths.loginNext(props.back)} className="text-brand underline">
            Sign in
          </Link>{' '}
          to keep them in your account instead. {back}
        </>
      )}
    </p>
  );
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const pending = actionData && 'pending' in actionData ? actionData : null;
  return (
    <>
      <PageHeader
        title="Saved jobs"
        lead={
          loaderData.signedIn
            ? 'Kept in your account.'
            : // A press not done yet says the same itself, below, with the way back.
              pending?.pending
              ? undefined
              : // Not "kept in this browser" outright: without JavaScript it keeps nothing.
                'This browser keeps them while JavaScript is on. Sign in to keep them in your account too.'
        }
      />
      <Container className="py-8">
        {pending?.pending ? <PendingMark mark={pending.pending} back={pending.back} /> : null}
        {loaderData.signedIn && loaderData.jobs ? (
          <AccountSaved jobs={loaderData.jobs} />
        ) : loaderData.jobs ? (
          <SavedList jobs={loaderData.jobs} all />
        ) : (
          // Without JavaScript the lead above has said why no jobs show, once.
          <BrowserSaved />
        )}
      </Container>
    </>
  );
}

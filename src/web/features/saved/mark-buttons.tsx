// The save toggle and the hide actions of a job (cards and the detail page). Each is a form that
// posts to /saved, so it works for a signed-in seeker without JavaScript; with JavaScript the
// change is made at once in the browser or the account (marks-store.ts). A signed-out visitor's
// post without JavaScript is sent back to the page, to its note (NotDoneNote) saying why not.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import type { MarkKind } from '../../../shared/seeker-services.ts';
import { closeMenusLikeMenus } from '../../components/menus.ts';
import { paths } from '../../lib/paths.ts';
import { onEarlyHide, setMark, useMarks } from './marks-store.ts';

/** The links of the cards after the one holding `form`, then those before it, nearest first. */
function cardsAround(form: HTMLFormElement): HTMLElement[] {
  const item = form.closest('li');
  if (!item?.parentElement) return [];
  const items = [...item.parentElement.children];
  const at = items.indexOf(item);
  return [...items.slice(at + 1), ...items.slice(0, at).reverse()]
    .map((li) => li.querySelector<HTMLElement>('a[href]'))
    .filter((link) => link !== null);
}

/** Told after a mark changed, with its new state (/saved offers to undo a removal). */
export type OnMarked = (on: boolean) => void;

function MarkForm(props: {
  kind: MarkKind;
  id: number;
  on: boolean;
  className: string;
  pressed?: boolean;
  label: string;
  children: ReactNode;
  onMarked?: OnMarked;
  /** The id of the NotDoneNote a signed-out post without JavaScript comes back to. */
  note?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const nextPlaces = cardsAround(form);
    // A choice made in a menu closes it, the focus back on its button (as a press kept before
    // hydration does, early-marks.ts): on a job's page, which stays, it stood open on its undo.
    const menu = form.closest('details');
    if (menu?.open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
    setMark(props.kind, props.id, props.on);
    props.onMarked?.(props.on);
    // Hiding takes the card, and the focused button with it, out of the list: the focus goes to
    // the nearest card left, not to the top of the page (unless the page has put it somewhere).
    if (nextPlaces.length > 0) {
      requestAnimationFrame(() => {
        if (form.isConnected || document.activeElement !== document.body) return;
        nextPlaces.find((link) => link.isConnected)?.focus();
      });
    }
  };
  return (
    // data-mark: a press before this hydrates is kept by early-marks.ts, not posted.
    <form method="post" action={paths.saved} onSubmit={submit} data-mark>
      <input type="hidden" name="intent" value="mark" />
      <input type="hidden" name="kind" value={props.kind} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="on" value={props.on ? '1' : '0'} />
      {props.note ? <input type="hidden" name="note" value={props.note} /> : null}
      <button
        type="submit"
        className={props.className}
        aria-pressed={props.pressed}
        aria-label={props.label}
      >
        {props.children}
      </button>
    </form>
  );
}

closeMenusLikeMenus();

/**
 * Without JavaScript a signed-out visitor's mark cannot be kept (it lives in the browser's
 * storage): /saved sends the post back to the page it came from, at `#id`, and this note shows
 * there (:target). Inside <noscript>, so it is never there with JavaScript.
 */
function NotDoneNote({ id, className }: { id: string; className: string }) {
  const { pathname, search } = useLocation();
  return (
    <noscript>
      <p
        id={id}
        // Not a live region: it is there when the page loads (ten on a listing), and a status
        // role on each made every card a status for assistive technology. As the address's
        // target it is where the page scrolls and where Tab goes on from.
        tabIndex={-1}
        className={`rounded-card border-line bg-surface-raised text-fg hidden border p-3 text-sm shadow-lg target:block ${className}`}
      >
        Not done: saving and hiding jobs need JavaScript or an account.{' '}
        <a href={paths.loginNext(pathname + search)} className="text-brand underline">
          Sign in
        </a>
      </p>
    </noscript>
  );
}

const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-control px-2 text-sm font-medium text-fg hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-focus';

export function SaveButton({
  jobId,
  title,
  withText = false,
  onMarked,
  note,
}: {
  jobId: number;
  title: string;
  withText?: boolean;
  onMarked?: OnMarked;
  note?: string;
}) {
  const saved = useMarks().has('saved', jobId);
  return (
    <MarkForm
      kind="saved"
      id={jobId}
      on={!saved}
      pressed={saved}
      label={`Save ${title}`}
      onMarked={onMarked}
      note={note}
      className={`${iconButton} ${withText ? 'group border-line border' : ''}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="20"
        height="20"
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        className={saved ? 'text-brand' : ''}
      >
        <path d="M5 2.8h10v14.4l-5-3.6-5 3.6z" strokeLinejoin="round" />
      </svg>
      {/* Both words, the button's aria-pressed showing one: a press kept before hydration
          (early-marks.ts) sets only the attribute, so the text hydrates as the server wrote it. */}
      {withText ? (
        <span aria-hidden="true">
          <span className="group-aria-pressed:hidden">Save</span>
          <span className="hidden group-aria-pressed:inline">Saved</span>
        </span>
      ) : null}
    </MarkForm>
  );
}

const menuItem =
  'block w-full rounded-control px-3 py-2 text-left text-sm text-fg hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-focus';

/** "Hide this job" and "Hide jobs from this company" (or their undo), in a small disclosure. */
export function HideMenu(props: {
  jobId: number;
  companyId: number;
  title: string;
  companyName: string;
  /** Cards open it upwards (it sits at their foot); the detail page's downwards. */
  opens?: 'up' | 'down';
  /** Words in place of the "⋯" icon. */
  summary?: string;
  note?: string;
  onMarked?: (kind: MarkKind, on: boolean) => void;
}) {
  const marks = useMarks();
  const jobHidden = marks.has('hidden-job', props.jobId);
  const companyHidden = marks.has('hidden-company', props.companyId);
  return (
    <details className="relative" data-menu>
      <summary
        className={`${iconButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={props.summary ? undefined : `More for ${props.title}`}
      >
        {props.summary ?? (
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
            <circle cx="4" cy="10" r="1.7" />
            <circle cx="10" cy="10" r="1.7" />
            <circle cx="16" cy="10" r="1.7" />
          </svg>
        )}
      </summary>
      <div
        className={`rounded-card border-line bg-surface-raised absolute z-20 w-64 border p-1 shadow-lg ${
          props.opens === 'down' ? 'top-full left-0 mt-1' : 'right-0 bottom-full mb-1'
        }`}
      >
        <MarkForm
          kind="hidden-job"
          id={props.jobId}
          on={!jobHidden}
          label={jobHidden ? 'Show this job again' : 'Hide this job'}
          className={menuItem}
          note={props.note}
          onMarked={(on) => props.onMarked?.('hidden-job', on)}
        >
          {jobHidden ? 'Show this job again' : 'Hide this job'}
        </MarkForm>
        <MarkForm
          kind="hidden-company"
          id={props.companyId}
          on={!companyHidden}
          label={
            companyHidden
              ? `Show jobs from ${props.companyName} again`
              : `Hide jobs from ${props.companyName}`
          }
          className={menuItem}
          note={props.note}
          onMarked={(on) => props.onMarked?.('hidden-company', on)}
        >
          {companyHidden
            ? `Show jobs from ${props.companyName} again`
            : `Hide jobs from ${props.companyName}`}
        </MarkForm>
      </div>
    </details>
  );
}

/** The job as its controls name it. Worked out here, in the chunk that loads after the first
 * paint, so the card and the job page hand over the job and carry none of it. */
const refOf = (job: JobSummary) => ({
  jobId: Number(job._id),
  companyId: Number(job.company._id),
  title: job.title,
  companyName: job.company.companyName,
});

/** A card's save toggle and hide menu (the menu opens upwards from the card's foot). */
export function CardActions({ job }: { job: JobSummary }) {
  const ref = refOf(job);
  const note = `mark-note-${ref.jobId}`;
  return (
    <>
      <SaveButton jobId={ref.jobId} title={ref.title} note={note} />
      <HideMenu {...ref} note={note} />
      <NotDoneNote id={note} className="absolute right-0 bottom-full z-20 mb-1 w-64" />
    </>
  );
}

/** The detail page's save toggle (with its word) beside `children` (Share). */
export function DetailActions({ job, children }: { job: JobSummary; children?: ReactNode }) {
  const note = `save-note-${job._id}`;
  return (
    <>
      <SaveButton jobId={Number(job._id)} title={job.title} withText note={note} />
      {children}
      <NotDoneNote id={note} className="basis-full" />
    </>
  );
}

/** What the hide menu on a job's page did, with its undo: the page stays, so it says so. */
interface Done {
  kind: MarkKind;
  on: boolean;
  /** Whether its undo takes the focus (not when the visitor moved on before it was said). */
  focus: boolean;
}

/** The detail page's hide menu, under the job, with its name in words. */
export function DetailHide({ job }: { job: JobSummary }) {
  const ref = refOf(job);
  const note = `hide-note-${ref.jobId}`;
  const [done, setDone] = useState<Done | null>(null);
  const showAgain = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After a hide the focus goes to its undo, as /saved's Undo takes it after a removal.
    if (done?.on && done.focus) showAgain.current?.focus();
  }, [done]);
  // A hide pressed before this menu's code ran (a slow phone) was kept and applied
  // (early-marks.ts): said now. Its press closed the menu, so the focus fell to the page.
  useEffect(
    () =>
      onEarlyHide(
        (mark) => mark.id === (mark.kind === 'hidden-job' ? ref.jobId : ref.companyId),
        (early) => {
          const { activeElement } = document;
          const lost = !activeElement || activeElement === document.body;
          setDone({ kind: early.kind, on: early.on, focus: lost });
        },
      ),
    [ref.jobId, ref.companyId],
  );
  const undo = () => {
    if (!done) return;
    setMark(done.kind, done.kind === 'hidden-job' ? ref.jobId : ref.companyId, false);
    setDone({ ...done, on: false, focus: false });
    // The undo button goes: the focus goes back to the menu's button.
    menu.current?.querySelector('summary')?.focus();
  };
  const whose = done?.kind === 'hidden-job' ? 'this job' : `jobs from ${ref.companyName}`;
  return (
    <div ref={menu} className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <HideMenu
        {...ref}
        opens="down"
        summary="Hide…"
        note={note}
        onMarked={(kind, on) => setDone({ kind, on, focus: true })}
      />
      {/* Always there, so screen readers hear what enters it. */}
      <div role="status" className="flex flex-wrap items-center gap-x-2">
        {done?.on ? (
          <>
            <span>Hidden: you won&apos;t see {whose} in lists.</span>
            <button
              ref={showAgain}
              type="button"
              onClick={undo}
              className="text-brand rounded-control min-h-11 px-2 font-medium underline"
            >
              Show again
            </button>
          </>
        ) : done ? (
          <span>
            Shown again: {whose === 'this job' ? 'this job is' : `${whose} are`} back in lists.
          </span>
        ) : null}
      </div>
      <NotDoneNote id={note} className="basis-full" />
    </div>
  );
}

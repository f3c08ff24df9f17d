// The list on /saved: live jobs first, then closed ones, each newest saved first. A job unsaved
// here leaves the list at once and "Removed <title>. Undo" takes the status line, with the focus,
// so the job comes back in its place with one key. Each row's Save is a form that posts to /saved,
// so a signed-in seeker removes jobs without JavaScript too (without the undo).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SavedJob } from '../../../shared/seeker-services.ts';
import { paths } from '../../lib/paths.ts';
import { SaveButton } from './mark-buttons.tsx';
import { setMark, useMarks } from './marks-store.ts';

/** Live jobs, then closed ones, each in the order given (newest saved first). */
export function liveFirst(jobs: readonly SavedJob[]): SavedJob[] {
  return [
    ...jobs.filter((job) => job.status === 'live'),
    ...jobs.filter((job) => job.status !== 'live'),
  ];
}

function Empty() {
  return (
    <div className="space-y-2">
      <p className="font-semibold">No saved jobs yet.</p>
      <p className="text-muted">
        Use the bookmark on a job to keep it here.{' '}
        <Link to={paths.jobs} className="text-brand underline">
          Browse the jobs
        </Link>
      </p>
    </div>
  );
}

function SavedRow({ job, onMarked }: { job: SavedJob; onMarked: (on: boolean) => void }) {
  return (
    <li
      data-job={job.id}
      className="rounded-card border-line bg-surface-raised flex items-start justify-between gap-3 border p-4"
    >
      <div className="min-w-0">
        {job.status === 'live' ? (
          <Link to={paths.job(job.pageUrl)} className="text-brand font-semibold underline">
            {job.title}
          </Link>
        ) : (
          <span className="text-fg font-semibold">{job.title}</span>
        )}
        <p className="text-muted text-sm">
          {job.companyName} · {job.location}
        </p>
        {job.status === 'closed' ? (
          <p className="text-fg mt-1 text-sm font-medium">
            This job is closed.{' '}
            <Link to={paths.notActiveJobFor(job.pageUrl)} className="text-brand underline">
              Jobs like it
            </Link>
          </p>
        ) : null}
      </div>
      <SaveButton jobId={job.id} title={job.title} onMarked={onMarked} />
    </li>
  );
}

interface Removed {
  job: SavedJob;
  /** Where its id was among the browser's saved ids, to put it back there. */
  at: number;
}

/**
 * The jobs still saved, out of those the page knows (`null` while they load), or `all` of them (a
 * server-rendered lookup of ids, which the browser's marks do not narrow). The page keeps the
 * ones unsaved here among them, so Undo shows the job again at once, where it was.
 */
export function SavedList({ jobs, all = false }: { jobs: SavedJob[] | null; all?: boolean }) {
  const marks = useMarks();
  const [removed, setRemoved] = useState<Removed | null>(null);
  /** The job Undo put back, whose Save takes the focus once it is drawn again. */
  const restored = useRef<number | null>(null);
  const undo = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (removed) undo.current?.focus();
  }, [removed]);
  useEffect(() => {
    if (restored.current === null) return;
    const save = list.current?.querySelector<HTMLElement>(
      `[data-job="${restored.current}"] button`,
    );
    if (!save) return;
    restored.current = null;
    save.focus();
  });

  const shown = jobs && liveFirst(jobs).filter((job) => all || marks.has('saved', job.id));
  const onMarked = (job: SavedJob) => (on: boolean) => {
    if (!on) setRemoved({ job, at: Math.max(0, marks.marks.saved.indexOf(job.id)) });
  };
  const putBack = () => {
    if (!removed) return;
    restored.current = removed.job.id;
    setMark('saved', removed.job.id, true, removed.at);
    setRemoved(null);
  };

  return (
    <>
      {/* Always there, so screen readers hear what enters it. */}
      <div role="status">
        {removed ? (
          <p className="rounded-card border-line mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 border p-4">
            <span>
              Removed <span className="font-semibold">{removed.job.title}</span>.
            </span>{' '}
            <button
              ref={undo}
              type="button"
              onClick={putBack}
              className="text-brand rounded-control min-h-11 px-2 font-medium underline"
            >
              Undo
            </button>
          </p>
        ) : null}
      </div>
      {shown === null ? (
        <p aria-live="polite">Loading your saved jobs…</p>
      ) : shown.length === 0 ? (
        <Empty />
      ) : (
        <ul ref={list} className="flex flex-col gap-3" aria-label="Saved jobs">
          {shown.map((job) => (
            <SavedRow key={job.id} job={job} onMarked={onMarked(job)} />
          ))}
        </ul>
      )}
    </>
  );
}

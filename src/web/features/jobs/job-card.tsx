// One job in the listing grid: a real link to its page, so opening in a new tab works.
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { formatDate, formatLocation, formatRelative, formatSalary } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { recordView } from './record-view.ts';
import { selectJob } from './selected-job.ts';

export const CARD_CLASS = 'flex h-full min-h-48 flex-col gap-3 rounded-3xl border p-4';

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function JobCard(props: { job: JobSummary; now: number; selected: boolean }) {
  const { job, now, selected } = props;
  const open = (event: MouseEvent) => {
    recordView(job.pageUrl);
    if (isPlainClick(event)) selectJob(job.pageUrl);
  };
  return (
    <li>
      <Link
        to={paths.job(job.pageUrl)}
        onClick={open}
        onAuxClick={(event) => event.button === 1 && recordView(job.pageUrl)}
        data-selected={selected || undefined}
        className={`${CARD_CLASS} transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
          selected
            ? 'border-indigo-600 bg-indigo-50 ring-2 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-950 dark:ring-indigo-400'
            : 'border-slate-200 bg-white hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-400'
        }`}
      >
        <div className="flex items-start gap-3">
          <img
            src={job.company.companyLogo}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
          />
          <div className="min-w-0">
            <h3 className="line-clamp-2 text-base font-semibold text-slate-900 dark:text-white">
              {job.title}
            </h3>
            <p className="truncate text-sm text-slate-700 dark:text-slate-300">
              {job.company.companyName}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {formatLocation(job)}
            </p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Details">
          <li className="rounded-full bg-slate-100 px-2 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            {job.experienceLevel.name}
          </li>
          <li className="rounded-full bg-slate-100 px-2 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            {job.jobType.name}
          </li>
        </ul>
        <p className="mt-auto text-sm font-medium text-slate-900 dark:text-slate-100">
          <span className="sr-only">Salary: </span>
          {formatSalary(job)}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Posted{' '}
          <time dateTime={job.postedOn} title={formatDate(job.postedOn)}>
            {formatRelative(job.postedOn, now)}
          </time>
        </p>
      </Link>
    </li>
  );
}

// One job in the listing grid: a real link to its page, so opening in a new tab works.
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { formatDate, formatLocation, formatRelative, formatSalary } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { rememberJob } from '../job-detail/job-cache.ts';
import { HideMenu, SaveButton } from '../saved/mark-buttons.tsx';
import { recordView } from './record-view.ts';
import { selectJob } from './selected-job.ts';

export const CARD_CLASS = 'flex h-full min-h-48 flex-col gap-3 rounded-card border p-4';

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function JobCard(props: { job: JobSummary; now: number; selected: boolean }) {
  const { job, now, selected } = props;
  const open = (event: MouseEvent) => {
    recordView(job.pageUrl);
    // The detail page shows what the card knew at once while the rest loads.
    rememberJob(job);
    if (isPlainClick(event)) selectJob(job.pageUrl);
  };
  return (
    <li className="relative">
      <Link
        to={paths.job(job.pageUrl)}
        onClick={open}
        onAuxClick={(event) => event.button === 1 && recordView(job.pageUrl)}
        data-selected={selected || undefined}
        className={`${CARD_CLASS} focus-visible:outline-focus transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ${
          selected
            ? 'border-brand bg-brand-soft ring-brand ring-2'
            : 'border-line bg-surface-raised hover:border-brand'
        }`}
      >
        <div className="flex items-start gap-3">
          <CompanyLogo
            logoUrl={job.company.companyLogo}
            companyName={job.company.companyName}
            size={48}
            decorative
            lazy
            className="rounded-control bg-surface-sunken"
          />
          <div className="min-w-0">
            <h3 className="text-fg line-clamp-2 text-base font-semibold">{job.title}</h3>
            {/* relative: the sr-only comma is placed after the (truncated) company name; without
                a containing block here a very long name pushes it, and the page, far to the right. */}
            <p className="text-muted relative truncate text-sm">
              {job.company.companyName}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {formatLocation(job)}
            </p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Details">
          <li className="bg-surface-sunken text-fg rounded-full px-2 py-1">
            {job.experienceLevel.name}
          </li>
          <li className="bg-surface-sunken text-fg rounded-full px-2 py-1">{job.jobType.name}</li>
        </ul>
        <p className="text-fg mt-auto text-sm font-medium">
          <span className="sr-only">Salary: </span>
          {formatSalary(job)}
        </p>
        <p className="text-muted pr-24 text-xs">
          Posted{' '}
          <time dateTime={job.postedOn} title={formatDate(job.postedOn)}>
            {formatRelative(job.postedOn, now)}
          </time>
        </p>
      </Link>
      {/* Beside the link, not in it: a link may not hold buttons (features/saved). */}
      <div className="absolute right-2 bottom-2 flex items-center">
        <SaveButton jobId={Number(job._id)} title={job.title} />
        <HideMenu
          jobId={Number(job._id)}
          companyId={Number(job.company._id)}
          title={job.title}
          companyName={job.company.companyName}
        />
      </div>
    </li>
  );
}

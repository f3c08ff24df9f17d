// One job in the listing grid: a real link to its page, so opening in a new tab works. The
// company's name is a link of its own to the company page, laid over the card beside it (links
// cannot nest), so both reach the keyboard in turn.
import { memo, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { WORK_MODE_LABELS } from '../../../shared/constants.ts';
import {
  formatDate,
  formatLocation,
  formatRelative,
  formatSalary,
  formatSalaryOtherPeriod,
  salaryKind,
} from '../../lib/format.ts';
import { staleText } from '../../lib/freshness.ts';
import { paths } from '../../lib/paths.ts';
import { rememberJob } from '../job-detail/job-cache.ts';
import { CardActions } from '../saved/lazy-card-actions.tsx';
import { isPlainClick } from './listing-states.tsx';
import { selectJob } from './selected-job.ts';

export const CARD_CLASS = 'flex h-full min-h-48 flex-col gap-3 rounded-card border p-4';
/**
 * Over the card's first text line, right of the logo: the card's border (1px), padding (1rem),
 * logo (48px) and gap (0.75rem). The name is truncated to the card's width. The link is 24px tall
 * (a touch target of WCAG 2.2's minimum size), 2px above and below the 20px line it covers, so
 * the text sits where that line is.
 */
const COMPANY_LINK =
  'absolute top-[calc(1rem-1px)] right-[calc(1rem+1px)] left-[calc(1rem+1px+48px+0.75rem)] truncate leading-6';

// Memoised: a listing that re-renders (a card hidden, Browse more) leaves the cards it keeps alone.
// One re-rendered before its save and hide controls hydrate would make React throw their server
// HTML away and draw them anew (marks-view.ts).
export const JobCard = memo(function JobCard(props: {
  job: JobSummary;
  now: number;
  selected: boolean;
}) {
  const { job, now, selected } = props;
  // The job's page counts its own view (job-detail/record-view.ts), so a card is a plain link.
  const open = (event: MouseEvent) => {
    // The detail page shows what the card knew at once while the rest loads.
    rememberJob(job);
    if (isPlainClick(event)) selectJob(job.pageUrl);
  };
  const kind = salaryKind(job);
  const otherPeriod = formatSalaryOtherPeriod(job);
  const stale = staleText(job.lastSeenAt, now);
  return (
    <li className="relative">
      <Link
        to={paths.job(job.pageUrl)}
        onClick={open}
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
            {/* Room for the company link laid over the card (COMPANY_LINK). */}
            <p aria-hidden="true" className="h-5" />
            <h3 className="text-fg line-clamp-2 text-base font-semibold">{job.title}</h3>
            {/* relative: the sr-only text stays inside the card; without a containing block a
                long name pushes it, and the page, far to the right. A long place wraps, never
                cut short. */}
            <p className="text-muted relative text-sm">
              <span className="sr-only">{job.company.companyName}, </span>
              {formatLocation(job)}
            </p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-2 text-xs">
          <li className="bg-surface-sunken text-fg rounded-full px-2 py-1">
            {job.experienceLevel.name}
          </li>
          <li className="bg-surface-sunken text-fg rounded-full px-2 py-1">{job.jobType.name}</li>
          {/* A "Remote" job type already says the work mode. */}
          {job.workMode && WORK_MODE_LABELS[job.workMode] !== job.jobType.name ? (
            <li className="bg-surface-sunken text-fg rounded-full px-2 py-1">
              {WORK_MODE_LABELS[job.workMode]}
            </li>
          ) : null}
        </ul>
        <p
          className={`mt-auto text-sm ${kind === 'amount' ? 'text-fg font-medium' : 'text-muted'}`}
        >
          <span className="sr-only">Salary: </span>
          {kind === 'text' ? <q>{formatSalary(job)}</q> : formatSalary(job)}
          {kind === 'text' ? <span className="text-xs"> · no amount given</span> : null}
          {otherPeriod ? <span className="text-muted block text-xs">{otherPeriod}</span> : null}
        </p>
        {stale ? <p className="text-warning pr-24 text-xs font-medium">{stale}</p> : null}
        <p className="text-muted pr-24 text-xs">
          Posted{' '}
          <time dateTime={job.postedOn} title={formatDate(job.postedOn)}>
            {formatRelative(job.postedOn, now)}
          </time>
        </p>
      </Link>
      <p className={COMPANY_LINK}>
        <Link
          to={paths.company(job.company.slug)}
          className="text-muted hover:text-brand focus-visible:outline-focus inline-block max-w-full truncate rounded-sm align-top text-sm/6 font-medium hover:underline focus-visible:outline-2"
        >
          {job.company.companyName}
        </Link>
      </p>
      {/* Beside the link, not in it: a link may not hold buttons (features/saved). */}
      <div className="absolute right-2 bottom-2 flex items-center">
        <CardActions job={job} />
      </div>
    </li>
  );
});

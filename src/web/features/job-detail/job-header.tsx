// Who is hiring and for what: logo, company (linked to its website), title, role, place, openings.
import { NOT_MENTIONED } from '../../../shared/constants.ts';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { formatLocation } from '../../lib/format.ts';
import { httpUrl } from './safe-url.ts';

function CompanyName({ summary, detail }: { summary: JobSummary; detail?: JobDetail }) {
  const website = httpUrl(detail?.company.companyWebsite);
  const inner = (
    <>
      <img
        src={summary.company.companyLogo}
        alt={`${summary.company.companyName} logo`}
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-2xl border border-slate-200 bg-white object-contain p-1 dark:border-slate-700"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900 dark:text-slate-50">
          {summary.company.companyName}
        </span>
        {detail && (
          <span className="block text-sm text-slate-600 dark:text-slate-300">
            {detail.company.companyLocation?.trim() || NOT_MENTIONED}
          </span>
        )}
      </span>
    </>
  );
  if (!website) return <div className="flex items-center gap-4">{inner}</div>;
  return (
    <a
      href={website}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-4 rounded-2xl hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {inner}
      <span className="sr-only">(company website, opens in a new tab)</span>
    </a>
  );
}

function openingsText(count: number | null | undefined): string {
  if (count == null) return NOT_MENTIONED;
  return `${count} ${count === 1 ? 'opening' : 'openings'}`;
}

export function JobHeader({ summary, detail }: { summary: JobSummary; detail?: JobDetail }) {
  return (
    <header className="space-y-4">
      <CompanyName summary={summary} detail={detail} />
      <h1 className="text-2xl font-bold text-balance text-slate-900 sm:text-3xl dark:text-slate-50">
        {summary.title}
      </h1>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="At a glance">
        <li className="rounded-full bg-blue-50 px-3 py-1 font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-100">
          {summary.role.sortName || NOT_MENTIONED}
        </li>
        <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {formatLocation(summary) || NOT_MENTIONED}
        </li>
        {detail && (
          <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            Openings: {openingsText(detail.noOfOpening)}
          </li>
        )}
      </ul>
    </header>
  );
}

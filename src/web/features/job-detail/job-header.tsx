// Who is hiring and for what: logo, company (linked to its website), title, role, place, openings.
import { NOT_MENTIONED } from '../../../shared/constants.ts';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { formatLocation } from '../../lib/format.ts';
import { httpUrl } from './safe-url.ts';

function CompanyName({ summary, detail }: { summary: JobSummary; detail?: JobDetail }) {
  const website = httpUrl(detail?.company.companyWebsite);
  const inner = (
    <>
      <span className="rounded-card border-line flex size-14 shrink-0 items-center justify-center border bg-white p-0.5">
        <CompanyLogo
          logoUrl={summary.company.companyLogo}
          companyName={summary.company.companyName}
          size={50}
        />
      </span>
      <span className="min-w-0">
        <span className="text-fg block font-semibold">{summary.company.companyName}</span>
        {detail && (
          <span className="text-muted block text-sm">
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
      className="rounded-card flex w-fit items-center gap-4 hover:underline"
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
      <h1 className="text-fg text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {summary.title}
      </h1>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="At a glance">
        <li className="bg-brand-soft text-brand rounded-full px-3 py-1 font-medium">
          {summary.role.sortName || NOT_MENTIONED}
        </li>
        <li className="bg-surface-sunken text-fg rounded-full px-3 py-1">
          {formatLocation(summary) || NOT_MENTIONED}
        </li>
        {detail && (
          <li className="bg-surface-sunken text-fg rounded-full px-3 py-1">
            Openings: {openingsText(detail.noOfOpening)}
          </li>
        )}
      </ul>
    </header>
  );
}

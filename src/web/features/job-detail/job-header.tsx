// Who is hiring and for what: logo, company (linked to its page; its website in a new tab), title,
// role, place, work mode, openings.
import { NOT_MENTIONED } from '../../../shared/constants.ts';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { Link } from 'react-router';
import { WORK_MODE_LABELS, WORK_MODE_NOT_STATED } from '../../../shared/constants.ts';
import { formatLocation } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { httpUrl } from '../../../shared/safe-url.ts';

/** "acme.example" from "https://www.acme.example/": what a visitor recognises. */
function websiteLabel(url: string): string {
  return new URL(url).host.replace(/^www\./, '');
}

/** The company's own website, opened in a new tab (and said so to a screen reader). */
export function CompanyWebsiteLink({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {websiteLabel(href)}
      <span className="sr-only"> (company website, opens in a new tab)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}

function CompanyName({ summary, detail }: { summary: JobSummary; detail?: JobDetail }) {
  const website = httpUrl(detail?.company.companyWebsite);
  return (
    <div className="flex items-center gap-4">
      <span className="rounded-card border-line flex size-14 shrink-0 items-center justify-center border bg-white p-0.5">
        <CompanyLogo
          logoUrl={summary.company.companyLogo}
          companyName={summary.company.companyName}
          size={50}
        />
      </span>
      <span className="min-w-0">
        <Link
          to={paths.company(summary.company.slug)}
          className="text-fg block font-semibold hover:underline"
        >
          {summary.company.companyName}
          <span className="sr-only"> (company page)</span>
        </Link>
        {detail && (
          <span className="text-muted block text-sm">
            {detail.company.companyLocation?.trim() || NOT_MENTIONED}
          </span>
        )}
        {website ? (
          <CompanyWebsiteLink href={website} className="text-brand block text-sm hover:underline" />
        ) : null}
      </span>
    </div>
  );
}

/** "2 openings"; the label only where the number is missing ("Openings: Not mentioned"). */
function openingsText(count: number | null | undefined): string {
  if (count == null) return `Openings: ${NOT_MENTIONED}`;
  return `${count} ${count === 1 ? 'opening' : 'openings'}`;
}

/**
 * The role as its short name ("FIN"), which the job's chip shows, with the full name ("Finance")
 * for a pointer's hover and for screen readers, which would otherwise spell out a bare code.
 */
function RoleName({ short, name }: { short: string; name: string | undefined }) {
  if (!short) return name || NOT_MENTIONED;
  if (!name || name.toLowerCase() === short.toLowerCase()) return short;
  return (
    <span title={name}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">
        {name} ({short})
      </span>
    </span>
  );
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
          <RoleName short={summary.role.sortName} name={detail?.role.name} />
        </li>
        <li className="bg-surface-sunken text-fg rounded-full px-3 py-1">
          {formatLocation(summary) || NOT_MENTIONED}
        </li>
        <li className="bg-surface-sunken text-fg rounded-full px-3 py-1">
          {summary.workMode ? WORK_MODE_LABELS[summary.workMode] : WORK_MODE_NOT_STATED}
        </li>
        {detail && (
          <li className="bg-surface-sunken text-fg rounded-full px-3 py-1">
            {openingsText(detail.noOfOpening)}
          </li>
        )}
      </ul>
    </header>
  );
}

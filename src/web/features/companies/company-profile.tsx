// A company page's head: logo, name with its verified mark, location, website (new tab), how many
// jobs it has posted in all, and its overview as text.
import type { CompanyProfile } from '../../../shared/contract/companies.ts';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { formatWhole } from '../../lib/format.ts';
import { CompanyWebsiteLink } from '../job-detail/job-header.tsx';
import { paragraphs } from '../../../shared/text.ts';
import { httpUrl } from '../../../shared/safe-url.ts';

export function VerifiedMark() {
  return (
    <span
      className="bg-brand-soft text-brand inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold"
      title="The company's website matches its owner's e-mail, or an operator checked it"
    >
      <span aria-hidden="true">✓</span> Verified
    </span>
  );
}

export function CompanyProfileHeader({ company }: { company: CompanyProfile }) {
  const website = httpUrl(company.companyWebsite);
  const overview = paragraphs(company.companyOverview ?? '');
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <span className="rounded-card border-line flex size-16 shrink-0 items-center justify-center border bg-white p-0.5">
          <CompanyLogo logoUrl={company.companyLogo} companyName={company.companyName} size={58} />
        </span>
        <div className="min-w-0">
          <h1 className="text-fg text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {company.companyName}
          </h1>
          {company.verified ? <VerifiedMark /> : null}
        </div>
      </div>
      <dl className="text-muted flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {company.companyLocation?.trim() ? (
          <div className="flex gap-1">
            <dt>Location:</dt>
            <dd className="text-fg">{company.companyLocation}</dd>
          </div>
        ) : null}
        {website ? (
          <div className="flex gap-1">
            <dt>Website:</dt>
            <dd>
              <CompanyWebsiteLink href={website} className="text-brand hover:underline" />
            </dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Jobs posted in all:</dt>
          <dd className="text-fg" data-testid="posted-in-all">
            {formatWhole(company.postedInAll)}
          </dd>
        </div>
      </dl>
      {overview.length > 0 ? (
        <section aria-labelledby="company-overview" className="space-y-2">
          <h2 id="company-overview" className="text-fg text-lg font-semibold">
            Company Overview
          </h2>
          {overview.map((p, i) => (
            <p key={i} className="text-fg leading-relaxed">
              {p}
            </p>
          ))}
        </section>
      ) : null}
    </header>
  );
}

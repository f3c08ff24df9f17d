// The body of the job: overview, the Job Details block, About the Job, the numbered lists, Apply
// and the footer. Company text is rendered as text only (never as HTML).
import { NOT_MENTIONED } from '../../../shared/constants.ts';
import type { JobDetail } from '../../../shared/contract/jobs.ts';
import { Fragment, type ReactNode } from 'react';
import { TitledSection } from '../../components/page.tsx';
import {
  formatDate,
  formatSalary,
  formatSalaryOtherPeriod,
  formatWhole,
  salaryKind,
} from '../../lib/format.ts';
import { freshnessOf } from '../../lib/freshness.ts';
import { jobLists, type JobList } from './job-lists.ts';
import { paragraphs } from '../../../shared/text.ts';
import { ApplyButton } from './apply-button.tsx';

const heading = 'text-fg text-lg font-semibold';
const body = 'text-fg leading-relaxed';

const Section = (props: { id: string; title: string; children: ReactNode }) => (
  <TitledSection className="space-y-3" headingClassName={heading} {...props} />
);

/** Words about pay without an amount are quoted and said to be so, unlike "Salary not stated". */
function salaryText(job: JobDetail): string {
  const text = formatSalary(job);
  return salaryKind(job) === 'text' ? `“${text}” (no amount given)` : text;
}

function JobFacts({ job, unpublished }: { job: JobDetail; unpublished: boolean }) {
  const facts: [string, string][] = [
    ['Job type', job.jobType.name || NOT_MENTIONED],
    ['Salary', salaryText(job)],
    ...((): [string, string][] => {
      const other = formatSalaryOtherPeriod(job);
      const label = job.salaryType?.sortName === 'month' ? 'Salary per year' : 'Salary per month';
      return other ? [[label, other]] : [];
    })(),
    ['Experience level', job.experienceLevel.name || NOT_MENTIONED],
    // The spec's "openings date", named for what it is to a seeker: the day the job opened (or
    // opens) for applications (shared/contract/jobs.ts), on or before its closing date.
    ['Applications open from', formatDate(job.openingsDate)],
    [unpublished ? 'Submitted' : 'Posted date', formatDate(job.postedOn)],
    ...(job.validThrough ? [['Closes on', formatDate(job.validThrough)] as [string, string]] : []),
  ];
  return (
    <Section id="job-details" title="Job Details">
      <dl className="rounded-card border-line bg-surface-raised shadow-card grid gap-4 border p-5 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted text-sm">{label}</dt>
            <dd className="text-fg font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function NumberedList({ list }: { list: JobList }) {
  return (
    <Section id={list.id} title={list.title}>
      <ol className={`list-decimal space-y-1 pl-6 ${body}`}>
        {list.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ol>
    </Section>
  );
}

/** When the ATS sync last saw the job on its company's own site, and how long ago at most. */
function Freshness({ lastSeenAt, now }: { lastSeenAt: string | null | undefined; now: number }) {
  const fresh = freshnessOf(lastSeenAt, now);
  if (!fresh || !lastSeenAt) return null;
  return (
    <p className="text-sm" data-testid="job-freshness">
      <span className={fresh.stale ? 'text-warning font-medium' : 'text-fg'}>
        {fresh.stale ?? fresh.verified}
      </span>
      {fresh.stale ? (
        <span className="text-muted">
          {' '}
          (last verified <time dateTime={lastSeenAt}>{formatDate(lastSeenAt)}</time>)
        </span>
      ) : null}
    </p>
  );
}

/** "Posted by Asha on 2 Mar 2026"; a job without a poster's name leaves the poster out, since
 * "by Not mentioned" reads as though someone of that name posted it. */
function postedLine(firstName: string | undefined, postedAt: JobDetail['postedAt']): string {
  const by = firstName?.trim();
  return `Posted ${by ? `by ${by} ` : ''}on ${formatDate(postedAt)}`;
}

/** The history line: reposts, or when it was first posted if that is not the day it was posted. */
function historyLine(job: JobDetail): string | null {
  const trust = job.trust;
  if (!trust) return null;
  if (trust.reposts > 0) {
    const times = trust.reposts === 1 ? 'time' : 'times';
    return `Reposted ${trust.reposts} ${times} since ${formatDate(trust.firstPostedAt)}`;
  }
  const first = formatDate(trust.firstPostedAt);
  return first === formatDate(job.postedAt) ? null : `First posted on ${first}`;
}

function footerParts(job: JobDetail, unpublished: boolean): string[] {
  return [
    `${formatWhole(job.views)} views`,
    unpublished
      ? `Submitted on ${formatDate(job.postedAt)}`
      : postedLine(job.postedBy?.firstName, job.postedAt),
    job.trust?.companyVerified ? 'Verified company' : null,
    historyLine(job),
  ].filter((part): part is string => part !== null);
}

/**
 * `unpublished`: the job was never on the board (an operator's preview of one in review), so its
 * date is the day it was submitted, and is called so.
 */
export function JobSections({
  job,
  now,
  unpublished = false,
}: {
  job: JobDetail;
  now?: number;
  unpublished?: boolean;
}) {
  const overview = job.company.companyOverview?.trim();
  const description = paragraphs(job.description);
  return (
    <div className="mt-8 space-y-8">
      {overview && (
        <Section id="company-overview" title="Company Overview">
          <p className={`whitespace-pre-line ${body}`}>{overview}</p>
        </Section>
      )}
      <JobFacts job={job} unpublished={unpublished} />
      <Section id="about-the-job" title="About the Job">
        {description.length === 0 ? (
          <p className={body}>{NOT_MENTIONED}</p>
        ) : (
          description.map((text, index) => (
            <p key={index} className={`whitespace-pre-line ${body}`}>
              {text}
            </p>
          ))
        )}
      </Section>
      {jobLists(job)
        .filter((list) => list.items.length > 0)
        .map((list) => (
          <NumberedList key={list.id} list={list} />
        ))}
      {now === undefined ? null : <Freshness lastSeenAt={job.lastSeenAt} now={now} />}
      <ApplyButton applyLink={job.applyLink} />
      <footer className="border-line text-muted flex flex-wrap gap-x-2 gap-y-1 border-t pt-4 text-sm">
        {footerParts(job, unpublished).map((part, index) => (
          <Fragment key={part}>
            {index > 0 ? (
              <>
                {' '}
                <span aria-hidden="true">·</span>{' '}
              </>
            ) : null}
            <span>{part}</span>
          </Fragment>
        ))}
      </footer>
    </div>
  );
}

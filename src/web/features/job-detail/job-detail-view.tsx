// The job detail page (spec §2): back and share, the header, every section, and its JSON-LD.
import { Link, useNavigate } from 'react-router';
import type { JobDetail, JobSummary } from '../../../shared/contract/jobs.ts';
import { paths } from '../../lib/paths.ts';
import { JobBodySkeleton } from './job-detail-skeleton.tsx';
import { ApplyButton } from './apply-button.tsx';
import { JobHeader } from './job-header.tsx';
import { buildJobPosting } from './job-posting.ts';
import { JobSections } from './job-sections.tsx';
import { serializeJsonLd } from './json-ld.ts';
import { absoluteUrl } from '../../../shared/safe-url.ts';
import { ShareButton } from './share-button.tsx';
import { backTo, listingIsPrevious } from './back-to-listing.ts';
import { DetailActions, DetailHide } from '../saved/lazy-mark-buttons.tsx';

function TopBar({ summary, publicUrl }: { summary: JobSummary; publicUrl: string }) {
  const navigate = useNavigate();
  return (
    <nav aria-label="Job" className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
      <Link
        to={backTo(summary.pageUrl)}
        onClick={(event) => {
          // A plain click with the listing right behind: go back to it as it was left.
          const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;
          if (plain && !event.altKey && listingIsPrevious(summary.pageUrl)) {
            event.preventDefault();
            void navigate(-1);
          }
        }}
        className="rounded-control text-brand px-1 py-2 text-sm font-medium hover:underline"
      >
        <span aria-hidden="true">← </span>Back to home
      </Link>
      {/* Save and Share side by side; the address to copy (share-button.tsx), when shown, on a
          line of its own below them, so it never squeezes them on a phone. */}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <DetailActions job={summary}>
          <ShareButton
            url={absoluteUrl(publicUrl, paths.job(summary.pageUrl))}
            title={`${summary.title} at ${summary.company.companyName}`}
          />
        </DetailActions>
      </div>
    </nav>
  );
}

function JobPostingScript({ job, publicUrl, nonce }: JobViewProps) {
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The one place we write raw markup: JSON escaped by serializeJsonLd so it cannot end the tag.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildJobPosting(job, publicUrl)) }}
    />
  );
}

interface JobViewProps {
  job: JobDetail;
  publicUrl: string;
  nonce?: string;
  /** The server's time of the render (freshness line); the browser's on client navigations. */
  now?: number;
}

const shell = 'container-page max-w-3xl py-6 sm:py-10';

export function JobDetailView(props: JobViewProps) {
  const { job, publicUrl } = props;
  return (
    <article className={shell}>
      <TopBar summary={job} publicUrl={publicUrl} />
      <JobHeader summary={job} detail={job} />
      {/* Near the title too: on a phone the one after the job is thousands of pixels down. */}
      <ApplyButton applyLink={job.applyLink} className="mt-5" />
      <JobSections job={job} now={props.now} />
      <p className="mt-4 text-sm">
        <Link to={paths.jobReport(job.pageUrl)} className="text-muted underline">
          Report this job
        </Link>
      </p>
      {/* Below the job, not before it: the company's name reads first in the header. */}
      <DetailHide job={job} />
      <JobPostingScript {...props} />
    </article>
  );
}

/** What a card already told us, with a skeleton where the rest of the job will be. */
export function JobPreview({ summary, publicUrl }: { summary: JobSummary; publicUrl: string }) {
  return (
    <article className={shell} aria-busy="true">
      <TopBar summary={summary} publicUrl={publicUrl} />
      <JobHeader summary={summary} />
      <p role="status" className="sr-only">
        Loading job details…
      </p>
      <JobBodySkeleton />
    </article>
  );
}

// /employer/jobs/new: a new job's form, saved as a draft (?draft=) once it has something in it;
// a fresh form offers the newest draft not submitted yet instead of starting the job again.
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/employer-job-new';
import type { JobFormState } from '../../shared/employer-services.ts';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { JobForm } from '../features/employer/job-form.tsx';
import { jobFormAction, jobFormLoader } from '../features/employer/job-form-route.server.ts';
import { privateHeaders } from '../features/employer/employer.server.ts';
import { SuspendedNotice } from '../features/employer/suspended-notice.tsx';
import { paths } from '../lib/paths.ts';

export const loader = (args: Route.LoaderArgs) => jobFormLoader({ ...args, params: {} });
export const action = (args: Route.ActionArgs) => jobFormAction({ ...args, params: {} });
/**
 * While maintenance is on the action answers a post itself, saving nothing: the form stays with
 * what was typed and says so (shared/maintenance.ts ANSWERS_MAINTENANCE, jobFormAction).
 */
export const answersMaintenance = true;
export const headers = privateHeaders;

/** A background save changes nothing the page shows: the draft it makes is the form's own. */
export const shouldRevalidate = ({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Post a job', noindex: true });

/** The newest draft not submitted yet, offered before a new form (the same job, started twice). */
function Unsubmitted({ draftId, title, count }: { draftId: number; title: string; count: number }) {
  return (
    <section
      aria-labelledby="unsubmitted-title"
      className="border-line rounded-card mb-6 border p-4 text-sm"
      data-unsubmitted
    >
      <h2 id="unsubmitted-title" className="font-semibold">
        {count === 1 ? 'A job you did not submit' : `${count} jobs you did not submit`}
      </h2>
      <p className="mt-1">
        <Link to={paths.employerDraft(draftId)} className="text-brand font-medium underline">
          Continue {count === 1 ? '' : 'the newest, '}“{title}”
        </Link>
        {count > 1 && (
          <>
            ,{' '}
            <Link to={paths.employerFiltered('draft')} className="text-brand underline">
              see all your drafts
            </Link>
          </>
        )}
        , or fill in the form below for another job.
      </p>
    </section>
  );
}

type CopyOf = NonNullable<JobFormState['copyOf']>;

/**
 * A draft made by Repost or Duplicate says which, and of what job: its form is otherwise a plain
 * new job's, filled in. Told by the draft itself (its repost_of, or the job a duplicate copies),
 * so a reload or the way back from its preview says the same.
 */
function copyWords({ kind, title }: CopyOf) {
  const named = title === null ? null : `“${title}”`;
  return kind === 'repost'
    ? {
        eyebrow: named ? `Employer · Repost of ${named}` : 'Employer · Repost of a closed job',
        lead: 'A new posting of the job, filled in from it; the dates start afresh. Once it is live, its page says the job was reposted.',
      }
    : {
        eyebrow: named ? `Employer · Copy of ${named}` : 'Employer · Copy of a job',
        lead: `A new job, filled in from ${named ?? 'the job it copies'}, which stays as it is; the dates start afresh.`,
      };
}

export default function NewJob({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const draftId = actionData?.draftId ?? loaderData.draftId;
  const unsubmitted = 'unsubmitted' in loaderData ? loaderData.unsubmitted : null;
  const copy = 'copyOf' in loaderData && loaderData.copyOf ? copyWords(loaderData.copyOf) : null;
  // A suspended company is offered no form; a submission refused for it says so here too.
  const suspended = actionData?.suspended ?? loaderData.suspended;
  return (
    <>
      <PageHeader
        eyebrow={copy?.eyebrow ?? 'Employer'}
        title={<span id="job-form-title">Post a job</span>}
        lead={copy?.lead}
      />
      <Container className="max-w-3xl py-8">
        {suspended ? (
          <SuspendedNotice companyName={suspended} draftKept={Boolean(actionData?.suspended)} />
        ) : (
          <>
            {/* Offered to a form just opened only: after a post (a refused Submit, say) the
                form below is the job the employer is on, and the newest draft may be its own. */}
            {draftId === null && !actionData && unsubmitted && <Unsubmitted {...unsubmitted} />}
            <JobForm
              // A new draft's values replace the form's (after a list change without JavaScript).
              key={`${draftId ?? 'new'}`}
              values={values}
              errors={actionData?.errors ?? {}}
              choices={loaderData.choices}
              companyId={loaderData.companyId}
              draftId={draftId}
              formKey={'formKey' in loaderData ? String(loaderData.formKey) : undefined}
              editing={false}
              action={draftId ? paths.employerDraft(draftId) : paths.employerJobNew}
              notice={
                actionData?.notice ?? ('notice' in loaderData ? loaderData.notice : undefined)
              }
            />
          </>
        )}
      </Container>
    </>
  );
}

// /employer/jobs/:id/edit: a job's form; unsaved edits are kept as its draft until submitted.
import { useRef, useState } from 'react';
import { Form } from 'react-router';
import type { Route } from './+types/employer-job-edit';
import { buttonClasses } from '../components/button-classes.ts';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { JOB_STATUS_LABELS, type JobStatus } from '../../shared/contract/employer-jobs.ts';
import { InlineQuestion } from '../features/employer/inline-question.tsx';
import { JobForm } from '../features/employer/job-form.tsx';
import { Notice } from '../features/employer/notice.tsx';
import { jobFormAction, jobFormLoader } from '../features/employer/job-form-route.server.ts';
import { privateHeaders } from '../features/employer/employer.server.ts';
import { SuspendedNotice } from '../features/employer/suspended-notice.tsx';
import { hiddenWords } from '../features/employer/hidden-words.ts';
import { paths } from '../lib/paths.ts';

export const loader = (args: Route.LoaderArgs) => jobFormLoader(args);
export const action = (args: Route.ActionArgs) => jobFormAction(args);
/**
 * While maintenance is on the action answers a post itself, saving nothing: the form stays with
 * what was typed and says so (shared/maintenance.ts ANSWERS_MAINTENANCE, jobFormAction).
 */
export const answersMaintenance = true;
export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Edit a job', noindex: true });

/**
 * A job synced from the company's ATS board: the board is its source (README, job sources), so
 * the board's next change to the posting replaces edits made here; and while the sync holds it
 * for review, what it could not place and that the stand-in shown is not the job's own.
 */
function FromBoard({
  fromBoard,
  heldReason,
}: {
  fromBoard: { system: string; board: string };
  heldReason: string | null | undefined;
}) {
  return (
    <Notice
      id="from-board-title"
      tone="warning"
      title={`This job comes from your ${fromBoard.system} board “${fromBoard.board}”`}
      data-from-board
    >
      <p className="mt-1">
        Your board is where this job is kept: we read it every hour, and when the posting changes
        there, the change replaces this job, edits made here included. To change the job for good,
        change it on {fromBoard.system}.
      </p>
      {heldReason && (
        <p className="text-warning mt-2 font-medium" data-held>
          Held for our review: {heldReason}. What we could not place is filled with a stand-in (for
          example a city from your other jobs), not the job’s own: correct it below, and on your
          board so the next change there keeps it.
        </p>
      )}
    </Notice>
  );
}

/**
 * A rejected job: why our team rejected it, where the employer corrects it. The dashboard's row
 * says the same (TeamNote); the form is where it is acted on.
 */
function Rejected({ reason }: { reason: string | null }) {
  return (
    <Notice id="rejected-title" tone="danger" title="Our team rejected this job" data-rejected>
      <p className="mt-1">{reason ? `Why: ${reason}` : 'No reason was given.'}</p>
      <p className="mt-1">It is not on the board. Correct it below, then submit it again.</p>
    </Notice>
  );
}

/** What submitting a rejected job again does: it goes live, or back to our team's review. */
const RESUBMIT_NOTE: Record<'live' | 'in_review', string> = {
  live: 'Submit again publishes the job at once: your company is verified.',
  in_review:
    'Submit again sends the job to our team for review: it goes on the board once approved, and you get an e-mail either way.',
};

/** Said before saving a live job of an unverified company (employer-jobs.service.ts REVIEWED_COLUMNS). */
const REVIEW_NOTE =
  'Your company is not verified yet: a change to the title, description, apply link or any other text goes to our team for review, and the job is off the board until it is approved. Salary figures, dates and choices from the lists change at once.';

/**
 * The page's word on the job's status. A live job our team hid, or one of a suspended company, is
 * off the board, so it is not called Live: the dashboard's words for it (hidden-words.ts).
 */
function statusLabel(
  status: JobStatus,
  suspended: string | null | undefined,
  hiddenReason: string | null | undefined,
) {
  if (status !== 'live') return JOB_STATUS_LABELS[status];
  if (suspended) return hiddenWords('company suspended').label;
  return hiddenReason ? hiddenWords(hiddenReason).label : JOB_STATUS_LABELS[status];
}

/**
 * Its own form, before the job's: a way back to the job as saved (a change that could not be
 * saved, say, would otherwise stay in the way of its preview). It asks first, in place: with
 * JavaScript, Escape or Keep the changes puts the question away and the focus back on the button;
 * without, the link loads the form again.
 */
function DiscardChanges({ jobId, asking }: { jobId: number; asking: object | null }) {
  const [dismissed, setDismissed] = useState<object | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="mb-6 flex flex-col items-start gap-2 text-sm">
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <span>The job itself is unchanged until you save.</span>
        <input type="hidden" name="ask" value="1" />
        <button
          ref={button}
          type="submit"
          name="intent"
          value="discard"
          className={buttonClasses('secondary', 'sm')}
        >
          Discard unsaved changes
        </button>
      </Form>
      {asking && dismissed !== asking && (
        <InlineQuestion
          id="discard-changes-question"
          mark={{ 'data-discard-question': jobId }}
          question="Discard your unsaved changes? The job stays as it was last saved; the changes are deleted and cannot be brought back."
          dismissTo={paths.employerJobEdit(jobId)}
          dismiss={{ text: 'Keep the changes', label: 'Keep the changes' }}
          onDismiss={() => {
            setDismissed(asking);
            button.current?.focus();
          }}
        >
          <Form method="post" className="inline">
            <input type="hidden" name="ask" value="1" />
            <input type="hidden" name="confirm" value="yes" />
            <button
              type="submit"
              name="intent"
              value="discard"
              className={buttonClasses('primary', 'sm')}
            >
              Discard the changes
            </button>
          </Form>
        </InlineQuestion>
      )}
    </div>
  );
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const jobId = loaderData.jobId ?? 0;
  const fromBoard = 'fromBoard' in loaderData ? loaderData.fromBoard : null;
  const heldReason = 'heldReason' in loaderData ? loaderData.heldReason : null;
  const hiddenReason = 'hiddenReason' in loaderData ? loaderData.hiddenReason : null;
  const rejected = loaderData.status === 'rejected';
  const rejectionReason = 'rejectionReason' in loaderData ? loaderData.rejectionReason : null;
  const resubmitsTo = 'resubmitsTo' in loaderData ? loaderData.resubmitsTo : undefined;
  // The dashboard's words for a hidden job (hidden-words.ts): its name and why no visitor sees it.
  const hidden = hiddenReason ? hiddenWords(hiddenReason) : null;
  // A suspended company is offered no form; a submission refused for it says so here too.
  const suspended = actionData?.suspended ?? loaderData.suspended;
  if (suspended) {
    return (
      <>
        <PageHeader
          eyebrow={`Employer · ${statusLabel(loaderData.status, suspended, hiddenReason)}`}
          title={<span id="job-form-title">Edit a job</span>}
        />
        <Container className="max-w-3xl py-8">
          <SuspendedNotice companyName={suspended} draftKept={Boolean(actionData?.suspended)} />
        </Container>
      </>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow={`Employer · ${statusLabel(loaderData.status, null, hiddenReason)}`}
        title={<span id="job-form-title">Edit a job</span>}
        lead={
          loaderData.draftId !== null
            ? 'You have unsaved changes from before: they are shown below.'
            : undefined
        }
      />
      <Container className="max-w-3xl py-8">
        {loaderData.draftId !== null && (
          <DiscardChanges jobId={jobId} asking={actionData?.confirmDiscard ? actionData : null} />
        )}
        {hidden && loaderData.status === 'live' && (
          <Notice id="hidden-title" tone="warning" title={hidden.label} data-hidden>
            <p className="mt-1">
              {hidden.why && `${hidden.why[0]!.toUpperCase()}${hidden.why.slice(1)} `}
              Saving changes does not show it again: our team decides that. Changes to its title,
              description, apply link or any other text are held for our review.
            </p>
          </Notice>
        )}
        {rejected && <Rejected reason={rejectionReason ?? null} />}
        {fromBoard && <FromBoard fromBoard={fromBoard} heldReason={heldReason} />}
        <JobForm
          values={actionData?.values ?? loaderData.values}
          errors={actionData?.errors ?? {}}
          choices={loaderData.choices}
          companyId={loaderData.companyId}
          draftId={null}
          editing
          action={paths.employerJobEdit(jobId)}
          submitLabel={rejected ? 'Submit again' : undefined}
          changedSince={actionData?.changedSince}
          submitNote={
            [
              'changesGoToReview' in loaderData && loaderData.changesGoToReview ? REVIEW_NOTE : '',
              rejected ? RESUBMIT_NOTE[resubmitsTo === 'live' ? 'live' : 'in_review'] : '',
              fromBoard
                ? `Saved changes last until the posting next changes on your ${fromBoard.system} board, which replaces them.`
                : '',
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          notice={actionData?.notice ?? ('notice' in loaderData ? loaderData.notice : undefined)}
        />
      </Container>
    </>
  );
}

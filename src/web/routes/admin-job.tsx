// /admin/jobs/:id: any job as an operator previews it, whatever its status. The review queue
// links here, since a job in review has no public page (it answers 410): the page shows the job as
// its public page will (the same header and sections), its apply link's address as text rather
// than a live button, its status, its company's verified mark and why it was held, and, while it
// is in review, the console's Approve and Reject forms. They post here: a done decision goes to
// the console saying so, as the console's own forms do; a refused one stays here, saying why.
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/admin-job';
import type { OperatorJobView } from '../../shared/operator-services.ts';
import { Container } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import {
  type ActionAnswer,
  Intent,
  RefusalNotice,
  RejectForm,
  seenStatus,
} from '../features/admin/action-forms.tsx';
import { unpublishOffer } from '../features/admin/unpublish-offer.server.ts';
import { operatorContext } from '../features/admin/admin.server.ts';
import { doneParams } from '../features/admin/done-message.server.ts';
import { revalidateAfterPost } from '../features/admin/revalidate.ts';
import {
  idFrom,
  notFoundResponse,
  PRIVATE_HEADERS,
  privateHeaders,
} from '../features/employer/employer.server.ts';
import { JobHeader } from '../features/job-detail/job-header.tsx';
import { JobSections } from '../features/job-detail/job-sections.tsx';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Signed out: the sign-in page; not an operator: the 404 page (as at /admin).
  const { moderation } = await operatorContext(request, context);
  const view = await moderation.jobView(idFrom(params.id));
  if (!view) throw notFoundResponse('Not found');
  return data({ view }, { headers: PRIVATE_HEADERS });
}

/** The key of the console's form for `intent` on job `id`: the preview shows the same forms. */
const reviewForm = (intent: string, id: number) => `review-${intent}-${id}`;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, moderation } = await operatorContext(request, context);
  const jobId = idFrom(params.id);
  const field = formText(await request.formData());
  const intent = field('intent');
  if (intent !== 'approve' && intent !== 'reject') {
    return data<ActionAnswer>(
      { error: `Unknown action "${intent.slice(0, 40)}"`, intent },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const typed = { reason: field('reason').slice(0, 4000), text: field('text').slice(0, 4000) };
  const result =
    intent === 'approve'
      ? await moderation.approve(actor, jobId, field('version'))
      : await moderation.reject(
          actor,
          jobId,
          typed.reason,
          typed.text,
          seenStatus(field('seen')),
          field('version'),
        );
  if (!result.ok) {
    // What the operator typed goes back to the form, or to the top of the page if it is gone.
    return data<ActionAnswer>(
      {
        error: result.message,
        intent,
        form: reviewForm(intent, jobId),
        values: intent === 'reject' ? typed : undefined,
        // Refused because the job went live meanwhile: its Unpublish stays at hand.
        offer: intent === 'reject' ? await unpublishOffer(moderation, jobId) : undefined,
      },
      { status: 409, headers: PRIVATE_HEADERS },
    );
  }
  // Where the console's own forms go when done: the console, saying what was done to which job.
  const done = doneParams(intent, { jobId, companyId: 0, intoId: 0 });
  throw redirect(`${paths.admin}?${new URLSearchParams(done)}`, { headers: PRIVATE_HEADERS });
}

export const shouldRevalidate = revalidateAfterPost;

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Job preview', noindex: true });

const STATUS_WORDS: Record<string, string> = {
  in_review: 'In review: not on the board until approved',
  live: 'Live',
  rejected: 'Rejected',
  closed: 'Closed',
  expired: 'Expired',
};

/** The id of the line naming the job: what the Approve and Reject buttons are about. */
const TITLE_ID = 'preview-job-title';

/** What the operator decides on: status, company, why it was held, and the apply link. */
function ReviewFacts({ view }: { view: OperatorJobView }) {
  const { job } = view;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">Status</dt>
      <dd data-status={view.status}>{STATUS_WORDS[view.status] ?? view.status}</dd>
      <dt className="font-semibold">Company</dt>
      <dd>
        {job.company.companyName} {view.companyVerified ? '(verified)' : '(unverified)'}
      </dd>
      {view.reviewReason && (
        <>
          <dt className="font-semibold">Held because</dt>
          <dd className="text-warning">
            {view.reviewReason} (from the company&apos;s ATS board: its city or role may be a
            stand-in until the company corrects it)
          </dd>
        </>
      )}
      {view.hiddenReason && (
        <>
          <dt className="font-semibold">Hidden</dt>
          <dd>{view.hiddenReason}</dd>
        </>
      )}
      {view.closedReason && (
        <>
          <dt className="font-semibold">Closed</dt>
          <dd>{view.closedReason}</dd>
        </>
      )}
      <dt className="font-semibold">Apply link</dt>
      <dd className="break-all" data-apply-link>
        {job.applyLink ?? 'none'}
      </dd>
    </dl>
  );
}

export default function AdminJob({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { job } = view;
  const inReview = view.status === 'in_review';
  const refusal = actionData && 'error' in actionData ? actionData : undefined;
  return (
    <>
      <div className="border-line bg-surface-sunken border-b">
        <Container className="space-y-3 py-4">
          <p className="text-sm">
            <Link to={`${paths.admin}#review`} className="text-brand underline">
              Back to the console
            </Link>
          </p>
          <p id={TITLE_ID} className="font-semibold">
            Operator’s preview of “{job.title}” (job #{view.id})
          </p>
          {/* A job decided meanwhile has no forms left: the refusal takes the focus here. */}
          {refusal && <RefusalNotice refusal={refusal} formShown={inReview && !!refusal.form} />}
          <ReviewFacts view={view} />
          {inReview && (
            <div className="flex flex-wrap items-end gap-3">
              {/* The console's forms for this item, by the same keys. */}
              <Intent
                form={reviewForm('approve', view.id)}
                intent="approve"
                fields={{ jobId: view.id, version: view.version }}
                label="Approve"
                variant="primary"
                answer={actionData}
                describedBy={TITLE_ID}
              />
              <RejectForm
                form={reviewForm('reject', view.id)}
                jobId={view.id}
                seen="in_review"
                version={view.version}
                answer={actionData}
                describedBy={TITLE_ID}
              />
            </div>
          )}
        </Container>
      </div>
      <article className="container-page max-w-3xl py-6 sm:py-10">
        <JobHeader summary={job} detail={job} />
        {/* No live Apply button: the address is above, as text, to check before approving. */}
        {/* A job never on the board was submitted on its date, not posted (dashboard's words). */}
        <JobSections job={{ ...job, applyLink: null }} unpublished={!view.hasBeenLive} />
      </article>
    </>
  );
}

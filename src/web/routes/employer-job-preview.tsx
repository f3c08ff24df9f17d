// /employer/jobs/:id/preview and /employer/drafts/:draftId/preview: the job exactly as its public
// page shows it (the same components), with the way back to the form.
import { data, Link } from 'react-router';
import type { Route } from './+types/employer-job-preview';
import { routeMeta } from '../components/seo.ts';
import { buttonClasses } from '../components/button.tsx';
import { JobDetailView } from '../features/job-detail/job-detail-view.tsx';
import {
  employerContext,
  idFrom,
  PRIVATE_HEADERS,
  privateHeaders,
  throwUnlessShown,
} from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { account, employer } = employerContext(request, context);
  const ref =
    'draftId' in params && params.draftId !== undefined
      ? { draftId: idFrom(params.draftId) }
      : { jobId: idFrom((params as { id?: string }).id) };
  const result = await employer.jobs.preview(account.id, ref);
  if (!result.ok && result.reason !== 'invalid') throwUnlessShown(result);
  // A job the board sync held: what it could not place is a stand-in, which the preview must say.
  const state = ref.jobId !== undefined ? await employer.jobs.form(account.id, ref) : null;
  const heldReason = state?.ok ? (state.value.heldReason ?? null) : null;
  const back =
    ref.draftId !== undefined
      ? paths.employerDraft(ref.draftId)
      : paths.employerJobEdit(ref.jobId as number);
  return data(
    result.ok
      ? { job: result.value, problem: null, back, heldReason, publicUrl: context.publicUrl }
      : { job: null, problem: result.message, back, heldReason, publicUrl: context.publicUrl },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Preview a job', noindex: true });

export default function PreviewJob({ loaderData }: Route.ComponentProps) {
  const { job, problem, back, heldReason, publicUrl } = loaderData;
  return (
    <>
      <div className="border-line bg-surface-sunken border-b">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="text-sm font-semibold" role="status">
            Preview: this is how the job’s page will look.
          </p>
          <Link to={back} className={buttonClasses('secondary', 'sm')}>
            Back to the form
          </Link>
        </div>
        {heldReason && (
          <p className="container-page text-warning pb-3 text-sm font-medium" data-held>
            Held for our review: {heldReason}. Where we could not place it, this preview shows a
            stand-in (a city or role from elsewhere), not the job’s own: correct it on the form or
            on your board before it goes live.
          </p>
        )}
      </div>
      {job ? (
        <JobDetailView job={job} publicUrl={publicUrl} />
      ) : (
        <div className="container-page max-w-3xl py-10">
          <h1 className="text-2xl font-bold">Not ready to preview</h1>
          <p className="mt-3">{problem}</p>
        </div>
      )}
    </>
  );
}

// /employer/jobs/:id/preview and /employer/drafts/:draftId/preview: the job as its public page
// shows it (the same header and sections), with the next step: submit what it shows (a draft, or
// a job's unsaved changes), or back to the form, which holds it still. What the page offers a
// seeker (save, share, apply, report, hide) is shown inert: a draft has no page to save, share or
// report yet, and a seeker's controls here would act on a job that is not there ("preview").
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/employer-job-preview';
import type { JobDetail } from '../../shared/contract/jobs.ts';
import { applyHref } from '../../shared/safe-url.ts';
import { routeMeta } from '../components/seo.ts';
import { Button, buttonClasses } from '../components/button.tsx';
import { JobHeader } from '../features/job-detail/job-header.tsx';
import { JobSections } from '../features/job-detail/job-sections.tsx';
import {
  employerContext,
  idFrom,
  PRIVATE_HEADERS,
  privateHeaders,
  throwUnlessShown,
} from '../features/employer/employer.server.ts';
import { submittedRedirect } from '../features/employer/job-form-route.server.ts';
import { paths } from '../lib/paths.ts';

/** The draft, or the job, the address names. */
const refOf = (params: Route.LoaderArgs['params']) =>
  'draftId' in params && params.draftId !== undefined
    ? { draftId: idFrom(params.draftId) }
    : { jobId: idFrom((params as { id?: string }).id) };

/**
 * The preview's own Submit, by what it shows: a new job's draft is submitted as the form's Submit
 * job does, a job's unsaved changes saved as its Save changes (Submit again for a rejected job);
 * a job shown as it is, with no changes, is offered none.
 */
function submitLabelOf(draft: boolean, status: string | undefined, changes: boolean) {
  if (draft) return 'Submit job';
  if (status === 'rejected') return 'Submit again';
  return changes ? 'Save changes' : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { account, employer } = employerContext(request, context);
  const ref = refOf(params);
  const result = await employer.jobs.preview(account.id, ref);
  if (!result.ok && result.reason !== 'invalid') throwUnlessShown(result);
  // A job the board sync held: what it could not place is a stand-in, which the preview must say.
  const state = ref.jobId !== undefined ? await employer.jobs.form(account.id, ref) : null;
  const heldReason = state?.ok ? (state.value.heldReason ?? null) : null;
  const back =
    ref.draftId !== undefined
      ? paths.employerDraft(ref.draftId)
      : paths.employerJobEdit(ref.jobId as number);
  const submitLabel = submitLabelOf(
    ref.draftId !== undefined,
    state?.ok ? state.value.status : undefined,
    state?.ok ? state.value.draftId !== null : false,
  );
  return data(
    result.ok
      ? { job: result.value, problem: null, back, heldReason, submitLabel }
      : { job: null, problem: result.message, back, heldReason, submitLabel: null },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * Submit pressed on the preview: what the preview showed (the draft, or the job's unsaved changes,
 * as stored) is submitted as the form would submit it, and the dashboard says what was done. A
 * refusal (a change made since, a company suspended meanwhile) comes back here, saying why.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { account, employer } = employerContext(request, context);
  const form = await request.formData();
  if (form.get('intent') !== 'submit')
    throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
  const ref = refOf(params);
  const state = await employer.jobs.form(account.id, ref);
  if (!state.ok) throwUnlessShown(state);
  const result = await employer.jobs.submit(
    account.id,
    { companyId: state.value.companyId, ...ref },
    state.value.values,
  );
  if (result.ok) throw submittedRedirect(result.value, ref.jobId);
  if (result.reason === 'not-found') throwUnlessShown(result);
  const status = result.reason === 'forbidden' ? 403 : result.reason === 'conflict' ? 409 : 400;
  const why = /[.!?]$/.test(result.message) ? result.message : `${result.message}.`;
  return data(
    {
      refused:
        result.reason === 'forbidden'
          ? `Not submitted: ${why}`
          : `Not submitted: ${why} Back to the form shows it, kept as it is, to correct.`,
    },
    { status, headers: PRIVATE_HEADERS },
  );
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Preview a job', noindex: true });

const INERT_NOTE = 'preview-inert';

/** The job page's Apply button, inert, with where it will lead (for the employer to check). */
function InertApply({ applyLink }: { applyLink: string | null }) {
  const href = applyHref(applyLink);
  if (!href) return null;
  return (
    <div className="mt-8 space-y-2">
      <Button size="lg" disabled aria-describedby={INERT_NOTE}>
        {href.startsWith('mailto:') ? 'Apply by e-mail' : 'Apply on company page'}
      </Button>
      <p className="text-muted text-sm break-all">
        Leads to <span className="text-fg">{href}</span>
      </p>
    </div>
  );
}

/** The job's page as a seeker will see it, its seeker's controls inert (and no JSON-LD). */
function JobPreview({ job }: { job: JobDetail }) {
  return (
    <article className="container-page max-w-3xl py-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-end gap-1">
        <Button variant="secondary" disabled aria-describedby={INERT_NOTE}>
          Save
        </Button>
        <Button variant="secondary" disabled aria-describedby={INERT_NOTE} className="min-w-28">
          Share job
        </Button>
      </div>
      <JobHeader summary={job} detail={job} />
      {/* Its Apply button is drawn below, inert: the sections' own would open the link. */}
      <JobSections job={{ ...job, applyLink: null }} />
      <InertApply applyLink={job.applyLink} />
    </article>
  );
}

export default function PreviewJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, problem, back, heldReason, submitLabel } = loaderData;
  return (
    <>
      <div className="border-line bg-surface-sunken border-b">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="text-sm" role="status">
            <p className="font-semibold">Preview: this is how the job’s page will look.</p>
            <p id={INERT_NOTE}>
              Save, share, apply and report work on the job’s page once it is live.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {job && submitLabel && (
              <Form method="post" className="inline">
                <Button type="submit" name="intent" value="submit" size="sm">
                  {submitLabel}
                </Button>
              </Form>
            )}
            <Link to={back} className={buttonClasses('secondary', 'sm')}>
              Back to the form
            </Link>
          </div>
        </div>
        {actionData?.refused && (
          <p
            role="alert"
            className="container-page text-danger pb-3 text-sm font-medium"
            data-preview-refused
          >
            {actionData.refused}
          </p>
        )}
        {heldReason && (
          <p className="container-page text-warning pb-3 text-sm font-medium" data-held>
            Held for our review: {heldReason}. Where we could not place it, this preview shows a
            stand-in (a city or role from elsewhere), not the job’s own: correct it on the form or
            on your board before it goes live.
          </p>
        )}
      </div>
      {job ? (
        <JobPreview job={job} />
      ) : (
        <div className="container-page max-w-3xl py-10">
          <h1 className="text-2xl font-bold">Not ready to preview</h1>
          <p className="mt-3">{problem}</p>
        </div>
      )}
    </>
  );
}

// /employer/jobs/new: a new job's form, saved as a draft (?draft=) from the first submit on.
import type { Route } from './+types/employer-job-new';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { JobForm } from '../features/employer/job-form.tsx';
import { jobFormAction, jobFormLoader } from '../features/employer/job-form-route.server.ts';
import { privateHeaders } from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';

export const loader = (args: Route.LoaderArgs) => jobFormLoader({ ...args, params: {} });
export const action = (args: Route.ActionArgs) => jobFormAction({ ...args, params: {} });
export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Post a job', noindex: true });

export default function NewJob({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const draftId = actionData?.draftId ?? loaderData.draftId;
  return (
    <>
      <PageHeader eyebrow="Employer" title={<span id="job-form-title">Post a job</span>} />
      <Container className="max-w-3xl py-8">
        <JobForm
          // A new draft's values replace the form's (after a list change without JavaScript).
          key={`${draftId ?? 'new'}`}
          values={values}
          errors={actionData?.errors ?? {}}
          choices={loaderData.choices}
          draftId={draftId}
          formKey={'formKey' in loaderData ? String(loaderData.formKey) : undefined}
          editing={false}
          action={draftId ? paths.employerDraft(draftId) : paths.employerJobNew}
          notice={actionData?.notice ?? ('notice' in loaderData ? loaderData.notice : undefined)}
        />
      </Container>
    </>
  );
}

// /employer/jobs/:id/edit: a job's form; unsaved edits are kept as its draft until submitted.
import type { Route } from './+types/employer-job-edit';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { JOB_STATUS_LABELS } from '../../shared/contract/employer-jobs.ts';
import { JobForm } from '../features/employer/job-form.tsx';
import { jobFormAction, jobFormLoader } from '../features/employer/job-form-route.server.ts';
import { privateHeaders } from '../features/employer/employer.server.ts';
import { paths } from '../lib/paths.ts';

export const loader = (args: Route.LoaderArgs) => jobFormLoader(args);
export const action = (args: Route.ActionArgs) => jobFormAction(args);
export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Edit a job', noindex: true });

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const jobId = loaderData.jobId ?? 0;
  return (
    <>
      <PageHeader
        eyebrow={`Employer · ${JOB_STATUS_LABELS[loaderData.status]}`}
        title={<span id="job-form-title">Edit a job</span>}
        lead={
          loaderData.draftId !== null
            ? 'You have unsaved changes from before: they are shown below.'
            : undefined
        }
      />
      <Container className="max-w-3xl py-8">
        <JobForm
          values={actionData?.values ?? loaderData.values}
          errors={actionData?.errors ?? {}}
          choices={loaderData.choices}
          draftId={null}
          editing
          action={paths.employerJobEdit(jobId)}
          notice={actionData?.notice ?? ('notice' in loaderData ? loaderData.notice : undefined)}
        />
      </Container>
    </>
  );
}

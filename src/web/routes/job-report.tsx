// /job-description/:pageUrl/report: a seeker reports a job (no account): a reason from the list
// and optional details, then a thank-you. The employer never learns who reported.
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/job-report';
import { pageUrlSchema } from '../../shared/contract/jobs.ts';
import { REPORT_REASONS, type ReportsService } from '../../shared/operator-services.ts';
import { Button } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { assertSameOrigin, PRIVATE_HEADERS } from '../features/employer/employer.server.ts';
import { inputClass } from '../components/fields.tsx';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';
import { actionOrLoaderHeaders } from '../lib/route-headers.ts';

/**
 * Only a live job can be reported: no form for an address that names none (a made-up one, an
 * employer's preview), and a closed job's report link leads to its closed page. A report posted
 * to such an address gets the same answer, before its fields are read.
 */
async function assertLiveJob(pageUrl: string, context: Route.LoaderArgs['context']) {
  const known = pageUrlSchema.safeParse(pageUrl).success;
  const lookup = known ? await context.services.jobs.get(pageUrl) : null;
  if (lookup?.status === 'inactive') throw redirect(paths.notActiveJobFor(pageUrl));
  if (lookup?.status !== 'found') {
    throw data({ message: 'No job on the board has this address.' }, { status: 404 });
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const thanks = new URL(request.url).searchParams.get('thanks') === '1';
  if (!thanks) await assertLiveJob(params.pageUrl, context);
  return data({ pageUrl: params.pageUrl, thanks }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await assertLiveJob(params.pageUrl, context);
  const reports = context.reports as ReportsService | undefined;
  if (!reports) throw new Error('The load context has no reports service (app.ts)');
  const form = await request.formData();
  const text = formText(form);
  const result = await reports.report({
    pageUrl: params.pageUrl,
    reason: text('reason'),
    details: text('details'),
  });
  if (!result.ok) {
    const status =
      result.reason === 'rate-limited' ? 429 : result.reason === 'not-found' ? 404 : 400;
    return data(
      { error: result.message, reason: text('reason'), details: text('details') },
      { status, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${paths.jobReport(params.pageUrl)}?thanks=1`, { headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Report this job',
    description: 'Tell us what is wrong with a job',
    noindex: true,
  });

export default function JobReport({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.thanks) {
    return (
      <>
        <PageHeader
          title="Thank you"
          lead="We read every report. The employer never learns who sent it."
          // Reached by the report's redirect: the form and its button are gone, so the answer
          // takes the focus instead of the top of the page.
          focus
        />
        {/* Back to the job first: most reporters came from it and may still want it. */}
        <Container className="flex flex-wrap gap-x-6 gap-y-2 py-8">
          <Link to={paths.job(loaderData.pageUrl)} className="text-brand underline">
            Back to the job
          </Link>
          <Link to={paths.jobs} className="text-brand underline">
            Back to the jobs
          </Link>
        </Container>
      </>
    );
  }
  const error = actionData?.error;
  return (
    <>
      <PageHeader
        title="Report this job"
        lead="No account needed. The employer never learns who reported."
      />
      <Container className="py-8">
        <Form
          method="post"
          className="max-w-xl space-y-5"
          aria-describedby={error ? 'report-error' : undefined}
        >
          {error && (
            <p id="report-error" role="alert" className="text-danger">
              {error}
            </p>
          )}
          <fieldset>
            <legend className="mb-2 font-semibold">What is wrong?</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r.value} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="reason"
                  value={r.value}
                  required
                  defaultChecked={actionData?.reason === r.value}
                />
                {r.label}
              </label>
            ))}
          </fieldset>
          <label className="block">
            <span className="font-semibold">Details (optional)</span>
            <textarea
              name="details"
              maxLength={1000}
              rows={4}
              defaultValue={actionData?.details ?? ''}
              className={inputClass}
            />
          </label>
          <div className="flex gap-3">
            <Button type="submit" variant="primary">
              Send the report
            </Button>
            <Link to={paths.job(loaderData.pageUrl)} className="self-center underline">
              Cancel
            </Link>
          </div>
        </Form>
      </Container>
    </>
  );
}

// The demo data set as the server seeds it (same generator, same seed), so browser tests can pick
// jobs by what they contain and know exactly which ones are active.
import { generateDemo, type JobRow } from '../src/server/db/seed/generate.ts';

const demo = generateDemo();

export const demoJobs = demo.jobs;

export function isActive(job: JobRow, now = Date.now()): boolean {
  return job.isActive !== false && (job.validThrough == null || job.validThrough.getTime() > now);
}

export const activeJobs = demoJobs.filter((job) => isActive(job));

/** The first active job matching `test`; fails loudly if the data set has none. */
export function activeJob(test: (job: JobRow) => boolean, what: string): JobRow {
  const job = activeJobs.find(test);
  if (!job) throw new Error(`The demo data has no active job ${what}`);
  return job;
}

export const fullJob = activeJob(
  (j) =>
    j.applyLink != null &&
    j.salaryProvided === 'true' &&
    j.noOfOpening != null &&
    (j.whoCanApply?.length ?? 0) > 0 &&
    (j.preferredQualification?.length ?? 0) > 0 &&
    companyOf(j).companyOverview != null,
  'with every field',
);

export function companyOf(job: JobRow) {
  const company = demo.companies.find((c) => c.id === job.companyId);
  if (!company) throw new Error(`No company ${job.companyId}`);
  return company;
}

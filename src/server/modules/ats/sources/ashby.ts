// Ashby's public posting API: the whole board in one answer (`jobs`), compensation when asked
// with includeCompensation=true (`compensation.summaryComponents`, salary by interval and
// currency), the location as text plus a structured postal address, HTML in `descriptionHtml`.
import { singleListSource } from './single-list.ts';
import type { AtsPosting } from './types.ts';
import {
  htmlOf,
  isRecord,
  postingIdOf,
  jobTypeFrom,
  levelFrom,
  salaryOf,
  str,
  workModeFrom,
} from './types.ts';

function salaryOfAshby(compensation: unknown): AtsPosting['salary'] {
  if (!isRecord(compensation)) return null;
  const components = Array.isArray(compensation.summaryComponents)
    ? compensation.summaryComponents.filter(isRecord)
    : [];
  const salary = components.find((c) => c.compensationType === 'Salary');
  return salary
    ? salaryOf(salary.minValue, salary.maxValue, str(salary.interval), salary.currencyCode)
    : null;
}

export function mapAshby(job: Record<string, unknown>): AtsPosting {
  const address =
    isRecord(job.address) && isRecord(job.address.postalAddress) ? job.address.postalAddress : {};
  return {
    postingId: postingIdOf(job.id),
    title: str(job.title),
    location: {
      city: str(address.addressLocality),
      region: str(address.addressRegion),
      country: str(address.addressCountry),
      text: str(job.location),
    },
    department: str(job.department) ?? str(job.team),
    jobType: jobTypeFrom(str(job.employmentType)),
    experienceLevel: levelFrom(str(job.title)),
    workMode: workModeFrom(str(job.workplaceType), job.isRemote),
    salary: salaryOfAshby(job.compensation),
    descriptionHtml: htmlOf(job.descriptionHtml),
    applyUrl: str(job.applyUrl) ?? str(job.jobUrl),
    publishedAt: str(job.publishedAt),
  };
}

export const ashby = singleListSource({
  name: 'ashby',
  label: 'Ashby',
  boardLabel: 'Board name',
  boardHint: 'The word after jobs.ashbyhq.com/ in your job board address, e.g. acme.',
  boardPattern: /^[a-z0-9][a-z0-9_.-]{0,99}$/i,
  boardMaxLength: 100,
  url: (board) =>
    `https://api.ashbyhq.com/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`,
  listKey: 'jobs',
  map: mapAshby,
  // Unlisted jobs are reachable by link only: the company keeps them off its own board.
  keep: (j) => j.isListed !== false,
});

// Ashby's public posting API: the whole board in one answer (`jobs`), compensation when asked
// with includeCompensation=true (`compensation.summaryComponents`, salary by interval and
// currency), the location as text plus a structured postal address, HTML in `descriptionHtml`.
import {
  type AtsPosting,
  type AtsSource,
  getJsonList,
  htmlOf,
  isRecord,
  jobTypeFrom,
  levelFrom,
  recordsWithId,
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
    postingId: String(job.id),
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

export const ashby: AtsSource = {
  name: 'ashby',
  label: 'Ashby',
  boardLabel: 'Board name',
  boardHint: 'The word after jobs.ashbyhq.com/ in your job board address, e.g. acme.',
  boardPattern: /^[a-z0-9][a-z0-9_.-]{0,99}$/i,
  async fetchAll(board, get) {
    const url = `https://api.ashbyhq.com/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`;
    const { items } = await getJsonList(get, url, 'Ashby', 'jobs');
    // Unlisted jobs are reachable by link only: the company keeps them off its own board.
    return recordsWithId(items, 'id')
      .filter((j) => j.isListed !== false)
      .map((j) => mapAshby(j));
  },
};

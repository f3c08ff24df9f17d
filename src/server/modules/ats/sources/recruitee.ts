// Recruitee's careers-site API: `offers` in one answer, the description and the requirements as
// separate HTML, city/state/country fields next to a one-string `location`, codes for the
// employment type and experience, and `salary` {min, max, period, currency} when published.
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
  SUBDOMAIN,
  workModeFrom,
} from './types.ts';

export function mapRecruitee(o: Record<string, unknown>): AtsPosting {
  const salary = isRecord(o.salary)
    ? salaryOf(o.salary.min, o.salary.max, str(o.salary.period), o.salary.currency)
    : null;
  const requirements =
    typeof o.requirements === 'string' && o.requirements.trim()
      ? `<p>Requirements</p>${o.requirements}`
      : '';
  return {
    postingId: postingIdOf(o.id),
    title: str(o.title),
    location: {
      city: str(o.city),
      region: str(o.state_name),
      country: str(o.country_code) ?? str(o.country),
      text: str(o.location),
    },
    department: str(o.department),
    jobType: jobTypeFrom(str(o.employment_type_code)),
    experienceLevel: levelFrom(str(o.experience_code) ?? str(o.title)),
    workMode: o.hybrid === true ? 'hybrid' : workModeFrom(null, o.remote),
    salary,
    descriptionHtml: `${htmlOf(o.description)}${requirements}`,
    applyUrl: str(o.careers_apply_url) ?? str(o.careers_url),
    publishedAt: str(o.published_at) ?? str(o.created_at),
  };
}

export const recruitee = singleListSource({
  name: 'recruitee',
  label: 'Recruitee',
  boardLabel: 'Company subdomain',
  boardHint: 'The word before .recruitee.com in your careers site address, e.g. acme.',
  boardPattern: SUBDOMAIN,
  boardMaxLength: 63,
  url: (board) => `https://${board.toLowerCase()}.recruitee.com/api/offers/`,
  listKey: 'offers',
  map: mapRecruitee,
});

// Workable's public jobs widget: `jobs` in one answer for the account's subdomain; with
// details=true each job carries its HTML description. Location arrives split (city, state,
// country) with `telecommuting` for remote; no salary is published there.
import { singleListSource } from './single-list.ts';
import type { AtsPosting } from './types.ts';
import {
  htmlOf,
  isRecord,
  postingIdOf,
  jobTypeFrom,
  levelFrom,
  str,
  SUBDOMAIN,
  workModeFrom,
} from './types.ts';

export function mapWorkable(j: Record<string, unknown>): AtsPosting {
  const locations = Array.isArray(j.locations) ? j.locations.filter(isRecord) : [];
  const first = locations[0] ?? {};
  return {
    postingId: postingIdOf(j.shortcode),
    title: str(j.title),
    location: {
      city: str(j.city) ?? str(first.city),
      region: str(j.state) ?? str(first.region),
      country: str(j.country) ?? str(first.countryCode) ?? str(first.country),
    },
    department: str(j.department) ?? str(j.function),
    jobType: jobTypeFrom(str(j.employment_type)),
    experienceLevel: levelFrom(str(j.experience)),
    workMode: workModeFrom(null, j.telecommuting),
    salary: null,
    descriptionHtml: htmlOf(j.description),
    applyUrl: str(j.application_url) ?? str(j.url) ?? str(j.shortlink),
    publishedAt: str(j.published_on) ?? str(j.created_at),
  };
}

export const workable = singleListSource({
  name: 'workable',
  label: 'Workable',
  boardLabel: 'Account subdomain',
  boardHint: 'The word after apply.workable.com/ in your careers address, e.g. acme.',
  boardPattern: SUBDOMAIN,
  boardMaxLength: 63,
  url: (board) =>
    `https://apply.workable.com/api/v1/widget/accounts/${encodeURIComponent(board)}?details=true`,
  listKey: 'jobs',
  map: mapWorkable,
});

// Workable's public jobs widget: `jobs` in one answer for the account's subdomain; with
// details=true each job carries its HTML description. Location arrives split (city, state,
// country) with `telecommuting` for remote; no salary is published there.
import {
  type AtsPosting,
  type AtsSource,
  getJsonList,
  htmlOf,
  isRecord,
  jobTypeFrom,
  levelFrom,
  recordsWithId,
  str,
  SUBDOMAIN,
  workModeFrom,
} from './types.ts';

export function mapWorkable(j: Record<string, unknown>): AtsPosting {
  const locations = Array.isArray(j.locations) ? j.locations.filter(isRecord) : [];
  const first = locations[0] ?? {};
  return {
    postingId: String(j.shortcode),
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

export const workable: AtsSource = {
  name: 'workable',
  label: 'Workable',
  boardLabel: 'Account subdomain',
  boardHint: 'The word after apply.workable.com/ in your careers address, e.g. acme.',
  boardPattern: SUBDOMAIN,
  async fetchAll(board, get) {
    const url = `https://apply.workable.com/api/v1/widget/accounts/${encodeURIComponent(board)}?details=true`;
    const { items } = await getJsonList(get, url, 'Workable', 'jobs');
    return recordsWithId(items, 'shortcode').map((j) => mapWorkable(j));
  },
};

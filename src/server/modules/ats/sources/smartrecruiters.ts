// SmartRecruiters' Posting API: a list of postings paged with offset/limit (`totalFound`), each
// without its text, so every posting's details are read too (`jobAd.sections.*.text`, HTML).
// Location comes split (city, region, lower-case country code) with a `remote` flag.
import {
  type AtsPosting,
  type AtsSource,
  BoardFormatError,
  getJsonList,
  isRecord,
  jobTypeFrom,
  levelFrom,
  num,
  parseJson,
  PATH_WORD,
  postingIdOf,
  postingRecords,
  str,
  workModeFrom,
} from './types.ts';

export const SMARTRECRUITERS_PAGE = 100;
const MAX_POSTINGS = 2000;

const label = (v: unknown) => (isRecord(v) ? str(v.label) : null);

export function mapSmartRecruiters(
  p: Record<string, unknown>,
  details: Record<string, unknown>,
): AtsPosting {
  const location = isRecord(p.location) ? p.location : {};
  const sections =
    isRecord(details.jobAd) && isRecord(details.jobAd.sections) ? details.jobAd.sections : {};
  const html = ['jobDescription', 'qualifications', 'additionalInformation']
    .map((key) => {
      const s = sections[key];
      if (!isRecord(s) || typeof s.text !== 'string') return '';
      return `${typeof s.title === 'string' ? `<p>${s.title}</p>` : ''}${s.text}`;
    })
    .join('');
  const experience = isRecord(p.experienceLevel) ? str(p.experienceLevel.id) : null;
  return {
    postingId: postingIdOf(p.id),
    title: str(p.name),
    location: {
      city: str(location.city),
      region: str(location.region),
      country: str(location.country),
      text: str(location.fullLocation),
    },
    department: label(p.department) ?? label(p.function),
    jobType: jobTypeFrom(label(p.typeOfEmployment)),
    experienceLevel:
      experience === 'not_applicable' ? null : levelFrom(experience?.replace('mid_senior', 'mid')),
    workMode: workModeFrom(null, location.remote),
    salary: null,
    descriptionHtml: html,
    applyUrl: str(details.applyUrl) ?? str(details.postingUrl),
    publishedAt: str(p.releasedDate),
  };
}

export const smartrecruiters: AtsSource = {
  name: 'smartrecruiters',
  label: 'SmartRecruiters',
  boardLabel: 'Company identifier',
  boardHint: 'The word after jobs.smartrecruiters.com/ in your careers address, e.g. Acme1.',
  boardPattern: PATH_WORD,
  boardMaxLength: 100,
  async fetchAll(board, get) {
    const base = `https://api.smartrecruiters.com/v1/companies/${encodeURIComponent(board)}/postings`;
    const listed: Record<string, unknown>[] = [];
    // Pages by what arrived (a server may send fewer than asked) until totalFound or an empty page.
    for (let offset = 0; ;) {
      if (offset >= MAX_POSTINGS)
        throw new BoardFormatError(`SmartRecruiters board has more than ${MAX_POSTINGS} postings`);
      const { items, page } = await getJsonList(
        get,
        `${base}?offset=${offset}&limit=${SMARTRECRUITERS_PAGE}`,
        'SmartRecruiters',
        'content',
        'postings',
      );
      listed.push(...postingRecords(items));
      offset += items.length;
      if (items.length === 0 || offset >= (num(page.totalFound) ?? 0)) break;
    }
    const postings: AtsPosting[] = [];
    for (const p of listed) {
      const id = postingIdOf(p.id);
      // A posting without an id has no details to fetch; the crawl reports it as not saved.
      const details = id
        ? parseJson(await get(`${base}/${encodeURIComponent(id)}`, 'json'), 'SmartRecruiters')
        : {};
      postings.push(mapSmartRecruiters(p, isRecord(details) ? details : {}));
    }
    return postings;
  },
};

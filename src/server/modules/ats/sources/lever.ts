// Lever's postings API: a JSON array per page, read with skip/limit until a short page. The
// description is HTML, with the posting's lists (`lists[].text` heading, `lists[].content` as
// <li> items) and `additional` beside it; `salaryRange` appears only when the company publishes it.
import {
  type AtsPosting,
  type AtsSource,
  BoardFormatError,
  getJsonList,
  htmlOf,
  isRecord,
  jobTypeFrom,
  levelFrom,
  PATH_WORD,
  postingIdOf,
  postingRecords,
  salaryOf,
  str,
  workModeFrom,
} from './types.ts';

export const LEVER_PAGE = 100;
/** A board larger than this is refused rather than read forever (a looping server). */
const MAX_PAGES = 50;

export function mapLever(p: Record<string, unknown>): AtsPosting {
  const categories = isRecord(p.categories) ? p.categories : {};
  const lists = Array.isArray(p.lists) ? p.lists.filter(isRecord) : [];
  const html = [
    htmlOf(p.description),
    ...lists.map((l) => `<p>${htmlOf(l.text)}</p><ul>${htmlOf(l.content)}</ul>`),
    htmlOf(p.additional),
  ].join('');
  const salary = isRecord(p.salaryRange)
    ? salaryOf(
        p.salaryRange.min,
        p.salaryRange.max,
        str(p.salaryRange.interval),
        p.salaryRange.currency,
      )
    : null;
  const created = typeof p.createdAt === 'number' ? new Date(p.createdAt).toISOString() : null;
  return {
    postingId: postingIdOf(p.id),
    title: str(p.text),
    location: { text: str(categories.location), country: str(p.country) },
    department: str(categories.team) ?? str(categories.department),
    jobType: jobTypeFrom(str(categories.commitment)),
    experienceLevel: levelFrom(str(p.text)),
    workMode: workModeFrom(str(p.workplaceType)),
    salary,
    descriptionHtml: html,
    applyUrl: str(p.applyUrl) ?? str(p.hostedUrl),
    publishedAt: created,
  };
}

export const lever: AtsSource = {
  name: 'lever',
  label: 'Lever',
  boardLabel: 'Site name',
  boardHint: 'The word after jobs.lever.co/ in your job board address, e.g. acme.',
  boardPattern: PATH_WORD,
  boardMaxLength: 100,
  async fetchAll(board, get) {
    const postings: AtsPosting[] = [];
    // Pages until an empty one: a server may send fewer than asked on any page but the last.
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = `https://api.lever.co/v0/postings/${encodeURIComponent(board)}?mode=json&skip=${postings.length}&limit=${LEVER_PAGE}`;
      const { items } = await getJsonList(get, url, 'Lever', null);
      if (items.length === 0) return postings;
      postings.push(...postingRecords(items).map((p) => mapLever(p)));
    }
    throw new BoardFormatError(`Lever board has more than ${MAX_PAGES} pages`);
  },
};

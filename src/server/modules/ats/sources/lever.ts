// Lever's postings API: a JSON array per page, read with skip/limit until a short page. The
// description is HTML, with the posting's lists (`lists[].text` heading, `lists[].content` as
// <li> items) and `additional` beside it; `salaryRange` appears only when the company publishes it.
import {
  type AtsPosting,
  type AtsSource,
  BoardFormatError,
  isRecord,
  jobTypeFrom,
  levelFrom,
  parseJson,
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
    typeof p.description === 'string' ? p.description : '',
    ...lists.map(
      (l) =>
        `<p>${typeof l.text === 'string' ? l.text : ''}</p><ul>${typeof l.content === 'string' ? l.content : ''}</ul>`,
    ),
    typeof p.additional === 'string' ? p.additional : '',
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
    postingId: String(p.id),
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
  boardPattern: /^[a-z0-9][a-z0-9_-]{0,99}$/i,
  async fetchAll(board, get) {
    const postings: AtsPosting[] = [];
    // Pages until an empty one: a server may send fewer than asked on any page but the last.
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = `https://api.lever.co/v0/postings/${encodeURIComponent(board)}?mode=json&skip=${postings.length}&limit=${LEVER_PAGE}`;
      const body = parseJson(await get(url, 'json'), 'Lever');
      if (!Array.isArray(body))
        throw new BoardFormatError('Lever answered without a list of postings');
      if (body.length === 0) return postings;
      postings.push(
        ...body
          .filter(isRecord)
          .filter((p) => p.id !== undefined)
          .map(mapLever),
      );
    }
    throw new BoardFormatError(`Lever board has more than ${MAX_PAGES} pages`);
  },
};

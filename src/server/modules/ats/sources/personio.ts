// Personio's XML feed of open positions (`<workzag-jobs><position>…`): the office as one
// string, department, employment type, seniority, schedule, and the text as named
// `<jobDescription>` parts whose `<value>` is HTML in CDATA. No salary; the apply page is
// https://{company}.jobs.personio.de/job/{id}.
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag } from '../html-text.ts';
import {
  type AtsPosting,
  type AtsSource,
  BoardFormatError,
  jobTypeFrom,
  levelFrom,
  SUBDOMAIN,
} from './types.ts';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const child = (el: Element, name: string): Element | null =>
  (el.children.find((c) => isTag(c) && c.name === name) as Element | undefined) ?? null;
const text = (el: Element | null) => {
  const t = el ? DomUtils.textContent(el).trim() : '';
  return t === '' ? null : t;
};

export function mapPersonio(position: Element, board: string): AtsPosting {
  const id = text(child(position, 'id')) ?? '';
  const descriptions = child(position, 'jobDescriptions');
  const html = (
    descriptions
      ? DomUtils.getElementsByTagName('jobDescription', descriptions.children, false)
      : []
  )
    .map((d) => `<p>${text(child(d, 'name')) ?? ''}</p>${text(child(d, 'value')) ?? ''}`)
    .join('');
  const schedule = text(child(position, 'schedule'));
  const employment = text(child(position, 'employmentType'));
  return {
    postingId: id,
    title: text(child(position, 'name')),
    location: { text: text(child(position, 'office')) },
    department: text(child(position, 'department')) ?? text(child(position, 'recruitingCategory')),
    // "permanent" says nothing of the hours; the schedule does.
    jobType:
      employment === 'permanent' && schedule
        ? jobTypeFrom(schedule)
        : jobTypeFrom(employment ?? schedule),
    experienceLevel: levelFrom(
      text(child(position, 'seniority')) ?? text(child(position, 'yearsOfExperience')),
    ),
    workMode: null,
    salary: null,
    descriptionHtml: html,
    applyUrl: id
      ? `https://${board.toLowerCase()}.jobs.personio.de/job/${encodeURIComponent(id)}`
      : null,
    publishedAt: text(child(position, 'createdAt')),
  };
}

export const personio: AtsSource = {
  name: 'personio',
  label: 'Personio',
  boardLabel: 'Company subdomain',
  boardHint: 'The word before .jobs.personio.de in your careers page address, e.g. acme.',
  boardPattern: SUBDOMAIN,
  boardMaxLength: 63,
  async fetchAll(board, get) {
    const xml = await get(`https://${board.toLowerCase()}.jobs.personio.de/xml`, 'xml');
    const doc = parseDocument(xml, { xmlMode: true });
    const root = DomUtils.getElementsByTagName('workzag-jobs', doc, true, 1)[0];
    if (!root) throw new BoardFormatError('Personio answered without a <workzag-jobs> feed');
    return DomUtils.getElementsByTagName('position', root.children, false).map((p) =>
      mapPersonio(p, board),
    );
  },
};

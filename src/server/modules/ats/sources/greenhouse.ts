// Greenhouse's Job Board API: one request returns the whole board (no paging) with
// `content=true`. The description arrives HTML-escaped (`&lt;p&gt;`); the public API publishes
// no salary, employment type or seniority, so those stay unknown unless the metadata names them.
import { unescapeHtml } from '../html-text.ts';
import { singleListSource } from './single-list.ts';
import type { AtsPosting } from './types.ts';
import {
  htmlOf,
  isRecord,
  postingIdOf,
  jobTypeFrom,
  levelFrom,
  PATH_WORD,
  str,
  workModeFrom,
} from './types.ts';

/** Custom metadata fields a board may carry, read by name ("Employment Type", "Seniority"). */
function metadataValue(metadata: unknown, pattern: RegExp): string | null {
  if (!Array.isArray(metadata)) return null;
  for (const m of metadata) {
    if (isRecord(m) && typeof m.name === 'string' && pattern.test(m.name)) {
      const v = Array.isArray(m.value) ? m.value[0] : m.value;
      return str(v);
    }
  }
  return null;
}

export function mapGreenhouse(job: Record<string, unknown>): AtsPosting {
  const location = isRecord(job.location) ? str(job.location.name) : null;
  const departments = Array.isArray(job.departments) ? job.departments : [];
  const department = departments.map((d) => (isRecord(d) ? str(d.name) : null)).find(Boolean);
  const metadata = job.metadata;
  const employment = metadataValue(metadata, /employment|job type/i);
  return {
    postingId: postingIdOf(job.id),
    title: str(job.title),
    location: { text: location },
    department: department ?? null,
    jobType: jobTypeFrom(employment),
    experienceLevel: levelFrom(metadataValue(metadata, /seniority|level/i) ?? str(job.title)),
    workMode:
      workModeFrom(metadataValue(metadata, /workplace|remote/i)) ??
      (location && /\bremote\b/i.test(location) ? 'remote' : null),
    salary: null,
    descriptionHtml: unescapeHtml(htmlOf(job.content)),
    applyUrl: str(job.absolute_url),
    publishedAt: str(job.first_published) ?? str(job.updated_at),
  };
}

export const greenhouse = singleListSource({
  name: 'greenhouse',
  label: 'Greenhouse',
  boardLabel: 'Board token',
  boardHint: 'The word after boards.greenhouse.io/ in your job board address, e.g. acme.',
  boardPattern: PATH_WORD,
  boardMaxLength: 100,
  url: (board) =>
    `https://boards-api.greenhouse.io/v1/boards/${encodeURIComponent(board)}/jobs?content=true`,
  listKey: 'jobs',
  map: mapGreenhouse,
});

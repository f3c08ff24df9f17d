// Jobs like one job, for its page and for the page of a closed job: active jobs of the same role
// in the same city first, then of the same role elsewhere, then by the words of its title. Each
// tier reads at most a few index entries (jobs_role_city_newest, jobs_role_newest: the newest
// first), and the word tier, needed only when the role has too few jobs, ranks at most
// SIMILAR_WINDOW of the newest matches (a common word matches a third of a million jobs at 1M).
import { SIMILAR_JOBS } from '../../../../shared/constants.ts';
import { normalizeSearch } from '../../../../shared/text.ts';
import { ACTIVE, CARD_COLUMNS } from './listing-sql.ts';
import type { RunStatement } from '../../../db/statements.ts';
import type { CardRow } from './job-summary.ts';

export const SIMILAR_WINDOW = 200;

/** Words shorter than this ("a", "of", "ii") say nothing about the job. */
const MIN_WORD = 3;
const MAX_WORDS = 8;

/** The title's words as an OR tsquery for to_tsquery('simple', …), or null when none is left. */
export function titleTsquery(title: string): string | null {
  const words = [
    ...new Set(
      normalizeSearch(title)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= MIN_WORD),
    ),
  ].slice(0, MAX_WORDS);
  return words.length === 0 ? null : words.join(' | ');
}

interface Source {
  id: number;
  role_id: number;
  city_id: number;
  title: string;
}

/** Ids in their order: tier, then newest (tiers 1–2) or rank then newest (tier 3). */
async function similarIds(run: RunStatement, job: Source): Promise<number[]> {
  const byRole = await run<{ id: number }>({ name: 'jobs-similar-role', text: `SELECT id FROM (
      (SELECT j.id, 1 AS tier, j.posted_at FROM jobs j
        WHERE j.role_id = $1 AND j.city_id = $2 AND j.id <> $3 AND ${ACTIVE}
        ORDER BY j.posted_at DESC, j.id DESC LIMIT ${SIMILAR_JOBS})
      UNION ALL
      (SELECT j.id, 2 AS tier, j.posted_at FROM jobs j
        WHERE j.role_id = $1 AND (j.city_id + 0) <> $2 AND j.id <> $3 AND ${ACTIVE}
        ORDER BY j.posted_at DESC, j.id DESC LIMIT ${SIMILAR_JOBS})
    ) u
    ORDER BY tier, posted_at DESC, id DESC
    LIMIT ${SIMILAR_JOBS}`, values: [job.role_id, job.city_id, job.id], plan: 'generic' });
  const ids = byRole.map((r) => r.id);
  const tsquery = titleTsquery(job.title);
  if (ids.length >= SIMILAR_JOBS || tsquery === null) return ids;
  const byWords = await run<{ id: number }>({ name: 'jobs-similar-words', text: `WITH w AS MATERIALIZED (
      SELECT j.id, j.posted_at, ts_rank(j.search_vector, to_tsquery('simple', $2))::float8 AS rk
      FROM jobs j
      WHERE j.search_vector @@ to_tsquery('simple', $2) AND (j.role_id + 0) <> $1 AND ${ACTIVE}
      ORDER BY j.posted_at DESC, j.id DESC
      LIMIT ${SIMILAR_WINDOW}
    )
    SELECT id FROM w ORDER BY rk DESC, posted_at DESC, id DESC LIMIT ${SIMILAR_JOBS}`, values: [job.role_id, tsquery],
    // Like a keyword search: a rare word wants the GIN index, a common one the newest order.
    plan: 'per-values' });
  return [...ids, ...byWords.map((r) => r.id)].slice(0, SIMILAR_JOBS);
}

/** The card rows of up to SIMILAR_JOBS jobs like the job at `pageUrl` (active or not), in order. */
export async function similarRows(run: RunStatement, pageUrl: string): Promise<CardRow[]> {
  const [job] = await run<Source>({ name: 'jobs-similar-source', text: 'SELECT id, role_id, city_id, title FROM jobs WHERE page_url = $1', values: [pageUrl] });
  if (!job) return [];
  const ids = await similarIds(run, job);
  if (ids.length === 0) return [];
  const rows = await run<CardRow>({ name: 'jobs-similar-cards', text: `SELECT j.id, NULL::float8 AS rk, ${CARD_COLUMNS} FROM jobs j WHERE j.id = ANY($1::int4[])`,
    // An array literal: PGlite's client passes values as SQL text.
    values: [`{${ids.join(',')}}`] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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

/** A statement's cards as one JSON array (see cardsJson). */
type Answer = { rows: CardRow[] | null };

/**
 * The cards of the jobs `picked` finds (its columns: id and those `order` sorts by), as one JSON
 * array in `order` (column `rows`, NULL when it finds none): the ids and their cards in one
 * round trip, as the listing reads a page (listing-sql.ts withCards).
 */
function cardsJson(picked: string, order: string) {
  return `SELECT json_agg(r ORDER BY ${order}) FROM (
      SELECT p.*, NULL::float8 AS rk, ${CARD_COLUMNS} FROM (${picked}) p JOIN jobs j ON j.id = p.id
    ) r`;
}

// The job (any state) and, in one round trip, the cards of its role's tiers: the tiers' subquery
// reads the job's row as parameters, so each tier is a short scan of its index.
const byRoleSql = `SELECT s.role_id, s.title, (${cardsJson(
  `SELECT u.id, u.tier, u.posted_at AS by_posted FROM (
      (SELECT j.id, 1 AS tier, j.posted_at FROM jobs j
        WHERE j.role_id = s.role_id AND j.city_id = s.city_id AND j.id <> s.id AND ${ACTIVE}
        ORDER BY j.posted_at DESC, j.id DESC LIMIT ${SIMILAR_JOBS})
      UNION ALL
      (SELECT j.id, 2 AS tier, j.posted_at FROM jobs j
        WHERE j.role_id = s.role_id AND (j.city_id + 0) <> s.city_id AND j.id <> s.id AND ${ACTIVE}
        ORDER BY j.posted_at DESC, j.id DESC LIMIT ${SIMILAR_JOBS})
    ) u
    ORDER BY u.tier, u.posted_at DESC, u.id DESC
    LIMIT ${SIMILAR_JOBS}`,
  'r.tier, r.by_posted DESC, r.id DESC',
)}) AS rows
  FROM jobs s WHERE s.page_url = $1`;

const byWordsSql = `SELECT (${cardsJson(
  `SELECT id, rank, by_posted FROM (
      SELECT j.id, ts_rank(j.search_vector, to_tsquery('simple', $2))::float8 AS rank,
        j.posted_at AS by_posted
      FROM jobs j
      WHERE j.search_vector @@ to_tsquery('simple', $2) AND (j.role_id + 0) <> $1 AND ${ACTIVE}
      ORDER BY j.posted_at DESC, j.id DESC
      LIMIT ${SIMILAR_WINDOW}
    ) w
    ORDER BY rank DESC, by_posted DESC, id DESC
    LIMIT ${SIMILAR_JOBS}`,
  'r.rank DESC, r.by_posted DESC, r.id DESC',
)}) AS rows`;

/** The card rows of up to SIMILAR_JOBS jobs like the job at `pageUrl` (active or not), in order. */
export async function similarRows(run: RunStatement, pageUrl: string): Promise<CardRow[]> {
  const [job] = await run<Answer & { role_id: number; title: string }>({
    name: 'jobs-similar-role',
    text: byRoleSql,
    values: [pageUrl],
    plan: 'generic',
  });
  if (!job) return [];
  const byRole = job.rows ?? [];
  const tsquery = titleTsquery(job.title);
  if (byRole.length >= SIMILAR_JOBS || tsquery === null) return byRole;
  const [byWords] = await run<Answer>({
    name: 'jobs-similar-words',
    text: byWordsSql,
    values: [job.role_id, tsquery],
    // Like a keyword search: a rare word wants the GIN index, a common one the newest order.
    plan: 'per-values',
  });
  return [...byRole, ...(byWords?.rows ?? [])].slice(0, SIMILAR_JOBS);
}

// The listing's keyset cursor: an opaque base64url string holding where the last page ended
// (sort, last sort value, last id, and the rank when searching). Anything that does not decode to
// exactly that shape is refused as an invalid query naming `cursor` (a 400 from the API).
import { z } from 'zod';
import { InvalidQueryError } from '../../../shared/services.ts';

export type SortKey = 'newest' | 'popular';

export interface Cursor {
  sort: SortKey;
  /** Newest: posted_at in microseconds since 1970; popular: the view count. */
  value: number;
  id: number;
  /** Search rank of the last row, present only when the listing was searched. */
  rank?: number;
}

const MAX_ID = 2_147_483_647;
const sortLetter = { newest: 'n', popular: 'p' } as const;

const plain = z.tuple([
  z.enum(['n', 'p']),
  z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  z.number().int().min(1).max(MAX_ID),
]);
const searched = z.tuple([
  z.enum(['n', 'p']),
  z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  z.number().int().min(1).max(MAX_ID),
  z.number().min(0).max(1e6),
]);

export function encodeCursor(cursor: Cursor): string {
  const tuple: (string | number)[] = [sortLetter[cursor.sort], cursor.value, cursor.id];
  if (cursor.rank !== undefined) tuple.push(cursor.rank);
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

function invalid(reason: string): InvalidQueryError {
  return new InvalidQueryError('cursor', reason);
}

function parseJson(raw: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid('is not a cursor from this listing');
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor from this listing');
  }
}

/** Decodes a cursor for a listing with this sort and (with or without) a keyword search. */
export function decodeCursor(raw: string, sort: SortKey, withSearch: boolean): Cursor {
  const parsed = (withSearch ? searched : plain).safeParse(parseJson(raw));
  if (!parsed.success) {
    throw invalid(
      withSearch
        ? 'is not a cursor from this search (it may come from a listing without q)'
        : 'is not a cursor from this listing (it may come from a search with q)',
    );
  }
  const [letter, value, id, rank] = parsed.data as [string, number, number, number?];
  if (letter !== sortLetter[sort]) throw invalid('was made for the other sort order');
  if (sort === 'popular' && (value < 0 || value > MAX_ID))
    throw invalid('has an impossible view count');
  return rank === undefined ? { sort, value, id } : { sort, value, id, rank };
}

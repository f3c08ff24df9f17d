// A board whose API answers every posting in one JSON list (Ashby, Greenhouse, Recruitee,
// Workable): one request, the list under one field, each posting mapped on its own.
import { type AtsPosting, type AtsSource, getJsonList, postingRecords } from './types.ts';

type Posting = Record<string, unknown>;

export interface SingleListBoard extends Omit<AtsSource, 'fetchAll'> {
  /** The board's one address. */
  url(board: string): string;
  /** The field of the answer that holds the list. */
  listKey: string;
  map(posting: Posting): AtsPosting;
  /** Whether a listed posting is taken (all are, unless this says otherwise). */
  keep?(posting: Posting): boolean;
}

export function singleListSource({
  url,
  listKey,
  map,
  keep = () => true,
  ...source
}: SingleListBoard): AtsSource {
  return {
    ...source,
    async fetchAll(board, get) {
      const { items } = await getJsonList(get, url(board), source.label, listKey);
      return postingRecords(items)
        .filter((p) => keep(p))
        .map((p) => map(p));
    },
  };
}

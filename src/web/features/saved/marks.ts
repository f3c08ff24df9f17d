// Saved jobs and hidden jobs and companies as plain data: read from the browser's storage
// (validated, bounded), merged (a union) and changed. Pure, so the rules are tested apart from React.
import type { MarkKind, Marks } from '../../../shared/seeker-services.ts';

export const MARK_KIND_LIST: readonly MarkKind[] = ['saved', 'hidden-job', 'hidden-company'];

/** The browser keeps at most this many of each kind (the account keeps as many). */
export const MAX_LOCAL_MARKS = 500;

export const STORAGE_KEY = 'openings:marks';

export function emptyMarks(): Marks {
  return { saved: [], 'hidden-job': [], 'hidden-company': [] };
}

const validId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 31;

/** What storage held, keeping only well-formed ids; anything else reads as nothing. */
export function parseMarks(text: string | null): Marks {
  const marks = emptyMarks();
  if (!text) return marks;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return marks;
  }
  if (!raw || typeof raw !== 'object') return marks;
  for (const kind of MARK_KIND_LIST) {
    const list = (raw as Record<string, unknown>)[kind];
    if (Array.isArray(list)) {
      marks[kind] = [...new Set(list.filter(validId))].slice(0, MAX_LOCAL_MARKS);
    }
  }
  return marks;
}

export function hasMarks(marks: Marks): boolean {
  return MARK_KIND_LIST.some((kind) => marks[kind].length > 0);
}

/** The union of two sets of marks, newest first (a's order, then b's ids a lacks). */
export function mergeMarks(a: Partial<Marks>, b: Partial<Marks>): Marks {
  const merged = emptyMarks();
  for (const kind of MARK_KIND_LIST) {
    merged[kind] = [...new Set([...(a[kind] ?? []), ...(b[kind] ?? [])])].slice(0, MAX_LOCAL_MARKS);
  }
  return merged;
}

/**
 * Sets (newest first, or back at index `at`: an undone removal keeps its place) or clears one
 * mark.
 */
export function withMark(marks: Marks, kind: MarkKind, id: number, on: boolean, at = 0): Marks {
  const list = marks[kind].filter((x) => x !== id);
  // splice puts it last when `at` is past the end.
  if (on) list.splice(at, 0, id);
  return { ...marks, [kind]: list.slice(0, MAX_LOCAL_MARKS) };
}

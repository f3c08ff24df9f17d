import { describe, expect, it } from 'vitest';
import {
  emptyMarks,
  hasMarks,
  MAX_LOCAL_MARKS,
  mergeMarks,
  parseMarks,
  withMark,
} from './marks.ts';

describe('parseMarks', () => {
  it('reads well-formed ids of each kind and drops the rest', () => {
    expect(
      parseMarks(
        JSON.stringify({
          saved: [3, 3, 1, -2, 1.5, '7', null, 2 ** 31],
          'hidden-job': 'nope',
          'hidden-company': [9],
          other: [1],
        }),
      ),
    ).toEqual({ saved: [3, 1], 'hidden-job': [], 'hidden-company': [9] });
  });

  it('reads nothing from missing, broken or foreign storage', () => {
    expect(parseMarks(null)).toEqual(emptyMarks());
    expect(parseMarks('{not json')).toEqual(emptyMarks());
    expect(parseMarks('[1,2]')).toEqual(emptyMarks());
    expect(parseMarks('"saved"')).toEqual(emptyMarks());
  });

  it('keeps at most the limit', () => {
    const many = Array.from({ length: MAX_LOCAL_MARKS + 20 }, (_, i) => i + 1);
    expect(parseMarks(JSON.stringify({ saved: many })).saved).toHaveLength(MAX_LOCAL_MARKS);
  });
});

describe('mergeMarks (sign-in: browser and account together)', () => {
  it('is the union of both, each id once, the account’s first', () => {
    const account = { saved: [5, 4], 'hidden-job': [], 'hidden-company': [2] };
    const browser = { saved: [4, 9], 'hidden-job': [7], 'hidden-company': [] };
    expect(mergeMarks(account, browser)).toEqual({
      saved: [5, 4, 9],
      'hidden-job': [7],
      'hidden-company': [2],
    });
  });

  it('takes missing kinds as empty', () => {
    expect(mergeMarks({ saved: [1] }, {})).toEqual({
      saved: [1],
      'hidden-job': [],
      'hidden-company': [],
    });
  });
});

describe('withMark', () => {
  it('puts a new mark first and clears one without touching others', () => {
    const start = { saved: [1, 2], 'hidden-job': [3], 'hidden-company': [] };
    expect(withMark(start, 'saved', 2, true).saved).toEqual([2, 1]);
    expect(withMark(start, 'saved', 1, false)).toEqual({
      saved: [2],
      'hidden-job': [3],
      'hidden-company': [],
    });
    expect(hasMarks(withMark(withMark(start, 'saved', 1, false), 'saved', 2, false))).toBe(true);
    expect(hasMarks(emptyMarks())).toBe(false);
  });

  it('puts a mark set again back at its old place (Undo on /saved), within the list', () => {
    const start = { saved: [5, 4, 3, 2], 'hidden-job': [], 'hidden-company': [] };
    const removed = withMark(start, 'saved', 3, false);
    expect(withMark(removed, 'saved', 3, true, 2).saved).toEqual([5, 4, 3, 2]);
    expect(withMark(removed, 'saved', 3, true, 99).saved).toEqual([5, 4, 2, 3]);
    expect(withMark(removed, 'saved', 3, true).saved).toEqual([3, 5, 4, 2]);
  });
});

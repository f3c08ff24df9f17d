// Query-string building blocks. Query values arrive as strings (an array when a key repeats,
// which these schemas refuse), so each one is parsed strictly and its error names the parameter.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../constants.ts';

/** A database id as the API spells it: a string of digits. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'must be an id (a positive whole number)')
  .transform(Number);

export function intParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

export const boolParam = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** Free text typed by a visitor: trimmed, non-empty, bounded. */
export const searchText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
  // PostgreSQL text cannot hold NUL, and no one types control characters.
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

/** A page slug (a job's pageUrl, a company's slug): lower-case words joined by dashes. */
export function slugParam(noun: string) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `must be a ${noun} (lower-case letters, digits, dashes)`);
}

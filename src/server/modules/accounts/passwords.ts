// The password rules of issue 16: at least 10 characters, and not a common password. The list
// (common-passwords.txt, beside this file) is bundled, never downloaded; a password is also refused
// when it is a listed one with digits or symbols added at the end ("password2024!"), one character
// repeated, or a run of consecutive keys or digits.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MIN_PASSWORD_LENGTH = 10;
/** better-auth's default upper bound; hashing longer input costs time for nothing. */
export const MAX_PASSWORD_LENGTH = 128;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

const RUNS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function isRun(lower: string): boolean {
  if (/^(.)\1*$/.test(lower)) return true;
  return RUNS.some((run) => {
    const reversed = [...run].reverse().join('');
    return run.includes(lower) || reversed.includes(lower);
  });
}

/** Why the password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (list.has(lower) || (stem.length > 0 && list.has(stem)) || isRun(lower) || isRun(stem)) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && (lower === local || stem === local)) {
    return 'Do not use your e-mail address as the password.';
  }
  return null;
}

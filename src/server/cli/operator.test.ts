import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOperatorCommand } from './operator.ts';

afterEach(() => vi.restoreAllMocks());

describe('operator command words', () => {
  it.each([
    [['add'], 'Say whose account: add EMAIL (the e-mail they signed up with).'],
    [['remove'], 'Say whose account: remove EMAIL (the e-mail they signed up with).'],
    [['add', 'a@b.c', 'd@e.f'], 'Unexpected arguments: add a@b.c d@e.f'],
    [[], 'Say add EMAIL, remove EMAIL or list.'],
  ])('%j is refused before anything runs, saying what to write', async (args, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runOperatorCommand(args, {})).toBe(2);
    expect(error.mock.calls[0]![0]).toContain(`${message}\n\nUsage:`);
  });
});

// Cases for console.test.ts, run by their own Vitest (vitest.config.ts) with the console guard.
import { describe, expect, it } from 'vitest';
import { allowConsole } from '../console.ts';

allowConsole(/expected for the whole file/);

describe('the console guard', () => {
  it('fails a test that logs an error it did not expect', () => {
    console.error('something broke');
    expect(1).toBe(1);
  });

  it('fails a test on an unexpected warning', () => {
    console.warn('Warning: Each child in a list should have a unique "key" prop.');
  });

  it('lets through an error the test allows', () => {
    allowConsole(/deliberate failure/);
    console.error(new Error('a deliberate failure'));
  });

  it('forgets a test’s allowance after the test', () => {
    console.error('a deliberate failure');
  });

  it('lets through what the file allows', () => {
    console.error('this is expected for the whole file');
  });
});

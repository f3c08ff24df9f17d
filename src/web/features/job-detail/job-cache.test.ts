import { describe, expect, it } from 'vitest';
import { cachedJob, rememberJob } from './job-cache.ts';
import { sampleJob } from './job-fixture.ts';

describe('job cache', () => {
  it('returns what a card remembered, by pageUrl', () => {
    const job = sampleJob({ pageUrl: 'remembered-1' });
    rememberJob(job);
    expect(cachedJob('remembered-1')).toBe(job);
    expect(cachedJob('never-seen')).toBeUndefined();
  });

  it('forgets the oldest entries past its limit', () => {
    for (let i = 0; i < 250; i++) rememberJob(sampleJob({ pageUrl: `bulk-${i}` }));
    expect(cachedJob('bulk-0')).toBeUndefined();
    expect(cachedJob('bulk-249')?.pageUrl).toBe('bulk-249');
  });
});

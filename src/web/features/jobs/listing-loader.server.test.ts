import { describe, expect, it } from 'vitest';
import type { ListingQuery } from '../../../shared/contract/jobs.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { loadListing, parseAddress } from './listing-loader.server.ts';

const params = (s: string) => new URLSearchParams(s);

describe('parseAddress', () => {
  it('reads the filters, keyword and sort', () => {
    expect(parseAddress(params('role=3&location=12&experienceLevel=0&q=java&sortBy=true'))).toEqual(
      {
        role: 3,
        location: 12,
        company: undefined,
        experienceLevel: 0,
        q: 'java',
        sortBy: true,
      },
    );
  });

  it('drops values that do not parse and ignores unknown keys', () => {
    expect(parseAddress(params('role=abc&company=5&sortBy=maybe&utm_source=x&page=9'))).toEqual({
      company: 5,
      role: undefined,
      location: undefined,
      experienceLevel: undefined,
      q: undefined,
      sortBy: false,
    });
  });
});

describe('loadListing', () => {
  it('lists with the known filters and drops an id without a label', async () => {
    const calls: ListingQuery[] = [];
    const context = {
      services: {
        jobs: {
          list: async (query: ListingQuery) => {
            calls.push(query);
            return { jobs: [], noofJobs: 0, nextCursor: null };
          },
        },
        filters: { labels: async () => ({ role: 'Backend developer' }) },
      },
    } as unknown as AppLoadContext;
    const data = await loadListing(
      new Request('http://x/?role=3&company=999&experienceLevel=1&sortBy=true'),
      context,
    );
    expect(calls[0]).toMatchObject({
      role: 3,
      company: undefined,
      experienceLevel: 1,
      sortBy: true,
    });
    expect(calls[0]).toMatchObject({ page: 1, pageSize: 10 });
    expect(data.filters).toMatchObject({
      role: { id: '3', label: 'Backend developer' },
      company: null,
      experienceLevel: { id: '1', label: '1 year' },
      sortBy: true,
    });
  });
});

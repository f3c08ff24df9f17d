// @vitest-environment jsdom
// The feed writer alone: well-formed documents with the required elements, and the ETag answer.
import { describe, expect, it } from 'vitest';
import { sampleJob } from '../job-detail/job-fixture.ts';

const jobFixture = sampleJob();
import { feedAnswer, listingScope, renderFeed } from './feed.server.ts';
import { defaultFilters } from '../filters/filter-state.ts';
import type { ListingData } from '../jobs/listing-data.ts';

const scope = {
  pagePath: '/jobs?role=3',
  title: 'SDE jobs · Openings',
  description: 'New SDE jobs.',
};
const jobs = [
  {
    ...jobFixture,
    _id: '2',
    title: 'Second <b>&</b> job',
    pageUrl: 'second-job',
    postedOn: '2026-01-02T09:00:00.000Z',
  },
  {
    ...jobFixture,
    _id: '1',
    title: 'First job',
    pageUrl: 'first-job',
    postedOn: '2026-01-01T09:00:00.000Z',
  },
];
const input = {
  jobs,
  scope,
  publicUrl: 'https://openings.example',
  selfPath: '/jobs/feed.rss?role=3',
};

function parse(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('renderFeed', () => {
  it('writes RSS 2.0 with escaped titles and one item per job', () => {
    const doc = parse(renderFeed({ ...input, format: 'rss' }));
    const titles = [...doc.querySelectorAll('item > title')].map((t) => t.textContent);
    expect(titles).toEqual([
      `Second <b>&</b> job at ${jobFixture.company.companyName}`,
      `First job at ${jobFixture.company.companyName}`,
    ]);
    expect(doc.querySelector('channel > link')?.textContent).toBe(
      'https://openings.example/jobs?role=3',
    );
    expect(doc.querySelector('item > guid')?.textContent).toBe(
      'https://openings.example/job-description/second-job',
    );
  });

  it('writes Atom whose updated is the newest job', () => {
    const doc = parse(renderFeed({ ...input, format: 'atom' }));
    expect(doc.querySelector('feed > updated')?.textContent).toBe('2026-01-02T09:00:00.000Z');
    expect(doc.querySelectorAll('feed > entry')).toHaveLength(2);
  });

  it('dates a feed with no job at the time it is asked for, not 1970', () => {
    const before = Date.now() - 1000;
    const atom = parse(renderFeed({ ...input, jobs: [], format: 'atom' }));
    const updated = Date.parse(atom.querySelector('feed > updated')?.textContent ?? '');
    expect(updated).toBeGreaterThanOrEqual(before);
    expect(updated).toBeLessThanOrEqual(Date.now());
    const rss = parse(renderFeed({ ...input, jobs: [], format: 'rss' }));
    const built = Date.parse(rss.querySelector('channel > lastBuildDate')?.textContent ?? '');
    expect(built).toBeGreaterThanOrEqual(before);
    expect(built).toBeLessThanOrEqual(Date.now());
  });

  it('writes JSON Feed 1.1', () => {
    const feed = JSON.parse(renderFeed({ ...input, format: 'json' })) as {
      version: string;
      items: { id: string; url: string }[];
    };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items.map((i) => i.url)).toEqual([
      'https://openings.example/job-description/second-job',
      'https://openings.example/job-description/first-job',
    ]);
  });
});

describe('listingScope', () => {
  const describeSearch = (filters: Partial<ListingData['filters']>) =>
    listingScope({ filters: { ...defaultFilters, ...filters } } as ListingData).description;

  it('keeps a role’s name as written, and lowers only words of our own mid-sentence', () => {
    const role = { id: '7', label: 'Backend Development' };
    const location = { id: '9', label: 'Berlin, Berlin, Germany' };
    expect(describeSearch({ role, location })).toBe(
      'The newest openings on Openings: Backend Development jobs in Berlin, Berlin, Germany.',
    );
    expect(describeSearch({ role, workMode: 'remote' })).toBe(
      'The newest openings on Openings: remote Backend Development jobs.',
    );
    expect(describeSearch({ location })).toBe(
      'The newest openings on Openings: jobs in Berlin, Berlin, Germany.',
    );
  });
});

describe('feedAnswer', () => {
  it('answers 304 to the same ETag and 200 to another', () => {
    const first = feedAnswer(
      new Request('https://openings.example/jobs/feed.rss'),
      'rss',
      '<rss/>',
    );
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    // Weak: the one tag stands for the feed's br, gzip and identity bodies alike.
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    for (const held of [etag, etag.slice(2), `"old", ${etag}`]) {
      const again = feedAnswer(
        new Request('https://openings.example/jobs/feed.rss', {
          headers: { 'if-none-match': held },
        }),
        'rss',
        '<rss/>',
      );
      expect(again.status, held).toBe(304);
    }
    const changed = feedAnswer(
      new Request('https://openings.example/jobs/feed.rss', { headers: { 'if-none-match': etag } }),
      'rss',
      '<rss><channel/></rss>',
    );
    expect(changed.status).toBe(200);
  });
});

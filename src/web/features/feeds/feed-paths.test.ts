import { expect, it } from 'vitest';
import { alertPath, feedPath } from './feed-paths.ts';

it('follows the search, not the sort or the page it is followed from', () => {
  const fromPage3 = '?role=1&location=4&q=react&sortBy=true&page=3&cursor=WyJuIiwxXQ';
  expect(feedPath('rss', fromPage3)).toBe('/jobs/feed.rss?role=1&location=4&q=react');
  expect(feedPath('json', fromPage3)).toBe('/jobs/feed.json?role=1&location=4&q=react');
  expect(alertPath(fromPage3)).toBe('/alerts/new?role=1&location=4&q=react');
  expect(feedPath('atom', '?page=2')).toBe('/jobs/feed.atom');
  expect(alertPath('')).toBe('/alerts/new');
});

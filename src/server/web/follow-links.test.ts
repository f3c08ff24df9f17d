// A listing whose filter text names no single choice ("did you mean") offers no feed or alert for
// it: both would refuse the text, and the jobs shown are not what was asked for.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { startPagesApp } from '../../../test/support/employer.ts';
import type { Reference } from '../../../test/support/fixtures.ts';

let database: TestDatabase;
let app: App;
let ref: Reference;

beforeAll(async () => {
  ({ database, ref } = await openReferenceDatabase());
  ({ app } = await startPagesApp(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function followLinks(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const doc = new JSDOM(res.body).window.document;
  return {
    feeds: [...doc.querySelectorAll('head link[rel="alternate"]')].map((l) =>
      l.getAttribute('href'),
    ),
    menu: doc.querySelector('details[data-follow-menu]'),
    text: doc.body.textContent ?? '',
  };
}

it('offers no feed or alert for a filter text that names nothing yet', async () => {
  const unread = await followLinks('/jobs?role=zzzz');
  expect(unread.text).toContain('No role matches “zzzz”');
  expect(unread.feeds).toEqual([]);
  expect(unread.menu).toBeNull();
  // Once it names one choice, the search is followed by its id.
  const read = await followLinks(`/jobs?location=${ref.cities.pune}`);
  expect(read.feeds).toHaveLength(3);
  expect(read.menu).not.toBeNull();
});

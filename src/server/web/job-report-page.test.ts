// The report page answers only for a live job: a made-up address (or an employer's preview) is not
// found, and a closed job's report link leads to its closed page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { postForm, startPagesApp } from '../../../test/support/employer.ts';
import { insertJob } from '../../../test/support/fixtures.ts';

let database: TestDatabase;
let app: App;
let live: string;
let closed: string;

beforeAll(async () => {
  const opened = await openReferenceDatabase();
  database = opened.database;
  ({ app } = await startPagesApp(database));
  live = (await insertJob(database.db, opened.ref, { title: 'Live role' })).pageUrl;
  closed = (
    await insertJob(database.db, opened.ref, {
      title: 'Closed role',
      isActive: false,
      status: 'closed',
    })
  ).pageUrl;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const reportOf = (pageUrl: string) => `/job-description/${encodeURIComponent(pageUrl)}/report`;

it('offers the form for a live job only', async () => {
  const form = await get(reportOf(live));
  expect(form.statusCode).toBe(200);
  expect(form.body).toContain('Report this job');
  for (const pageUrl of ['preview', 'no-such-job-123']) {
    const res = await get(reportOf(pageUrl));
    expect(res.statusCode, pageUrl).toBe(404);
    expect(res.body).not.toContain('name="reason"');
  }
  const gone = await get(reportOf(closed));
  expect(gone.statusCode).toBe(302);
  expect(gone.headers.location).toBe(`/not-an-active-job?job=${encodeURIComponent(closed)}`);
  // The thank-you after a report stays reachable.
  expect((await get(`${reportOf(live)}?thanks=1`)).statusCode).toBe(200);
});

it('leads back to the job after a report, as well as to the jobs', async () => {
  const thanks = await get(`${reportOf(live)}?thanks=1`);
  expect(thanks.statusCode).toBe(200);
  const main = thanks.body.slice(thanks.body.indexOf('<main'));
  const links = [...main.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, label]) => [label, href],
  );
  expect(links).toContainEqual(['Back to the job', `/job-description/${live}`]);
  expect(links).toContainEqual(['Back to the jobs', '/jobs']);
});

it('answers a report posted to an address with no live job as the page does, whatever it holds', async () => {
  // A made-up address is not found (404), not refused for its fields (400) under a "not found" page.
  const forms: Record<string, string>[] = [{ reason: 'other' }, { reason: 'spam', details: 'x' }];
  for (const form of forms) {
    const res = await postForm(app, reportOf('no-such-job-123'), '', form);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No job on the board has this address.');
  }
  const gone = await postForm(app, reportOf(closed), '', { reason: 'other' });
  expect(gone.statusCode).toBe(302);
  expect(gone.headers.location).toBe(`/not-an-active-job?job=${encodeURIComponent(closed)}`);
});

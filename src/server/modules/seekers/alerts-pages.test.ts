// The alert pages through the whole app (production build, real database), on what they say: an
// alert asked for again, unsubscribing one alert of an address that has more, deleting them all,
// and a link that opens no alert.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openReferenceDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { startPagesApp } from '../../../../test/support/employer.ts';
import type { Reference } from '../../../../test/support/fixtures.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';

const ORIGIN = 'https://openings.example';
let database: TestDatabase;
let app: App;
let ref: Reference;
const { mails, mailer } = recordingMailer();

beforeAll(async () => {
  ({ database, ref } = await openReferenceDatabase());
  ({ app } = await startPagesApp(database, { env: { PUBLIC_URL: ORIGIN }, mailer }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
const post = (url: string, body: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: formHeaders,
    payload: new URLSearchParams(body).toString(),
  });
const page = (body: string) => new JSDOM(body).window.document;
const mainText = (body: string) => page(body).querySelector('main')?.textContent ?? '';

/** Asks for an alert on `query` through the form; the answer and the token of the mail it sent. */
async function ask(email: string, query: string, frequency = 'daily') {
  mails.length = 0;
  const res = await post(`/alerts/new?${query}`, { email, frequency });
  expect(res.statusCode).toBe(200);
  expect(mails).toHaveLength(1);
  const token = mails[0]!.text.match(/\/alerts\/manage\?token=([\w-]+)/)![1]!;
  return { res, token };
}

/** An alert asked for and confirmed: its token. */
async function confirmed(email: string, query: string, frequency = 'daily') {
  const { token } = await ask(email, query, frequency);
  expect((await post(`/alerts/confirm?token=${token}`)).statusCode).toBe(200);
  return token;
}

describe('asking again for an alert', () => {
  it('never says a confirmation link was sent when the mail holds none', async () => {
    const query = `role=${ref.roles.sde}`;
    await confirmed('twice@example.com', query, 'weekly');
    const { res } = await ask('twice@example.com', query, 'daily');
    const doc = page(res.body);
    expect(doc.querySelector('h1')?.textContent).toBe('Check your inbox');
    expect(res.body).not.toContain('confirmation link');
    expect(mainText(res.body)).toContain(
      'If the address already has an alert on this search, the e-mail says so instead',
    );
    expect(mails[0]!.text).toContain('the e-mails still come weekly');
  });
});

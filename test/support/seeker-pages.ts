// The job seeker's pages through the whole app (production build, reference data, mail kept
// instead of sent), set up once per test file: feeds, alert pages, saved jobs and /account. Posts
// go as a browser sends a form without JavaScript, from the app's own origin.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { openReferenceDatabase, type TestDatabase } from './database.ts';
import { signUpAndIn, startPagesApp } from './employer.ts';
import type { Reference } from './fixtures.ts';
import { recordingMailer } from './mailer.ts';

/** The app's PUBLIC_URL: the origin of its mailed links and feeds, sent on every form post. */
export const SEEKER_ORIGIN = 'https://openings.example';

export const page = (body: string) => new JSDOM(body).window.document;
export const mainText = (body: string) => page(body).querySelector('main')?.textContent ?? '';

/**
 * The hooks of a test file on the seeker's pages: before its tests, a reference database with
 * `seed` in it and the app over it; after them, both closed. The answer's `database`, `app` and
 * `ref` are set from the first test on; `mails` holds what the app mailed.
 */
export function seekerPagesPerSuite(seed: (db: Db, ref: Reference) => Promise<unknown> = noSeed) {
  const { mails, mailer } = recordingMailer();
  const suite = {
    mails,
    database: undefined as unknown as TestDatabase,
    app: undefined as unknown as App,
    ref: undefined as unknown as Reference,

    get: (url: string, headers: Record<string, string> = {}) =>
      suite.app.inject({ method: 'GET', url, headers }),

    /** A form post (url-encoded `body`) from the app's own origin, with any `headers` on top. */
    post: (url: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      suite.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: SEEKER_ORIGIN,
          ...headers,
        },
        payload: new URLSearchParams(body).toString(),
      }),

    /** Signs up, with the address verified, and signs in: the session cookie. */
    signIn: async (name: string, email: string) =>
      (await signUpAndIn(suite.app, suite.database.db, name, email, SEEKER_ORIGIN)).cookie,

    /** Asks for an alert on `query` through its form: the answer and the token of the mail sent. */
    async askForAlert(email: string, query: string, frequency = 'daily', cookie?: string) {
      mails.length = 0;
      const res = await suite.post(
        `/alerts/new?${query}`,
        { email, frequency },
        cookie ? { cookie } : {},
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(mails).toHaveLength(1);
      const token = mails[0]!.text.match(/\/alerts\/manage\?token=([\w-]+)/)![1]!;
      return { res, token };
    },

    /** An alert asked for and confirmed by its mailed link: its token. */
    async confirmedAlert(email: string, query: string, frequency = 'daily') {
      const { token } = await suite.askForAlert(email, query, frequency);
      expect((await suite.post(`/alerts/confirm?token=${token}`)).statusCode).toBe(200);
      return token;
    },
  };
  beforeAll(async () => {
    const { database, ref } = await openReferenceDatabase();
    suite.database = database;
    suite.ref = ref;
    await seed(database.db, ref);
    ({ app: suite.app } = await startPagesApp(database, {
      env: { PUBLIC_URL: SEEKER_ORIGIN },
      mailer,
    }));
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.close();
  });
  return suite;
}

const noSeed = async () => {};

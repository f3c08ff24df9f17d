// The account pages' own answers through the whole app (production-built pages): a form's post
// keeps the headers its action chose, a page view the loader's.
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../../test/support/app.ts';
import { postForm, startPagesApp } from '../../../../test/support/employer.ts';

const suite = appPerSuite(async (database) => (await startPagesApp(database)).app);

describe('the sign-in page', () => {
  it('answers a sign-in over its limit with 429 and Retry-After, and stays private', async () => {
    const attempt = () =>
      postForm(suite.app, '/login', '', {
        email: 'someone@board.example',
        password: 'not the right passphrase 1',
      });
    // The limit per typed address (attempts.ts: ten in fifteen minutes).
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('private, no-store');
    expect(limited.body).toContain('Too many attempts');
    const view = await suite.app.inject({ url: '/login' });
    expect(view.statusCode).toBe(200);
    expect(view.headers['retry-after']).toBeUndefined();
    expect(view.headers['cache-control']).toBe('private, no-store');
  });
});

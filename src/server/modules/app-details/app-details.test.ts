import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { insertSampleRows } from '../../../../test/support/api-rows.ts';
import { ADMIN_MAINTENANCE_PATH } from '../admin/admin.routes.ts';
import { appPerSuite, buildApiApp, revalidate } from '../../../../test/support/app.ts';

const TOKEN = 'admin-token-for-tests';
const suite = appPerSuite(
  (database) => buildApiApp(database, { adminToken: TOKEN }),
  insertSampleRows,
);

describe('get-app-details', () => {
  it('answers the branding, links and maintenance flag in the envelope', async () => {
    const res = await suite.app.inject({ method: 'GET', url: apiPaths.appDetails });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      content: {
        appName: 'Openings',
        appDescription: expect.any(String),
        supportEmail: expect.stringContaining('@'),
        twitter: expect.stringMatching(/^https:/),
        linkedIn: expect.stringMatching(/^https:/),
        youtube: expect.stringMatching(/^https:/),
        whatsApp: expect.stringMatching(/^https:/),
        isUnderMaintenance: false,
      },
    });
  });

  it('is revalidated by caches and answers 304 to a matching If-None-Match', async () => {
    const first = await suite.app.inject({ method: 'GET', url: apiPaths.appDetails });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await revalidate(suite.app, apiPaths.appDetails, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, no-cache');
  });

  // A switch by another server shows within DETAILS_MAX_AGE_MS (app-details-memory.test.ts).
  it("reflects this server's maintenance switch at once, and a stale ETag no longer matches", async () => {
    const before = await suite.app.inject({ method: 'GET', url: apiPaths.appDetails });
    await suite.app.services.appDetails.setMaintenance(true);
    const after = await suite.app.inject({
      method: 'GET',
      url: apiPaths.appDetails,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().content.isUnderMaintenance).toBe(true);
    await suite.app.services.appDetails.setMaintenance(false);
  });

  it('refuses parameters', async () => {
    const res = await suite.app.inject({ method: 'GET', url: `${apiPaths.appDetails}?x=1` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'x'");
  });
});

describe('our-app-details', () => {
  it('counts current openings (active only) and their companies, cities, countries', async () => {
    const res = await suite.app.inject({ method: 'GET', url: apiPaths.ourAppDetails });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({
      totalCurrentOpenings: 1,
      ourCompanies: 1,
      cities: 1,
      countries: 1,
    });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=/);
  });
});

describe('admin maintenance endpoint', () => {
  const call = (options: { token?: string; ip?: string; on?: boolean }) =>
    suite.app.inject({
      method: options.on === undefined ? 'GET' : 'POST',
      url: ADMIN_MAINTENANCE_PATH,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.on === undefined ? {} : { payload: { on: options.on } }),
    });

  it('switches maintenance for a local caller with the token', async () => {
    const on = await call({ token: TOKEN, on: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().content).toEqual({ isUnderMaintenance: true });
    const details = await suite.app.inject({ method: 'GET', url: apiPaths.appDetails });
    expect(details.json().content.isUnderMaintenance).toBe(true);
    expect((await call({ token: TOKEN })).json().content).toEqual({ isUnderMaintenance: true });
    await call({ token: TOKEN, on: false });
    expect((await call({ token: TOKEN })).json().content).toEqual({ isUnderMaintenance: false });
  });

  it('refuses a wrong or missing token and remote callers', async () => {
    expect((await call({ on: true })).statusCode).toBe(403);
    expect((await call({ token: 'wrong', on: true })).statusCode).toBe(403);
    expect((await call({ token: TOKEN, ip: '203.0.113.9', on: true })).statusCode).toBe(403);
    const details = await suite.app.inject({ method: 'GET', url: apiPaths.appDetails });
    expect(details.json().content.isUnderMaintenance).toBe(false);
  });

  it('does not exist without a token', async () => {
    const bare = await buildApiApp(suite.database);
    const res = await bare.inject({ method: 'GET', url: ADMIN_MAINTENANCE_PATH });
    expect(res.statusCode).toBe(404);
    await bare.close();
  });
});

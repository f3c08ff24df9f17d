import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import type { App } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { API_RATE_LIMITS, exemptFromApiLimits, rateLimitBucket } from './rate-limit.ts';
import { buildTestApp } from '../../../test/support/app.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';

// Limits scaled down so a test reaches them in a few requests: suggest and search 6, read 30,
// write 3.
const SCALE = 0.05;

describe('rateLimitBucket', () => {
  it('sorts API requests into reads, suggestions and writes', () => {
    expect(rateLimitBucket('GET', `${apiPaths.rolesFilter}?name=dev`)).toBe('suggest');
    expect(rateLimitBucket('GET', `${apiPaths.ourCompanies}/`)).toBe('suggest');
    expect(rateLimitBucket('GET', apiPaths.experiencesFilter)).toBe('read');
    expect(rateLimitBucket('GET', `${apiPaths.currentOpenings}?page=2`)).toBe('read');
    expect(rateLimitBucket('POST', apiPaths.currentOpenings)).toBe('write');
    // A browser's CORS preflight before a cross-origin read writes nothing.
    expect(rateLimitBucket('OPTIONS', apiPaths.currentOpenings)).toBe('read');
  });

  it("counts the web app's suggestion routes as suggestions, with or without .data", () => {
    expect(rateLimitBucket('GET', '/suggest/roles?name=dev')).toBe('suggest');
    expect(rateLimitBucket('GET', '/suggest/locations/?name=ber')).toBe('suggest');
    expect(rateLimitBucket('GET', '/suggest/companies.data?name=acme')).toBe('suggest');
    expect(rateLimitBucket('GET', '/suggest?name=dev')).toBe('read');
  });

  it('counts a keyword search as a search on any transport: API, page or its data request', () => {
    expect(rateLimitBucket('GET', `${apiPaths.currentOpenings}?q=java&page=2`)).toBe('search');
    expect(rateLimitBucket('GET', '/jobs.data?q=java&_routes=routes%2Fjobs')).toBe('search');
    expect(rateLimitBucket('GET', '/?sortBy=true&q=react')).toBe('search');
    expect(rateLimitBucket('GET', `${apiPaths.currentOpenings}?q=%20`)).toBe('read');
  });
});

describe('exemptFromApiLimits', () => {
  it('leaves pages and the view counter (which limits itself) to others', () => {
    expect(exemptFromApiLimits('/jobs?role=1')).toBe(true);
    expect(exemptFromApiLimits('/api/v1x')).toBe(true);
    expect(exemptFromApiLimits(apiPaths.addView)).toBe(true);
    expect(exemptFromApiLimits(apiPaths.currentOpenings)).toBe(false);
    expect(exemptFromApiLimits('/api/v1?x=1')).toBe(false);
  });

  it('limits a page or data request that runs a keyword search', () => {
    expect(exemptFromApiLimits('/jobs.data?q=java')).toBe(false);
    expect(exemptFromApiLimits('/?q=java', 'GET')).toBe(false);
    expect(exemptFromApiLimits('/jobs?q=')).toBe(true);
    expect(exemptFromApiLimits('/login?q=x', 'POST')).toBe(true);
  });

  it("limits the web app's suggestion routes", () => {
    expect(exemptFromApiLimits('/suggest/roles?name=dev')).toBe(false);
    expect(exemptFromApiLimits('/suggest/companies.data?name=acme')).toBe(false);
  });
});

describe('keyword searches through the pages', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    // The pages need the board's details and some jobs to answer 200.
    await seedDemoIfEmpty(database.db);
    app = await buildTestApp(database, { env: { RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('share the API search allowance; a page over it answers 429 as a page, data as JSON', async () => {
    const remoteAddress = '203.0.113.20';
    const searchLimit = Math.round(API_RATE_LIMITS.search * SCALE);
    for (let i = 0; i < searchLimit - 1; i++) {
      const data = await app.inject({ url: '/jobs.data?q=dev', remoteAddress });
      expect(data.statusCode).toBe(200);
    }
    const api = await app.inject({ url: `${apiPaths.currentOpenings}?q=dev`, remoteAddress });
    expect(api.statusCode).toBe(200);

    const page = await app.inject({
      url: '/jobs?q=dev',
      remoteAddress,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Too many searches');
    expect(page.body).toMatch(/Please wait \d+ s and try again/);
    const data = await app.inject({ url: '/jobs.data?q=dev', remoteAddress });
    expect(data.statusCode).toBe(429);
    expect(data.json()).toMatchObject({ success: false, message: expect.stringMatching(/wait/) });
    // Browsing without a keyword is not a search and stays free.
    const browse = await app.inject({ url: '/jobs', remoteAddress });
    expect(browse.statusCode).toBe(200);
  });

  it("share the API suggestion allowance with the web app's suggestion routes, 429 as JSON", async () => {
    const remoteAddress = '203.0.113.21';
    const suggestLimit = Math.round(API_RATE_LIMITS.suggest * SCALE);
    for (let i = 0; i < suggestLimit - 1; i++) {
      const route = await app.inject({ url: '/suggest/roles?name=dev', remoteAddress });
      expect(route.statusCode).toBe(200);
    }
    const api = await app.inject({ url: `${apiPaths.rolesFilter}?name=dev`, remoteAddress });
    expect(api.statusCode).toBe(200);

    const limited = await app.inject({ url: '/suggest/locations?name=ber', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ s and try again\.$/),
      content: null,
    });
    const apiLimited = await app.inject({ url: `${apiPaths.ourCompanies}?name=a`, remoteAddress });
    expect(apiLimited.statusCode).toBe(429);
    // Pages are not suggestions and stay free.
    const page = await app.inject({ url: '/jobs', remoteAddress });
    expect(page.statusCode).toBe(200);
  });
});

describe('API rate limits', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, {
      web: false,
      env: { RATE_LIMIT_SCALE: String(SCALE) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const suggestLimit = Math.round(API_RATE_LIMITS.suggest * SCALE);

  it('answers 429 with Retry-After and a JSON message once a client passes its limit', async () => {
    const url = `${apiPaths.locationsFilter}?name=ber`;
    for (let i = 0; i < suggestLimit; i++) {
      const ok = await app.inject({ url, remoteAddress: '203.0.113.7' });
      expect(ok.statusCode).not.toBe(429);
      expect(Number(ok.headers['x-ratelimit-remaining'])).toBe(suggestLimit - i - 1);
    }
    const limited = await app.inject({ url, remoteAddress: '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/too many requests/i),
      content: null,
    });
  });

  it('counts each client and each kind of request on its own', async () => {
    const otherClient = await app.inject({
      url: `${apiPaths.rolesFilter}?name=dev`,
      remoteAddress: '203.0.113.8',
    });
    expect(otherClient.statusCode).not.toBe(429);
    const readBySameClient = await app.inject({
      url: apiPaths.experiencesFilter,
      remoteAddress: '203.0.113.7',
    });
    expect(readBySameClient.statusCode).not.toBe(429);
  });

  it('leaves pages and health checks alone', async () => {
    for (let i = 0; i < Math.round(API_RATE_LIMITS.read * SCALE) + 5; i++) {
      const res = await app.inject({ url: '/healthz', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
    }
  });
});

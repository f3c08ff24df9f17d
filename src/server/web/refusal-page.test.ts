import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import { appPerSuite, buildApiApp } from '../../../test/support/app.ts';

const suite = appPerSuite(buildApiApp);
const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const tooLong = `/jobs?q=${'a'.repeat(5000)}`;

describe('a page refused before it renders', () => {
  it('answers a browser with a page that says why', async () => {
    const badAddress = await suite.app.inject({ url: '/%', headers: browser });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.headers['content-type']).toMatch(/^text\/html/);
    expect(badAddress.body).toContain('<h1>This request could not be read</h1>');
    expect(badAddress.body).toContain('This address cannot be read: /% is not valid URL encoding.');
    // Answered before any hook runs, it still carries the headers every other page has.
    expect(badAddress.headers['content-security-policy']).toContain("default-src 'none'");
    expect(badAddress.headers['x-content-type-options']).toBe('nosniff');
    expect(badAddress.headers['x-frame-options']).toBe('DENY');

    const long = await suite.app.inject({ url: tooLong, headers: browser });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^text\/html/);
    expect(long.body).toContain('The query string is too long (at most 2048 characters).');
    expect(long.body).toContain('<a href="/">Back to the jobs</a>');
  });

  it('leaves JSON to whoever asks for it: the API, .data requests, Accept: application/json', async () => {
    const json = await suite.app.inject({
      url: tooLong,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(414);
    expect(json.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/too long/),
    });
    const badApi = await suite.app.inject({
      url: `${apiPaths.currentOpenings}/%`,
      headers: browser,
    });
    expect(badApi.statusCode).toBe(400);
    expect(badApi.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/cannot be read/),
    });
    const data = await suite.app.inject({
      url: `/jobs.data?q=${'a'.repeat(5000)}`,
      headers: browser,
    });
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    const api = await suite.app.inject({
      url: `${apiPaths.currentOpenings}?pageSize=1000`,
      headers: browser,
    });
    expect(api.statusCode).toBe(400);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});

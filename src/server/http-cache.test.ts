import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../shared/api-paths.ts';
import { cachePolicy } from './http-cache.ts';
import { appPerSuite, buildApiApp, revalidate } from '../../test/support/app.ts';

const suite = appPerSuite(buildApiApp);

describe('HTTP caching of the API', () => {
  it('lets caches keep public answers and revalidate them with the ETag', async () => {
    const first = await suite.app.inject({ method: 'GET', url: apiPaths.experiencesFilter });
    expect(first.headers['cache-control']).toBe(cachePolicy.reference);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await revalidate(suite.app, apiPaths.experiencesFilter, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await revalidate(suite.app, apiPaths.experiencesFilter, '"something-else"');
    expect(other.statusCode).toBe(200);
    // A list of tags, as a browser or CDN holding several copies sends it.
    const listed = await revalidate(suite.app, apiPaths.experiencesFilter, `"old", W/${etag}`);
    expect(listed.statusCode).toBe(304);
  });

  it('tags a compressed answer apart from its identity bytes, and each validates only itself', async () => {
    const url = '/api/docs/json';
    const get = (coding: string, ifNoneMatch?: string) =>
      suite.app.inject({
        method: 'GET',
        url,
        headers: {
          'accept-encoding': coding,
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        },
      });
    const plain = await get('identity');
    const br = await get('br');
    const gzip = await get('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    const tag = plain.headers.etag as string;
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`);
    expect((await get('br', br.headers.etag as string)).statusCode).toBe(304);
    expect((await get('br', tag)).statusCode).toBe(200);
    expect((await get('identity', tag)).statusCode).toBe(304);
    expect((await get('identity', br.headers.etag as string)).statusCode).toBe(200);
  });

  it('gives no tag to an error, so a matching If-None-Match cannot turn it into a 304', async () => {
    const url = `${apiPaths.rolesFilter}?name=`;
    const bad = await suite.app.inject({ method: 'GET', url });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    // The tag its body would have: a client could hold it from any answer with the same bytes.
    const sameBytes = `"${createHash('sha1').update(bad.body).digest('base64')}"`;
    const again = await revalidate(suite.app, url, sameBytes);
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(bad.body));
  });

  it('keeps errors, unknown endpoints and POST answers out of caches', async () => {
    const bad = await suite.app.inject({ method: 'GET', url: `${apiPaths.rolesFilter}?name=` });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    const unknown = await suite.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const post = await suite.app.inject({ method: 'POST', url: apiPaths.addView, payload: {} });
    expect(post.headers['cache-control']).toBe('no-store');
  });
});

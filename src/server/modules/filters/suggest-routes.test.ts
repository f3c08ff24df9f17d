// The web app's suggestion routes (web/routes/suggest.tsx) through the whole app: the filters
// service's answers as JSON, the API's rules and words for a bad `name`, and the API's caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../shared/constants.ts';
import type { App } from '../../app.ts';
import { insertSampleRows } from '../../../../test/support/api-rows.ts';
import { buildTestApp } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertSampleRows(database.db);
  app = await buildTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const labels = (body: { content: { options: { label: string }[] } }) =>
  body.content.options.map((o) => o.label);

describe('suggestion routes', () => {
  it('suggest locations as { id, label }, cached like the API answers', async () => {
    const { status, body, headers } = await get('/suggest/locations?name=SAO');
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60');
    expect(body).toEqual({
      success: true,
      message: 'Found 1',
      content: {
        options: [{ id: expect.stringMatching(/^\d+$/), label: 'São Paulo, São Paulo, Brazil' }],
      },
    });
    const api = await get(`${apiPaths.locationsFilter}?name=SAO`);
    expect(api.headers['cache-control']).toBe(headers['cache-control']);
    expect(api.body.content.cities).toEqual(body.content.options);
  });

  it('suggest roles in the same order as the API', async () => {
    const { status, body } = await get('/suggest/roles?name=eng');
    expect(status).toBe(200);
    expect(labels(body)).toEqual([
      'Engineering Manager (EM)',
      'Data Engineer (DE)',
      'Software Development Engineer (SDE)',
    ]);
  });

  it('suggest companies with their id and name as id and label', async () => {
    const { status, body } = await get('/suggest/companies?name=cafe');
    expect(status).toBe(200);
    const api = await get(`${apiPaths.ourCompanies}?name=cafe`);
    const [company] = api.body.content.companies as { _id: string }[];
    expect(body.content.options).toEqual([{ id: company!._id, label: 'Zenith Café' }]);
  });

  it("answer an empty list with the spec's message when nothing matches", async () => {
    const { status, body } = await get('/suggest/roles?name=zzzz');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: 'Role not found...', content: { options: [] } });
  });

  const bad: [string, string][] = [
    ['', "Invalid querystring: 'name' is required"],
    ['name=', "Invalid querystring: 'name' must not be empty"],
    ['name=%20%20', "Invalid querystring: 'name' must not be empty"],
    [
      `name=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`,
      "Invalid querystring: 'name' must be at most 100 characters",
    ],
    ['name=a&name=b', "Invalid querystring: 'name' must be given only once"],
    ['name=a&extra=1', "Invalid querystring: unknown query parameter 'extra'"],
    ['name=a%00b', "Invalid querystring: 'name' must not contain control characters"],
  ];
  for (const path of ['/suggest/locations', '/suggest/roles', '/suggest/companies']) {
    it.each(bad)(`${path}?%s answers 400 naming the problem, as the API does`, async (q, msg) => {
      const { status, body, headers } = await get(`${path}?${q}`);
      expect(status).toBe(400);
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(headers['cache-control']).toBe('no-store');
      expect(body).toEqual({ success: false, message: msg, content: null });
    });
  }

  it('say what the API says about the same bad name', async () => {
    const tooLong = `name=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}&x=1`;
    const api = await get(`${apiPaths.rolesFilter}?${tooLong}`);
    const route = await get(`/suggest/roles?${tooLong}`);
    expect(route.status).toBe(400);
    expect(route.body.message).toBe(api.body.message);
  });

  it('are only these three', async () => {
    const res = await app.inject({ url: '/suggest/cities?name=sao' });
    expect(res.statusCode).toBe(404);
  });
});

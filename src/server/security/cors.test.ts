import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import { appPerSuite, buildApiApp } from '../../../test/support/app.ts';

const suite = appPerSuite(buildApiApp);
const from = { origin: 'https://elsewhere.example' };

describe('cross-origin reads of the public API', () => {
  it('lets any site read the public answers and their ETag, errors included', async () => {
    const read = (url: string) => suite.app.inject({ method: 'GET', url, headers: from });
    const slug = `${apiPaths.companies}/no-such-company`;
    for (const url of [apiPaths.currentOpenings, apiPaths.experiencesFilter, apiPaths.companies]) {
      const answer = await read(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
      expect(answer.headers['access-control-expose-headers'], url).toContain('ETag');
    }
    for (const url of [`${apiPaths.currentOpenings}?pageSize=500`, slug]) {
      const refused = await read(url);
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('answers a preflight for a public read, with a parameter in its path too', async () => {
    for (const url of [apiPaths.currentOpenings, `${apiPaths.companies}/some-company`]) {
      const preflight = await suite.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          ...from,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'content-type, if-none-match',
        },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin'], url).toBe('*');
      expect(preflight.headers['access-control-allow-methods'], url).toBe('GET, HEAD');
      expect(preflight.headers['access-control-allow-headers'], url).toBe(
        'content-type, if-none-match',
      );
    }
  });

  it('keeps the view counter and the posting API to their own origin', async () => {
    const visitor = await suite.app.inject({
      method: 'POST',
      url: apiPaths.visitor,
      headers: from,
    });
    expect(visitor.headers['access-control-allow-origin']).toBeUndefined();
    const employer = await suite.app.inject({
      method: 'GET',
      url: '/api/v1/employer/jobs',
      headers: from,
    });
    expect(employer.statusCode).toBe(401);
    expect(employer.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of [apiPaths.visitor, '/api/v1/employer/jobs']) {
      const preflight = await suite.app.inject({
        method: 'OPTIONS',
        url,
        headers: { ...from, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

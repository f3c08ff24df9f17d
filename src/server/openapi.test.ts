import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../shared/api-paths.ts';
import type { App } from './app.ts';
import { ADMIN_MAINTENANCE_PATH } from './modules/admin/admin.routes.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { buildApiApp } from '../../test/support/app.ts';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let database: TestDatabase;
let app: App;
let doc: Document;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApiApp(database, { adminToken: 't' });
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('OpenAPI document', () => {
  it.each(Object.entries(apiPaths))('documents %s with a 200 response schema', (_name, path) => {
    const operations = doc.paths[path];
    expect(operations, path).toBeDefined();
    const [operation] = Object.values(operations!);
    expect(operation!.responses['200']?.content?.['application/json']?.schema).toBeDefined();
  });

  it('describes the parameters and bodies from the same schemas', () => {
    const locations = doc.paths[apiPaths.locationsFilter]!.get!;
    expect(locations.parameters).toContainEqual(
      expect.objectContaining({ name: 'name', in: 'query', required: true }),
    );
    expect(doc.paths[apiPaths.addView]!.post!.requestBody).toBeDefined();
  });

  it('leaves the operator endpoints and health checks out', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths[ADMIN_MAINTENANCE_PATH]).toBeUndefined();
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
    // Swagger UI draws <style> elements: inline styles are allowed there, scripts stay nonced.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'(;|$)/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  it('keeps inline styles out of every other page', async () => {
    const res = await app.inject({ method: 'GET', url: '/about' });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /style-src 'self' 'nonce-[^';]+';/,
    );
  });
});

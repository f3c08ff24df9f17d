import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { healthRoutes } from './health.routes.ts';
import { appPerSuite, buildApiApp } from '../../../../test/support/app.ts';

const suite = appPerSuite(buildApiApp);

describe('health checks', () => {
  it('/healthz answers ok, never cached', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers ok when the database answers', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('/readyz answers 503 when the database does not', async () => {
    const { default: Fastify } = await import('fastify');
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const broken = { execute: () => Promise.reject(new Error('down')) } as unknown as Db;
    const bare = Fastify({ logger: false });
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    await bare.register(healthRoutes, { db: broken });
    const res = await bare.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'down',
      message: expect.stringMatching(/^The database is temporarily unavailable\./),
    });
    await bare.close();
    // The real database is untouched by the check.
    await suite.database.db.execute(sql`select 1`);
  });
});

import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler, HttpError } from './errors.ts';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.get(
    '/q',
    {
      schema: {
        querystring: z.object({ n: z.string().regex(/^\d+$/, 'must be a number') }).strict(),
      },
    },
    async () => ({ ok: true }),
  );
  app.post(
    '/b',
    {
      schema: {
        body: z.object({ item: z.object({ size: z.number().max(3, 'must be at most 3') }) }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/teapot', async () => {
    throw new HttpError(418, 'I am a teapot', { brewing: false });
  });
  app.get('/slow', async () => {
    // What Drizzle throws when PostgreSQL cancels a statement past statement_timeout.
    throw new Error('Failed query: select …', {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), {
        code: '57014',
      }),
    });
  });
  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it.each([
    ['/q', "Invalid querystring: 'n' is required"],
    ['/q?n=x', "Invalid querystring: 'n' must be a number"],
    ['/q?n=1&n=2', "Invalid querystring: 'n' must be given only once"],
    ['/q?n=1&m=2&k=3', "Invalid querystring: unknown query parameters 'm', 'k'"],
  ])('%s answers 400: %s', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, content: null });
  });

  it('names nested body fields with dots', async () => {
    const res = await app.inject({ method: 'POST', url: '/b', payload: { item: { size: 9 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid body: 'item.size' must be at most 3");
  });

  it('says a missing body is required', async () => {
    const res = await app.inject({ method: 'POST', url: '/b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Invalid body: a JSON body is required (Content-Type: application/json)',
    );
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/b',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, content: null });
  });

  it('passes HttpError status, message and content through', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({
      success: false,
      message: 'I am a teapot',
      content: { brewing: false },
    });
  });

  it('answers a statement past its time bound with 503 and a way forward, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      success: false,
      message:
        'This took too long to answer. Please try again in a moment, or narrow it with a filter.',
      content: null,
    });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      content: null,
    });
  });
});

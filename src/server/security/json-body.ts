// JSON bodies as Fastify reads them (secure-json-parse), except that a body refused for a
// "__proto__" key, or a "constructor" key holding "prototype", is answered for what it is. Such a
// body is valid JSON; it is refused because JavaScript gives those keys a meaning of their own
// (prototype poisoning), but Fastify answers it as any broken body, "Body is not valid JSON", and
// names no key. No field of ours has either name, so refusing is what an unknown field gets anyway,
// with the key named: the client learns what to remove and nothing is taken in silently.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A body that is valid JSON but carries a key we never take. */
export class ForbiddenJsonKeyError extends Error {
  readonly statusCode = 400;
  constructor(readonly path: string) {
    super(
      `The body is valid JSON, but its key "${path}" is refused: no field has that name, and JavaScript gives it a meaning of its own. Remove it and send the body again.`,
    );
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Where in a parsed value the first forbidden key is, e.g. "__proto__", "tags.0.__proto__" or
 * "constructor" (holding "prototype"); null when there is none.
 */
export function forbiddenKeyPath(value: unknown, at: string[] = []): string | null {
  if (!isRecord(value)) return null;
  for (const key of Object.keys(value)) {
    const inner = value[key];
    if (key === '__proto__' || (key === 'constructor' && isRecord(inner) && 'prototype' in inner))
      return [...at, key].join('.');
    const found = forbiddenKeyPath(inner, [...at, key]);
    if (found) return found;
  }
  return null;
}

type Done = (err: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * Fastify's JSON parser (prototype keys refused) whose refusals say what is wrong: a forbidden key
 * by its name, broken JSON with JSON.parse's words and where (Fastify's own "Body is not valid JSON
 * but content-type is set to 'application/json'" says neither). JSON.parse is safe here: it makes
 * "__proto__" an own key, which is only read to name it.
 */
export function namedJsonParser(app: FastifyInstance): JsonParser {
  const json = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  return (request, body, done) =>
    json(request, body, (err, parsed) => {
      if (!err || (err as { code?: string }).code !== 'FST_ERR_CTP_INVALID_JSON_BODY')
        return done(err, parsed);
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch (syntax) {
        err.message = `The body is not valid JSON: ${(syntax as Error).message}`;
        return done(err);
      }
      const path = forbiddenKeyPath(value);
      done(path ? new ForbiddenJsonKeyError(path) : err);
    });
}

/** The app's JSON parser: Fastify's, with a forbidden key named (see namedJsonParser). */
export function registerJsonBodies(app: FastifyInstance) {
  const parse = namedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parse(request, body as string, done),
  );
}

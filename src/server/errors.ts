// One error handler for the whole API: validation problems become 400s that name the parameter,
// anything unexpected becomes a 500 whose details stay in the log (Fastify's default would send
// err.message to the client).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidQuery } from '../shared/services.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isStatementTimeout,
  QUERY_TOO_SLOW_MESSAGE,
} from './reliability/database-unavailable.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly content: unknown = null,
  ) {
    super(message);
  }
}

const contextNames: Record<string, string> = {
  querystring: 'query parameter',
  body: 'body field',
  params: 'path parameter',
  headers: 'header',
};

function valueAt(root: unknown, pathParts: string[]): unknown {
  let value = root;
  for (const part of pathParts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params?: unknown;
}

/** One issue in words, naming the parameter; the input decides the wording (absent, repeated). */
function describeIssue(issue: Issue, input: unknown, context: string): string {
  const pathParts = issue.instancePath.split('/').filter(Boolean);
  const where = pathParts.join('.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params as { keys?: string[] } | undefined)?.keys ?? [];
    const noun = contextNames[context] ?? 'parameter';
    return `unknown ${noun}${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`;
  }
  const value = valueAt(input, pathParts);
  if (!where) {
    // A missing body read "Invalid body: is required", which names nothing a client could send.
    if (value === undefined)
      return context === 'body'
        ? 'a JSON body is required (Content-Type: application/json)'
        : 'is required';
    return issue.message ?? 'is not valid';
  }
  if (value === undefined) return `'${where}' is required`;
  if (Array.isArray(value) && context === 'querystring')
    return `'${where}' must be given only once`;
  return `'${where}' ${issue.message ?? 'is not valid'}`;
}

export function describeValidation(err: FastifyError, request: FastifyRequest): string {
  const context = err.validationContext ?? 'request';
  if (!hasZodFastifySchemaValidationErrors(err)) return `Invalid ${context}: ${err.message}`;
  // Fastify names the query string 'querystring' in errors but keeps it on request.query.
  const key = context === 'querystring' ? 'query' : context;
  const input = (request as unknown as Record<string, unknown>)[key];
  const parts = [...new Set(err.validation.map((issue) => describeIssue(issue, input, context)))];
  return `Invalid ${context}: ${parts.join('; ')}`;
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    return reply
      .code(err.statusCode)
      .send({ success: false, message: err.message, content: err.content });
  }
  if (isInvalidQuery(err)) {
    return reply
      .code(400)
      .send({ success: false, message: `Invalid querystring: ${err.message}`, content: null });
  }
  if (err.validation) {
    return reply
      .code(400)
      .send({ success: false, message: describeValidation(err, request), content: null });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, bad content type…): their
    // messages are written for clients and carry no internals.
    return reply.code(status).send({ success: false, message: err.message, content: null });
  }
  // An outage is logged once when it starts and once when it ends (reliability/database-state.ts).
  const unavailable = request.server.hasDecorator('databaseState')
    ? request.server.databaseState.failed(err, 'api')
    : isDatabaseUnavailable(err);
  if (unavailable || isStatementTimeout(err)) {
    if (!unavailable) request.log.warn({ err }, 'statement timed out');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({
        success: false,
        message: unavailable ? DATABASE_UNAVAILABLE_MESSAGE : QUERY_TOO_SLOW_MESSAGE,
        content: null,
      });
  }
  request.log.error({ err }, 'request failed');
  return reply.code(status >= 500 && status < 600 ? status : 500).send({
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    content: null,
  });
}

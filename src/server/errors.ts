// One error handler for the whole API: validation problems become 400s that name the parameter,
// anything unexpected becomes a 500 whose details stay in the log (Fastify's default would send
// err.message to the client).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
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

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const parts = err.validation.map((v) => {
      const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const params = v.params as { issue?: { code?: string; keys?: string[] } } | undefined;
      const keys = params?.issue?.code === 'unrecognized_keys' ? params.issue.keys : undefined;
      if (keys?.length) return `unknown parameter ${keys.map((k) => `'${k}'`).join(', ')}`;
      return where ? `'${where}' ${v.message}` : v.message;
    });
    return `Invalid ${err.validationContext ?? 'request'}: ${parts.join('; ')}`;
  }
  return `Invalid ${err.validationContext ?? 'request'}: ${err.message}`;
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    return reply
      .code(err.statusCode)
      .send({ success: false, message: err.message, content: err.content });
  }
  if (err.validation) {
    return reply
      .code(400)
      .send({ success: false, message: describeValidation(err), content: null });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, bad content type…).
    return reply.code(status).send({ success: false, message: err.message, content: null });
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE, content: null });
  }
  request.log.error({ err }, 'request failed');
  return reply.code(status >= 500 && status < 600 ? status : 500).send({
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    content: null,
  });
}

// Request logs (ASVS 4.0 §7.1): one JSON line per request with its id, nothing secret in them.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Paths pino blanks wherever a request, response or error is logged. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'cookieSecret',
  '*.cookieSecret',
  'databaseUrl',
  '*.databaseUrl',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

/** Replaces Fastify's two lines per request ("incoming", "completed") with one at the end. */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      },
      'request',
    );
  });
}

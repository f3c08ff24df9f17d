// Bounds on what one client can make the server hold (ASVS 4.0 §12.1, §13.1): header size, how
// long a request may take to arrive (slow-loris), idle keep-alive sockets, and the query string.
import type { IncomingMessage, Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';

export interface ServerLimits {
  /** Largest request head (request line + headers); over it Node answers 431. */
  maxHeaderBytes: number;
  /** The request head must arrive within this (slow headers). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (slow bodies). */
  requestTimeoutMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Longest query string accepted; longer ones answer 414. */
  maxQueryLength: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxQueryLength: 2048,
};

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A request id from the proxy in front when it looks like one, else a new one (no log forging). */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Options for the Fastify constructor. */
export function serverOptions(limits: ServerLimits): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    // While closing: the listener stops taking connections and idle sockets are closed at once;
    // requests that still reach us on busy kept-alive sockets are served, with Connection: close,
    // rather than refused (a 503 there would fail a request the client had already sent).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: requestId,
  };
}

const draining = new WeakSet<FastifyInstance>();

/** From now on every response asks the client to close its connection (shutdown has begun). */
export function startDraining(app: FastifyInstance) {
  draining.add(app);
}

/**
 * React Router's route discovery asks `/__manifest` for the routes of the links a page shows, many
 * at once (a listing's job links), and cuts its own requests at 7,680 characters of URL; the
 * answer holds route definitions only, no data.
 */
const MANIFEST_PATH = '/__manifest?';
export const MANIFEST_QUERY_LENGTH = 8192;

export function registerRequestLimits(app: FastifyInstance, limits: ServerLimits) {
  app.addHook('onRequest', async (request, reply) => {
    const query = request.url.indexOf('?');
    const max = request.url.startsWith(MANIFEST_PATH)
      ? Math.max(MANIFEST_QUERY_LENGTH, limits.maxQueryLength)
      : limits.maxQueryLength;
    if (query >= 0 && request.url.length - query - 1 > max) {
      return reply.code(414).send({
        success: false,
        message: `The query string is too long (at most ${max} characters).`,
        content: null,
      });
    }
  });
  // The id ties a user's report to the log line of their request.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining.has(app)) reply.header('connection', 'close');
  });
}

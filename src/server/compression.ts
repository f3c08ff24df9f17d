// Compression of HTML, JS, CSS, JSON and XML answers: brotli when the client accepts it, gzip
// otherwise. Both flush after every write so server-rendered HTML still streams (DESIGN.md §8).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this size compression costs more than it saves. */
const THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/,
    zlibOptions: { flush: constants.Z_SYNC_FLUSH, level: 6 },
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      // Quality 5 keeps per-request CPU low; static assets are the same bytes every time anyway.
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    },
  });
}

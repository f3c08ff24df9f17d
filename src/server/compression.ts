// Compression of HTML, JS, CSS, JSON and XML answers: brotli when the client accepts it, gzip
// otherwise. Both flush after every write so server-rendered HTML still streams (DESIGN.md §8).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this size compression costs more than it saves. */
export const THRESHOLD_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

const ZLIB_OPTIONS = { flush: constants.Z_SYNC_FLUSH, level: 6 };
// Quality 5 keeps per-request CPU low; static assets are the same bytes every time anyway. A
// 256 KB window (the default is 4 MB) is more than a page needs: each encoder's native memory is
// reported to V8, and at the default window every compressed page pushed the heap towards a full
// collection (bench:pages with br: ~70 pages/s with lgwin 22, against ~200 with gzip).
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 5,
  [constants.BROTLI_PARAM_LGWIN]: 18,
};
const BROTLI_OPTIONS = { flush: constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS };

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    zlibOptions: ZLIB_OPTIONS,
    brotliOptions: BROTLI_OPTIONS,
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A body compressed as registerCompression would compress it (the page cache keeps these). */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body, ZLIB_OPTIONS);
  // A whole body: the encoder sizes its tables by it.
  return brotli(body, {
    params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** The coding registerCompression gives a whole answer of this type and size; undefined: none. */
export function codingOf(
  contentType: string,
  bytes: number,
  acceptEncoding: string | undefined,
): ContentEncoding | undefined {
  if (bytes < THRESHOLD_BYTES || !COMPRESSIBLE.test(contentType)) return undefined;
  return pickEncoding(acceptEncoding);
}

/**
 * The coding @fastify/compress would pick for this Accept-Encoding: br before gzip, either only
 * with a q above 0 (`*` stands for both); undefined means identity.
 */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: ContentEncoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

// A few seconds of memory for anonymous pages (issue 20): a burst of identical requests renders
// once (the others wait for that render), the answer is kept for a short TTL, bounded by entries
// and bytes (least recently used first out), and emptied at once when this server changes a job,
// a company or the maintenance switch. Other servers' changes reach this one within the TTL:
// nothing here is shared between servers.
import { createHash } from 'node:crypto';
import { type ContentEncoding, compressBody } from '../compression.ts';

/** A page rendered to the end, as every anonymous visitor of its URL gets it. */
export interface RenderedPage {
  status: number;
  /** Response headers, without Set-Cookie, Content-Length and Content-Encoding. */
  headers: [string, string][];
  /** The identity-coded body. */
  body: Buffer;
  /** A strong validator of the identity body; each content coding gets its own (see etagFor). */
  etag: string;
}

export interface PageCacheOptions {
  /** How long a page is kept; 0 turns the cache off (every request renders, none wait). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** The clock entries age by (tests move it). */
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  /** Renders started by the cache (misses that did not join a running render). */
  renders: number;
  /** Requests that waited for another request's render. */
  joined: number;
  entries: number;
  bytes: number;
}

/** What a render produced and whether others may have it. */
export interface RenderOutcome {
  page: RenderedPage;
  /** Kept for later requests (a 200 with a public Cache-Control and no cookie). */
  store: boolean;
  /** Handed to the requests that waited for this render (same URL, all anonymous). */
  share: boolean;
}

interface Entry {
  page: RenderedPage;
  expires: number;
  bytes: number;
  variants: Partial<Record<ContentEncoding, Promise<Buffer>>>;
}

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * A strong validator names one representation (RFC 9110 §8.8.1): the br and gzip bodies are not
 * the identity bytes, so each coding has its own tag.
 */
export function etagFor(page: RenderedPage, encoding: ContentEncoding | undefined): string {
  return encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const enabled = options.ttlMs > 0;
  // Map order is the recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  const running = new Map<string, { generation: number; promise: Promise<RenderOutcome> }>();
  let generation = 0;
  let bytes = 0;
  const stats = { hits: 0, misses: 0, renders: 0, joined: 0 };

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evict() {
    for (const key of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) return;
      drop(key);
    }
  }

  function store(key: string, page: RenderedPage) {
    drop(key);
    // A page larger than the whole budget would only push everything else out.
    if (page.body.length > options.maxBytes) return;
    const entry: Entry = {
      page,
      expires: now() + options.ttlMs,
      bytes: page.body.length,
      variants: {},
    };
    entries.set(key, entry);
    bytes += entry.bytes;
    evict();
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      drop(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  return {
    enabled,
    /**
     * The page for `key`: kept, or being rendered by another request (then this one waits for
     * it), or rendered now. A render that began before a clear() is neither kept nor joined.
     */
    async get(
      key: string,
      render: () => Promise<RenderOutcome>,
    ): Promise<{ page: RenderedPage; source: 'hit' | 'joined' | 'render'; share: boolean }> {
      if (!enabled) {
        const outcome = await render();
        return { page: outcome.page, source: 'render', share: outcome.share };
      }
      const entry = fresh(key);
      if (entry) {
        stats.hits++;
        return { page: entry.page, source: 'hit', share: true };
      }
      stats.misses++;
      const current = running.get(key);
      if (current && current.generation === generation) {
        stats.joined++;
        const outcome = await current.promise;
        if (outcome.share) return { page: outcome.page, source: 'joined', share: true };
        // The render's answer was this visitor's alone (it set a cookie): render our own.
        const own = await render();
        return { page: own.page, source: 'render', share: own.share };
      }
      stats.renders++;
      const started = generation;
      const promise = render();
      running.set(key, { generation: started, promise });
      try {
        const outcome = await promise;
        if (outcome.store && started === generation) store(key, outcome.page);
        return { page: outcome.page, source: 'render', share: outcome.share };
      } finally {
        if (running.get(key)?.promise === promise) running.delete(key);
      }
    },
    /**
     * The body in the given coding, compressed once per kept page; a page that is not kept (or no
     * longer) is compressed for this answer alone.
     */
    encoded(key: string, page: RenderedPage, encoding: ContentEncoding): Promise<Buffer> {
      const entry = entries.get(key);
      if (!entry || entry.page !== page) return compressBody(page.body, encoding);
      const made = entry.variants[encoding];
      if (made) return made;
      const promise = compressBody(page.body, encoding);
      entry.variants[encoding] = promise;
      void promise.then(
        (buffer) => {
          if (entries.get(key) !== entry) return;
          entry.bytes += buffer.length;
          bytes += buffer.length;
          evict();
        },
        () => {
          delete entry.variants[encoding];
        },
      );
      return promise;
    },
    /** Forgets every page, and every render already running (it may have read the old state). */
    clear() {
      generation++;
      entries.clear();
      running.clear();
      bytes = 0;
    },
    stats(): PageCacheStats {
      return { ...stats, entries: entries.size, bytes };
    },
  };
}

/**
 * The cache key: PUBLIC_URL's origin (never the Host header), the path as received, and the query
 * with its parameters sorted by name (repeated names keep their order, which a loader's getAll
 * may depend on). Pages are rendered for this normalised URL, so a page depends on the key alone.
 * Campaign parameters (utm_*, gclid, …) are kept: some pages write their query back into links
 * (feeds, the follow menu), and a render for a URL the visitor did not ask for must not differ
 * from what they asked for; such links are few distinct URLs, each cached on its own.
 */
export function pageCacheKey(origin: string, url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return `${origin}${url}`;
  const path = url.slice(0, question);
  const params = [...new URLSearchParams(url.slice(question + 1))];
  if (params.length === 0) return `${origin}${path}`;
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${origin}${path}?${new URLSearchParams(params).toString()}`;
}

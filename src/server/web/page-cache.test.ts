import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createPageCache,
  etagFor,
  pageCacheKey,
  type RenderOutcome,
  strongEtag,
} from './page-cache.ts';

function page(text: string, status = 200): RenderOutcome['page'] {
  const body = Buffer.from(text);
  return { status, headers: [['content-type', 'text/html']], body, etag: strongEtag(body) };
}

const kept = (text: string): RenderOutcome => ({ page: page(text), store: true, share: true });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('page cache', () => {
  it('keeps a page for its TTL, then renders again', async () => {
    const time = clock();
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 10, maxBytes: 1e6, now: time.now });
    let renders = 0;
    const render = async () => kept(`render ${++renders}`);
    expect((await cache.get('/a', render)).source).toBe('render');
    time.advance(4999);
    const hit = await cache.get('/a', render);
    expect(hit.source).toBe('hit');
    expect(hit.page.body.toString()).toBe('render 1');
    time.advance(1);
    expect((await cache.get('/a', render)).page.body.toString()).toBe('render 2');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, renders: 2, entries: 1 });
  });

  it('renders a burst of identical requests once', async () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 10, maxBytes: 1e6 });
    const gate = deferred<RenderOutcome>();
    let renders = 0;
    const render = () => {
      renders++;
      return gate.promise;
    };
    const burst = Array.from({ length: 20 }, () => cache.get('/jobs', render));
    gate.resolve(kept('the page'));
    const answers = await Promise.all(burst);
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.page)).size).toBe(1);
    expect(answers.filter((a) => a.source === 'joined')).toHaveLength(19);
  });

  it('lets waiters render their own when the render was for one visitor only', async () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 10, maxBytes: 1e6 });
    const gate = deferred<RenderOutcome>();
    let renders = 0;
    const render = () => (++renders === 1 ? gate.promise : Promise.resolve(kept('own')));
    const first = cache.get('/x', render);
    const second = cache.get('/x', render);
    gate.resolve({ page: page('with a cookie'), store: false, share: false });
    expect((await first).page.body.toString()).toBe('with a cookie');
    expect((await second).page.body.toString()).toBe('own');
    expect(renders).toBe(2);
  });

  it('keeps only what the render says may be kept', async () => {
    const cache = createPageCache({ ttlMs: 5000, maxEntries: 10, maxBytes: 1e6 });
    let renders = 0;
    const render = async (): Promise<RenderOutcome> => {
      renders++;
      return { page: page('missing', 404), store: false, share: true };
    };
    await cache.get('/nope', render);
    await cache.get('/nope', render);
    expect(renders).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('forgets everything on clear(), and never keeps a render that began before it', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    await cache.get('/a', async () => kept('old a'));
    const gate = deferred<RenderOutcome>();
    const running = cache.get('/b', () => gate.promise);
    cache.clear();
    // A request after the change does not join the render that may have read the old state.
    let renders = 0;
    const after = cache.get('/b', async () => {
      renders++;
      return kept('new b');
    });
    gate.resolve(kept('old b'));
    expect((await running).page.body.toString()).toBe('old b');
    expect((await after).page.body.toString()).toBe('new b');
    expect(renders).toBe(1);
    expect((await cache.get('/a', async () => kept('new a'))).page.body.toString()).toBe('new a');
    expect((await cache.get('/b', async () => kept('newer b'))).page.body.toString()).toBe('new b');
  });

  it('is bounded by entries, least recently used first out', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3, maxBytes: 1e6 });
    for (const key of ['/1', '/2', '/3']) await cache.get(key, async () => kept(key));
    await cache.get('/1', async () => kept('again'));
    await cache.get('/4', async () => kept('/4'));
    expect(cache.stats().entries).toBe(3);
    // /2 was the least recently used: it renders again; /1 was used and stays.
    expect((await cache.get('/1', async () => kept('x'))).source).toBe('hit');
    expect((await cache.get('/2', async () => kept('x'))).source).toBe('render');
  });

  it('is bounded by bytes, compressed copies included', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 10_000 });
    const big = 'x'.repeat(4000);
    await cache.get('/a', async () => kept(big));
    await cache.get('/b', async () => kept(big));
    expect(cache.stats().bytes).toBe(8000);
    await cache.get('/c', async () => kept(big));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 8000 });
    expect((await cache.get('/a', async () => kept(big))).source).toBe('render');
    // A page over the whole budget is not kept at all.
    await cache.get('/huge', async () => kept('y'.repeat(20_000)));
    expect((await cache.get('/huge', async () => kept('y'))).source).toBe('render');
    const { page: c } = await cache.get('/c', async () => kept(big));
    const gz = await cache.encoded('/c', c, 'gzip');
    expect(gunzipSync(gz).toString()).toBe(big);
    await new Promise((r) => setImmediate(r));
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.stats().bytes).toBeGreaterThan(8000);
    // Asked again, the compressed copy is the one made before.
    expect(await cache.encoded('/c', c, 'gzip')).toBe(gz);
  });

  it('renders every time when turned off (TTL 0)', async () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 10, maxBytes: 1e6 });
    let renders = 0;
    const render = async () => kept(`r${++renders}`);
    await Promise.all([cache.get('/a', render), cache.get('/a', render)]);
    await cache.get('/a', render);
    expect(renders).toBe(3);
    expect(cache.stats().entries).toBe(0);
  });
});

describe('page cache key', () => {
  const origin = 'https://jobs.example';
  it('is the public origin, the path and the query sorted by name', () => {
    expect(pageCacheKey(origin, '/jobs')).toBe('https://jobs.example/jobs');
    expect(pageCacheKey(origin, '/jobs?role=2&location=9&sortBy=true')).toBe(
      pageCacheKey(origin, '/jobs?sortBy=true&location=9&role=2'),
    );
    expect(pageCacheKey(origin, '/jobs?b=2&a=1')).toBe('https://jobs.example/jobs?a=1&b=2');
    // Repeated names keep their order; different values are different pages.
    expect(pageCacheKey(origin, '/jobs?x=2&a=0&x=1')).toBe('https://jobs.example/jobs?a=0&x=2&x=1');
    expect(pageCacheKey(origin, '/jobs?role=1')).not.toBe(pageCacheKey(origin, '/jobs?role=2'));
    expect(pageCacheKey(origin, '/jobs?')).toBe('https://jobs.example/jobs');
    // The same value however it was escaped.
    expect(pageCacheKey(origin, '/companies?name=a%20b')).toBe(
      pageCacheKey(origin, '/companies?name=a+b'),
    );
  });

  it('gives each content coding its own strong tag', () => {
    const p = page('body');
    expect(p.etag).toMatch(/^"[\w-]{27}"$/);
    expect(etagFor(p, undefined)).toBe(p.etag);
    expect(etagFor(p, 'br')).toBe(`${p.etag.slice(0, -1)}-br"`);
    expect(etagFor(p, 'gzip')).not.toBe(etagFor(p, 'br'));
  });
});

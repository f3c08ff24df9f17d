import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { appPerSuite, buildTestApp } from '../../../test/support/app.ts';
import { sharedPageNonce } from './headers.ts';

const pages = ['/', '/jobs', '/about', '/contact', '/learn', '/no-such-page', '/sitemap.xml'];
const apis = [
  '/api/v1/app-details/get-app-details',
  '/api/v1/jobs/current-openings',
  '/api/v1/no-such-endpoint',
  '/healthz',
  '/readyz',
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  const suite = appPerSuite(buildTestApp, seedDemoIfEmpty);

  it.each([...pages, ...apis])('%s carries the fixed headers', async (url) => {
    const res = await suite.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const permissions = String(res.headers['permissions-policy']);
    for (const feature of [
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'payment=()',
      'usb=()',
    ]) {
      expect(permissions).toContain(feature);
    }
    expect(permissions).toContain('clipboard-write=(self)');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([...pages, ...apis])('%s has a strict Content-Security-Policy', async (url) => {
    const res = await suite.app.inject({ url });
    const csp = directives(String(res.headers['content-security-policy']));
    const scriptSrc = csp.get('script-src') ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc.some((s) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(s))).toBe(true);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('gives private renders their own nonce, shared pages one drawn from their content, and a page its scripts and CSP header the same one', async () => {
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    const scriptNonces = (body: string) =>
      [...body.matchAll(/<script\b([^>]*)>/g)]
        .filter((m) => !/\bsrc=/.test(m[1]!))
        .map((m) => /nonce="([^"]+)"/.exec(m[1]!)?.[1]);
    // Pages nobody shares: each answer is its own render.
    const [a, b] = await Promise.all([
      suite.app.inject({ url: '/login' }),
      suite.app.inject({ url: '/login' }),
    ]);
    const nonceA = nonceOf(a.headers['content-security-policy']);
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceOf(b.headers['content-security-policy']));
    expect(scriptNonces(a.body).length).toBeGreaterThan(0);
    expect(new Set(scriptNonces(a.body))).toEqual(new Set([nonceA]));
    // A public page: one render's copy, nonce included, serves its visitors; the nonce comes from
    // the page's content, so rendering it anew unchanged gives it again, and other content
    // (here reflected from the query) another one.
    suite.app.pageCache.clear();
    const first = await suite.app.inject({ url: '/about' });
    const copy = await suite.app.inject({ url: '/about' });
    const kept = nonceOf(first.headers['content-security-policy']);
    expect(nonceOf(copy.headers['content-security-policy'])).toBe(kept);
    expect(copy.body).toBe(first.body);
    expect(scriptNonces(copy.body).length).toBeGreaterThan(0);
    expect(new Set(scriptNonces(copy.body))).toEqual(new Set([kept]));
    suite.app.pageCache.clear();
    const again = await suite.app.inject({ url: '/about' });
    expect(nonceOf(again.headers['content-security-policy'])).toBe(kept);
    const [alpha, beta] = [
      await suite.app.inject({ url: '/jobs?q=alpha' }),
      await suite.app.inject({ url: '/jobs?q=beta' }),
    ];
    const alphaNonce = nonceOf(alpha.headers['content-security-policy']);
    expect(alpha.body).toContain('alpha');
    expect(alphaNonce).not.toBe(nonceOf(beta.headers['content-security-policy']));
    expect(new Set(scriptNonces(alpha.body))).toEqual(new Set([alphaNonce]));
  });

  it('answers different request ids per request and keeps a well-formed one from a proxy', async () => {
    const [a, b] = await Promise.all([
      suite.app.inject({ url: '/healthz' }),
      suite.app.inject({ url: '/healthz' }),
    ]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const kept = await suite.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234.abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abcd');
    const forged = await suite.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'x\n{"level":60,"msg":"forged"}' },
    });
    expect(forged.headers['x-request-id']).not.toContain('forged');
  });
});

describe('HSTS', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is sent when PUBLIC_URL is https', async () => {
    const app = await buildTestApp(database, {
      web: false,
      env: { PUBLIC_URL: 'https://jobs.example.com' },
    });
    const res = await app.inject({ url: '/healthz' });
    await app.close();
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('follows X-Forwarded-Proto only from a trusted proxy', async () => {
    const trusting = await buildTestApp(database, { web: false, env: { TRUST_PROXY: 'true' } });
    const viaTls = await trusting.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    await trusting.close();
    expect(viaTls.headers['strict-transport-security']).toMatch(/max-age=/);

    const untrusting = await buildTestApp(database, { web: false });
    const spoofed = await untrusting.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    await untrusting.close();
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('sharedPageNonce', () => {
  const key = 'test key';
  // Text outside ASCII around the nonce: the page's other bytes must come back as they were.
  const page = (drawn: string, text = 'Café — Zürich') =>
    `<script nonce="${drawn}">1</script><p>${text}</p><link nonce="${drawn}"/>${text}`;

  it('puts one nonce where the drawn one stood and leaves every other byte as it was', () => {
    const drawn = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const shared = sharedPageNonce(Buffer.from(page(drawn)), drawn, key);
    expect(shared.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(shared.nonce).not.toBe(drawn);
    expect(shared.page.toString('utf8')).toBe(page(shared.nonce));
  });

  it('draws the same nonce from the same content, whatever nonce it was rendered with', () => {
    const a = sharedPageNonce(
      Buffer.from(page('AAAAAAAAAAAAAAAAAAAAAA==')),
      'AAAAAAAAAAAAAAAAAAAAAA==',
      key,
    );
    const b = sharedPageNonce(
      Buffer.from(page('BBBBBBBBBBBBBBBBBBBBBB==')),
      'BBBBBBBBBBBBBBBBBBBBBB==',
      key,
    );
    expect(b.nonce).toBe(a.nonce);
    expect(b.page.equals(a.page)).toBe(true);
  });

  it('refuses an empty drawn nonce instead of searching for it forever', () => {
    expect(() => sharedPageNonce(Buffer.from(page('')), '', key)).toThrow(/nonce/);
  });

  it('draws another nonce from other content or with another key', () => {
    const drawn = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const first = sharedPageNonce(Buffer.from(page(drawn)), drawn, key).nonce;
    expect(sharedPageNonce(Buffer.from(page(drawn, 'Café — Bern')), drawn, key).nonce).not.toBe(
      first,
    );
    expect(sharedPageNonce(Buffer.from(page(drawn)), drawn, 'other key').nonce).not.toBe(first);
  });
});

// Search-engine notifications against local fake endpoints (node:http): IndexNow gets each change
// once, a 500 is retried after the wait, a target that keeps failing is given up with a log line;
// Google gets a signed assertion, a token and URL_UPDATED / URL_DELETED. Nothing is queued when no
// engine is configured, and the IndexNow key file is served. Time is passed in.
import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { buildApiApp, testConfig } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJob, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { createEmployerJobsService } from '../employer/employer-jobs.service.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { createSearchEnginePings, FIRST_RETRY_MS, MAX_ATTEMPTS } from './search-engines.ts';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A fake endpoint: records every request and answers the next queued status (200 when none). */
async function fakeEndpoint(answer: (r: Received) => { status: number; body?: unknown }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body };
      received.push(r);
      const { status, body: out } = answer(r);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

const PUBLIC = 'https://jobs.example.org';
const KEY = 'a1b2c3d4e5f6a7b8';
let database: TestDatabase;
let ref: Reference;
const t0 = new Date(Date.now() + 60_000);
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
});
afterAll(async () => {
  await database?.close();
});

const pings = () =>
  queryRows<{ target: string; url: string; action: string; status: string; attempts: number }>(
    database.db,
    sql`select target, url, action, status, attempts from search_engine_pings order by id`,
  );

describe('IndexNow', () => {
  it('sends each change once, retries a 500 after the wait, and gives up with a log line', async () => {
    const statuses: number[] = [];
    const fake = await fakeEndpoint(() => ({ status: statuses.shift() ?? 200 }));
    const logged: { obj: object; msg: string }[] = [];
    const run = createSearchEnginePings(database.db, {
      publicUrl: PUBLIC,
      indexNow: { key: KEY, endpoint: `${fake.url}/indexnow` },
      log: { info: () => {}, error: (obj, msg) => logged.push({ obj, msg }) },
    })!;
    try {
      expect(await run(at(0))).toMatchObject({ queued: 0 });
      const job = await insertJob(database.db, ref, { updatedAt: at(1) });
      // In review: never public, nothing to tell.
      await insertJob(database.db, ref, { updatedAt: at(2), status: 'in_review', isActive: false });
      expect(await run(at(60))).toMatchObject({ queued: 1, sent: 1 });
      expect(fake.received).toHaveLength(1);
      const sent = JSON.parse(fake.received[0]!.body);
      expect(sent).toEqual({
        host: 'jobs.example.org',
        key: KEY,
        keyLocation: `${PUBLIC}/${KEY}.txt`,
        urlList: [`${PUBLIC}/job-description/${job.pageUrl}`],
      });
      // Delivered once: the next run (which reads the last minutes again) sends nothing.
      expect(await run(at(120))).toMatchObject({ queued: 0, sent: 0 });
      expect(fake.received).toHaveLength(1);

      // Closed, and the endpoint fails once: retried after the wait, not before.
      statuses.push(500);
      await database.db
        .update(jobs)
        .set({ status: 'closed', isActive: false, updatedAt: at(130) })
        .where(eq(jobs.id, job.id));
      expect(await run(at(180))).toMatchObject({ queued: 1, sent: 0, retried: 1 });
      expect(await run(at(181))).toMatchObject({ sent: 0 });
      expect(fake.received).toHaveLength(2);
      expect(await run(at(180 + FIRST_RETRY_MS / 1000 + 1))).toMatchObject({ sent: 1 });
      expect(fake.received).toHaveLength(3);
      expect((await pings()).at(-1)).toMatchObject({ action: 'URL_DELETED', status: 'sent' });

      // An endpoint that keeps failing: given up after MAX_ATTEMPTS, logged once.
      statuses.push(...Array<number>(MAX_ATTEMPTS).fill(503));
      await database.db
        .update(jobs)
        .set({ updatedAt: at(400) })
        .where(eq(jobs.id, job.id));
      let time = 460;
      for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
        await run(at(time));
        time += (FIRST_RETRY_MS / 1000) * 2 ** i + 1;
      }
      expect(fake.received).toHaveLength(3 + MAX_ATTEMPTS);
      expect((await pings()).at(-1)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toBe('search-engine notification given up');
      expect(logged[0]!.obj).toMatchObject({ target: 'indexnow', attempts: MAX_ATTEMPTS });
    } finally {
      await fake.close();
    }
  });
});

describe("Google's Indexing API", () => {
  it('signs an assertion, takes a token and publishes URL_UPDATED and URL_DELETED', async () => {
    await database.db.execute(sql`delete from search_engine_pings`);
    await database.db.execute(sql`delete from search_engine_scan`);
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fake = await fakeEndpoint((r) => {
      if (r.path === '/token') {
        const assertion = new URLSearchParams(r.body).get('assertion') ?? '';
        const [head, claims, signature] = assertion.split('.');
        const good = verify(
          'RSA-SHA256',
          Buffer.from(`${head}.${claims}`),
          publicKey,
          Buffer.from(signature ?? '', 'base64url'),
        );
        return good ? { status: 200, body: { access_token: 'tok-1' } } : { status: 401 };
      }
      return { status: r.headers.authorization === 'Bearer tok-1' ? 200 : 403 };
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'h2-google-'));
    const file = path.join(dir, 'service-account.json');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'service_account',
        client_email: 'indexer@example.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        token_uri: `${fake.url}/token`,
      }),
    );
    const config = testConfig({
      PUBLIC_URL: PUBLIC,
      GOOGLE_INDEXING_CREDENTIALS: file,
      GOOGLE_INDEXING_ENDPOINT: `${fake.url}/publish`,
    });
    const run = createSearchEnginePings(database.db, {
      publicUrl: config.publicUrl,
      google: config.googleIndexing,
    })!;
    try {
      await run(at(1000));
      const live = await insertJob(database.db, ref, { updatedAt: at(1001) });
      const gone = await insertJob(database.db, ref, {
        updatedAt: at(1002),
        status: 'expired',
        isActive: false,
      });
      expect(await run(at(1060))).toMatchObject({ queued: 2, sent: 2, failed: 0 });
      const token = fake.received.find((r) => r.path === '/token')!;
      const claims = JSON.parse(
        Buffer.from(
          new URLSearchParams(token.body).get('assertion')!.split('.')[1]!,
          'base64url',
        ).toString(),
      );
      expect(claims).toMatchObject({
        iss: 'indexer@example.iam.gserviceaccount.com',
        aud: `${fake.url}/token`,
        scope: 'https://www.googleapis.com/auth/indexing',
      });
      const published = fake.received
        .filter((r) => r.path === '/publish')
        .map((r) => JSON.parse(r.body));
      expect(published).toEqual([
        { url: `${PUBLIC}/job-description/${live.pageUrl}`, type: 'URL_UPDATED' },
        { url: `${PUBLIC}/job-description/${gone.pageUrl}`, type: 'URL_DELETED' },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('refuses a credentials file it cannot use, naming the variable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'h2-google-'));
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ client_email: 'x@example.org' }));
    expect(() => testConfig({ GOOGLE_INDEXING_CREDENTIALS: file })).toThrow(
      /GOOGLE_INDEXING_CREDENTIALS: .*lacks private_key, token_uri/,
    );
    expect(() => testConfig({ GOOGLE_INDEXING_CREDENTIALS: path.join(dir, 'none.json') })).toThrow(
      /GOOGLE_INDEXING_CREDENTIALS: cannot read/,
    );
    expect(() => testConfig({ INDEXNOW_KEY: 'short' })).toThrow(/INDEXNOW_KEY/);
  });
});

describe('without a search engine', () => {
  it('queues nothing and runs no task; with a key, serves the key file', async () => {
    expect(createSearchEnginePings(database.db, { publicUrl: PUBLIC })).toBeNull();
    const plain = await buildApiApp(database);
    expect(plain.tasks.names()).not.toContain('search-engine-pings');
    expect((await plain.inject({ method: 'GET', url: `/${KEY}.txt` })).statusCode).toBe(404);
    await plain.close();
    const withKey = await buildApiApp(database, { env: { INDEXNOW_KEY: KEY } });
    expect(withKey.tasks.names()).toContain('search-engine-pings');
    const res = await withKey.inject({ method: 'GET', url: `/${KEY}.txt` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(KEY);
    expect(res.headers['content-type']).toContain('text/plain');
    await withKey.close();
  });
});

describe('sitemap lastmod', () => {
  it("follows a job's real changes and stays put for an unchanged re-send", async () => {
    await database.db.execute(
      sql`update companies set verified = true where id = ${ref.companies.acme}`,
    );
    const employer = createEmployerJobsService(database.db);
    const actor = { companyId: ref.companies.acme, by: null };
    const form = {
      title: 'Sitemap Engineer',
      roleId: ref.roles.sde,
      cityId: ref.cities.pune,
      jobTypeId: ref.jobTypes.fullTime,
      experienceLevel: 1,
      salaryMode: 'none',
      noOfOpening: 1,
      applyLink: 'https://acme.example/jobs/sitemap',
      description: 'Keep the map of our site honest, so that search engines find every job.',
    };
    const made = await employer.submit(actor, { companyId: ref.companies.acme }, form);
    if (!made.ok) throw new Error(made.message);
    const jobId = made.value.jobId!;
    const lastmod = async () => {
      for await (const batch of createJobsService(database.db).activeSlugs(1000)) {
        const hit = batch.find((e) => e.pageUrl === made.value.pageUrl);
        if (hit) return hit.updatedAt;
      }
      return null;
    };
    const first = await lastmod();
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    const same = await employer.submit(actor, { companyId: ref.companies.acme, jobId }, form);
    expect(same.ok && same.value.changed).toBe(false);
    expect(await lastmod()).toBe(first);
    await employer.submit(
      actor,
      { companyId: ref.companies.acme, jobId },
      { ...form, noOfOpening: 4 },
    );
    const second = await lastmod();
    expect(second! > first!).toBe(true);
  });
});

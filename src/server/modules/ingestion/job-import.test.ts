// Imports and exports: /feeds/jobs.xml writes every live job as Indeed-style XML (streamed in
// keyset batches, escaped, cacheable); importing that file into another company creates the same
// jobs and a second import changes nothing; a dry run writes nothing; bad rows are reported by
// row and field while good rows import; the running server's local endpoint does the same.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { companies, jobs } from '../../db/schema.ts';
import { buildApiApp } from '../../../../test/support/app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { insertJob, type Reference, seedReference } from '../../../../test/support/fixtures.ts';
import { createEmployerJobsService } from '../employer/employer-jobs.service.ts';
import { parseArgs, runJobsImport } from '../../cli/jobs-import.ts';
import { DEFAULT_LIMITS, serverOptions } from '../../security/limits.ts';
import { createAdminToken, writeServerInfo } from '../admin/server-files.ts';
import { apiJobBody } from '../../../shared/contract/employer-api.ts';
import { ADMIN_JOBS_IMPORT_PATH, type ImportLine, jobsImportRoutes } from './import.routes.ts';
import { decodeImportFile, formatReport, ImportError, importJobs } from './job-import.ts';
import { JOBS_XML_PATH, jobsXml } from './jobs-xml-feed.ts';

const PUBLIC = 'http://localhost:3000';
let database: TestDatabase;
let app: App;
let ref: Reference;
let service: ReturnType<typeof createEmployerJobsService>;
let globexSlug: string;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  database = await openTestDatabase();
  ref = await seedReference(database.db);
  service = createEmployerJobsService(database.db);
  const [globex] = await database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, ref.companies.globex));
  globexSlug = globex!.slug;
  await insertJob(database.db, ref, {
    title: 'Tricky <title> & "quotes" ]]> end',
    description: 'A description with <b>markup-looking</b> text & a CDATA end ]]> in the middle.',
    validThrough: inDays(20),
    workMode: 'remote',
  });
  await insertJob(database.db, ref, {
    title: 'Best paid engineer',
    salaryProvided: 'false',
    salaryFrom: null,
    salaryTo: null,
    salaryTypeId: null,
    bestInIndustry: 'Best in the industry',
    cityId: ref.cities.munich,
    roleId: ref.roles.dataScientist,
    jobTypeId: ref.jobTypes.partTime,
    experienceLevelId: 5,
  });
  await insertJob(database.db, ref, {
    title: 'Third live job',
    salaryTypeId: ref.salaryTypes.yearly,
  });
  await insertJob(database.db, ref, { title: 'Closed job', status: 'closed', isActive: false });
  await insertJob(database.db, ref, { title: 'Past its date', validThrough: inDays(-1) });
  app = await buildApiApp(database, { env: { PUBLIC_URL: PUBLIC }, adminToken: 'local-token' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const globexJobs = () =>
  database.db.select().from(jobs).where(eq(jobs.companyId, ref.companies.globex)).orderBy(jobs.id);

describe('/feeds/jobs.xml', () => {
  it('publishes every live job, escaped, with a cache lifetime', async () => {
    const res = await app.inject({ method: 'GET', url: JOBS_XML_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body.match(/<job>/g)).toHaveLength(3);
    expect(res.body).not.toContain('Closed job');
    expect(res.body).not.toContain('Past its date');
    expect(res.body).toContain(
      '<title><![CDATA[Tricky <title> & "quotes" ]]]]><![CDATA[> end]]></title>',
    );
    expect(res.body).toContain(`<url><![CDATA[${PUBLIC}/job-description/`);
    expect(res.body).toContain('<remotetype><![CDATA[Fully remote]]></remotetype>');
    // The description is HTML for aggregators: the text's own markup escaped, not live.
    expect(res.body).toContain(
      '<description><![CDATA[<p>A description with &lt;b&gt;markup-looking&lt;/b&gt; text &amp; a CDATA end ]]&gt; in the middle.</p>]]></description>',
    );
    expect(res.body).toContain(
      '<descriptiontext><![CDATA[A description with <b>markup-looking</b> text & a CDATA end ]]]]><![CDATA[> in the middle.]]></descriptiontext>',
    );
    expect(res.body.trim().endsWith('</source>')).toBe(true);
  });

  it('reads in keyset batches without losing or repeating a job', async () => {
    let text = '';
    for await (const chunk of jobsXml(database.db, PUBLIC, 2)) text += chunk;
    const refs = [...text.matchAll(/<referencenumber><!\[CDATA\[(\d+)\]\]>/g)].map((m) => m[1]);
    expect(refs).toHaveLength(3);
    expect(new Set(refs).size).toBe(3);
  });
});

describe('npm run jobs:import', () => {
  let feed: string;

  /** Imports `text` into Globex, as `npm run jobs:import` does. */
  const importInto = (text: string, { dryRun = false } = {}) =>
    importJobs({ db: database.db, jobs: service, companySlug: globexSlug, text, dryRun });

  it('dry run: says what would be created and writes nothing', async () => {
    feed = (await app.inject({ method: 'GET', url: JOBS_XML_PATH })).body;
    const report = await importInto(feed, { dryRun: true });
    expect(report.problems).toEqual([]);
    expect(report.created).toHaveLength(3);
    expect(await globexJobs()).toHaveLength(0);
    const said = formatReport(report);
    expect(said).toContain('  would create: 3 (');
    expect(said).toContain('  would update: 0\n');
    // One row with three problems is one row skipped, and a dry run skips nothing yet.
    const bad = await importInto(
      JSON.stringify([{ externalId: 'x-1', title: '', applyLink: 'nope', noOfOpening: -1 }]),
      { dryRun: true },
    );
    const problems = bad.problems.length;
    expect(problems).toBeGreaterThan(1);
    expect(formatReport(bad)).toContain(
      `  ${problems} problems in 1 row; that row would be skipped:`,
    );
  });

  it('round trip: export, import into another company, import again: nothing changes', async () => {
    const first = await importInto(feed);
    expect(first.problems).toEqual([]);
    expect(first.created).toHaveLength(3);
    const made = await globexJobs();
    const originals = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.companyId, ref.companies.acme))
      .orderBy(jobs.id);
    for (const job of made) {
      const original = originals.find((o) => String(o.id) === job.externalId)!;
      expect(job).toMatchObject({
        title: original.title,
        description: original.description,
        cityId: original.cityId,
        roleId: original.roleId,
        jobTypeId: original.jobTypeId,
        experienceLevelId: original.experienceLevelId,
        salaryFrom: original.salaryFrom,
        salaryTo: original.salaryTo,
        salaryTypeId: original.salaryTypeId,
        bestInIndustry: original.bestInIndustry,
        applyLink: original.applyLink,
        workMode: original.workMode,
        skills: original.skills,
        responsibilities: original.responsibilities,
      });
    }
    const again = await importInto(feed);
    expect(again).toMatchObject({ created: [], updated: [], problems: [] });
    expect(again.unchanged).toHaveLength(3);
    expect(await globexJobs()).toEqual(made);
  });

  it('reports bad JSON rows by number and field and still imports the good ones', async () => {
    const good = (externalId: string, title: string) => ({
      externalId,
      title,
      roleId: ref.roles.sde,
      cityId: ref.cities.pune,
      jobTypeId: ref.jobTypes.fullTime,
      experienceLevel: 2,
      salaryMode: 'none',
      noOfOpening: 1,
      applyLink: 'https://globex.example/jobs/1',
      description: 'A role imported from our own JSON, with every rule of the job form.',
    });
    const text = JSON.stringify([
      good('json-1', 'First JSON job'),
      { ...good('json-2', 'Second'), noOfOpening: 'many' },
      { ...good('json-3', 'Third'), externalId: undefined },
      { ...good('json-4', 'Fourth'), cityId: 999_999 },
      { ...good('json-5', 'Fifth'), color: 'red' },
      good('json-1', 'Twice'),
      good('json-6', 'Sixth JSON job'),
      // An id the ATS sync gives (source:posting) is never made by an import.
      good('greenhouse:json-7', 'Seventh'),
    ]);
    const report = await importInto(text);
    expect(report.created).toEqual(['json-1', 'json-6']);
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'noOfOpening'],
      [3, 'externalId'],
      [4, 'cityId'],
      [5, 'color'],
      [6, 'externalId'],
      [8, 'externalId'],
    ]);
    // An unknown field as the posting API names it; a second row with an id says the first went in.
    expect(report.problems[3]!.message).toMatch(/^unknown field 'color'/);
    expect(report.problems[4]!.message).toBe(
      'externalId "json-1" is also on row 1, which was applied; an id may be on one row only',
    );
    const rows = await queryRows<{ external_id: string }>(
      database.db,
      sql`select external_id from jobs where external_id like 'json-%' order by external_id`,
    );
    expect(rows.map((r) => r.external_id)).toEqual(['json-1', 'json-6']);
  });

  it("names a row's __proto__ or constructor key as the unknown field it is, and imports nothing of it", async () => {
    const row = (externalId: string) =>
      JSON.stringify({
        externalId,
        title: 'Poisoned row',
        roleId: ref.roles.sde,
        cityId: ref.cities.pune,
        jobTypeId: ref.jobTypes.fullTime,
        experienceLevel: 2,
        applyLink: 'https://globex.example/jobs/9',
        description: 'A row that carries a key JavaScript gives a meaning of its own to.',
      });
    const text = `[${row('proto-1').replace('{', '{"__proto__":{"isAdmin":true},')},${row('proto-2').replace('{', '{"constructor":{"prototype":{"isAdmin":true}},')}]`;
    const report = await importInto(text, { dryRun: true });
    expect(report.created).toEqual([]);
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [1, '__proto__'],
      [2, 'constructor'],
    ]);
    expect(report.problems[0]!.message).toMatch(/^unknown field '__proto__'/);
    expect(report.problems[1]!.message).toMatch(/^unknown field 'constructor'/);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('takes a row as the posting API does: its defaults, and every wrong field named at once', async () => {
    const body = {
      title: 'Defaults taken',
      roleId: ref.roles.sde,
      cityId: ref.cities.pune,
      jobTypeId: ref.jobTypes.fullTime,
      experienceLevel: 2,
      applyLink: 'https://globex.example/jobs/2',
      description:
        'A row that leaves out the number of openings and the salary, as the API allows.',
    };
    // The API takes the body without noOfOpening and salaryMode: one opening, no salary stated.
    const api = apiJobBody.safeParse(body);
    expect(api.success && api.data).toMatchObject({ noOfOpening: 1, salaryMode: 'none' });
    const report = await importInto(
      JSON.stringify([
        { ...body, externalId: 'defaults-1' },
        { ...body, externalId: 'defaults-2', noOfOpening: 'many', cityId: 999 },
      ]),
    );
    expect(report.created).toEqual(['defaults-1']);
    expect(report.problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'noOfOpening'],
      [2, 'cityId'],
    ]);
    const [made] = await queryRows<{ no_of_opening: number }>(
      database.db,
      sql`select no_of_opening from jobs where external_id = 'defaults-1'`,
    );
    expect(made).toMatchObject({ no_of_opening: 1 });
  });

  it('names an XML row whose city or category we do not know', async () => {
    const xml = `<?xml version="1.0"?><source><job><title>Lost</title><referencenumber>x-1</referencenumber>
      <url>https://x.example/1</url><city>Atlantis</city><country>Nowhere</country>
      <category>Software Development Engineer</category><jobtype>Full Time</jobtype>
      <description>Somewhere under the sea, a job that nobody can travel to.</description></job>
      <job><title>Found engineer</title><referencenumber>x-2</referencenumber><url>https://x.example/2</url>
      <city>Pune</city><state>Maharashtra</state><country>IND</country><category>SDE</category>
      <jobtype>full-time</jobtype><salary>$50,000 - $70,000 per year</salary>
      <description><![CDATA[<p>We build things that people use every single day.</p><h3>Skills</h3><ul><li>Rust</li></ul>]]></description></job></source>`;
    const report = await importInto(xml);
    expect(report.problems).toEqual([
      expect.objectContaining({ row: 1, externalId: 'x-1', field: 'city' }),
    ]);
    expect(report.created).toEqual(['x-2']);
    const [found] = await database.db.select().from(jobs).where(eq(jobs.externalId, 'x-2'));
    expect(found).toMatchObject({
      cityId: ref.cities.pune,
      salaryFrom: 50_000,
      salaryTo: 70_000,
      salaryTypeId: ref.salaryTypes.yearly,
    });
  });

  it('goes through the running server with its admin token; others are refused', async () => {
    const payload = { company: globexSlug, text: feed, dryRun: true };
    const refused = await app.inject({ method: 'POST', url: ADMIN_JOBS_IMPORT_PATH, payload });
    expect(refused.statusCode).toBe(403);
    const res = await app.inject({
      method: 'POST',
      url: ADMIN_JOBS_IMPORT_PATH,
      headers: { authorization: 'Bearer local-token' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportLine);
    expect(lines.at(-1)).toMatchObject({ type: 'report' });
    const last = lines.at(-1) as Extract<ImportLine, { type: 'report' }>;
    expect(last.report.unchanged).toHaveLength(3);
    const unknown = await app.inject({
      method: 'POST',
      url: ADMIN_JOBS_IMPORT_PATH,
      headers: { authorization: 'Bearer local-token' },
      payload: { ...payload, company: 'no-such-company' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('no-such-company');
  });

  it('names every wrong field of an XML row at once, and calls a broken file malformed', async () => {
    const xml = `<?xml version="1.0"?><source><job><title>Many problems</title>
      <referencenumber>many-1</referencenumber><url>https://x.example/many</url>
      <city>Atlantis</city><category>Nonsense Role</category><jobtype>Gig</jobtype>
      <experience>ten years</experience><description>short</description></job></source>`;
    const report = await importInto(xml, { dryRun: true });
    expect(report.problems.map((p) => p.field).sort()).toEqual(
      ['category', 'city', 'description', 'experience', 'jobtype'].sort(),
    );
    const said = formatReport(report);
    expect(said).toContain('5 problems in 1 row; that row would be skipped:');
    expect(said).toContain('row 1 (many-1), city: City "Atlantis" is not on our list of cities');
    expect(said).toContain('row 1 (many-1), jobtype: Job type "Gig" is not one of our job types');
    await expect(importInto('<source><job><title>unterminated', { dryRun: true })).rejects.toThrow(
      'The XML file is malformed: <title> opened on line 1 is never closed (is the file cut short?)',
    );
    await expect(
      importInto('<source>\n<job><title>a</job>\n</source>', { dryRun: true }),
    ).rejects.toThrow('<title> opened on line 2 is not closed before line 2');
    // A row that is not an object has that one problem; a real run says the row was skipped.
    const notObject = await importInto('[42]');
    expect(notObject.problems).toEqual([
      expect.objectContaining({ row: 1, field: 'row', message: expect.stringContaining('not 42') }),
    ]);
    expect(formatReport(notObject)).toContain('1 problem in 1 row; that row was skipped:');
  });

  it('reads a file in its encoding, and refuses one that is not text in it, saying where', () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    const json = '[\n{"externalId":"e-1",\n"title":"Ingénieur Zürich"}]';
    expect(() => decodeImportFile(latin1(json))).toThrow(
      'The file is not UTF-8 text: line 3 has the byte 0xE9 after ""title":"Ing". Save it as UTF-8',
    );
    // XML that declares its encoding is read in it; without the declaration it is refused.
    const xml = '<source><job><title>Café Zürich</title></job></source>';
    expect(
      decodeImportFile(latin1(`<?xml version="1.0" encoding="ISO-8859-1"?>\n${xml}`)),
    ).toContain('<title>Café Zürich</title>');
    expect(() => decodeImportFile(latin1(xml))).toThrow(/declare its encoding/);
    expect(() =>
      decodeImportFile(Buffer.from(`<?xml version="1.0" encoding="x-unknown"?>${xml}`)),
    ).toThrow('The XML declares encoding="x-unknown", which the import cannot read');
    // UTF-8 with or without its BOM, UTF-16 with its BOM; UTF-16 without one is named.
    expect(decodeImportFile(Buffer.from(`\uFEFF${json}`))).toBe(json);
    expect(decodeImportFile(Buffer.from(json))).toBe(json);
    expect(decodeImportFile(Buffer.from(`\uFEFF${json}`, 'utf16le'))).toBe(json);
    expect(() => decodeImportFile(Buffer.from(json, 'utf16le'))).toThrow(
      /looks like UTF-16 without a byte-order mark/,
    );
  });

  it('reads its arguments', () => {
    expect(parseArgs(['jobs.xml', '--company', 'acme', '--dry-run'])).toEqual({
      file: 'jobs.xml',
      company: 'acme',
      dryRun: true,
    });
    expect(parseArgs(['jobs.xml'])).toMatch(/--company/);
    expect(parseArgs(['--company', 'acme'])).toMatch(/file/);
  });

  it('says a missing apply link is required, naming the elements it is read from', async () => {
    const xml = `<?xml version="1.0"?><source><job><title>No link engineer</title>
      <referencenumber>nolink-1</referencenumber><city>Pune</city><state>Maharashtra</state>
      <country>IND</country><category>SDE</category><jobtype>full-time</jobtype>
      <description>A job whose row forgot to say where to apply for it at all.</description></job></source>`;
    const fromXml = await importInto(xml, { dryRun: true });
    expect(fromXml.problems).toEqual([
      expect.objectContaining({
        row: 1,
        field: 'url',
        message: 'Apply link is required (<applyurl> or <url>)',
      }),
    ]);
    // A JSON row without the key; one with a number there is not text.
    const json = (applyLink: unknown) =>
      JSON.stringify([
        {
          externalId: 'nolink-2',
          title: 'No link engineer',
          cityId: ref.cities.pune,
          roleId: ref.roles.dataScientist,
          jobTypeId: ref.jobTypes.partTime,
          experienceLevel: 0,
          description: 'A job whose row forgot to say where to apply for it at all.',
          applyLink,
        },
      ]);
    const fromJson = await importInto(json(undefined), { dryRun: true });
    expect(fromJson.problems).toEqual([
      expect.objectContaining({ field: 'applyLink', message: 'Apply link is required' }),
    ]);
    const notText = await importInto(json(42), { dryRun: true });
    expect(notText.problems).toEqual([
      expect.objectContaining({ field: 'applyLink', message: 'Apply link must be text' }),
    ]);
  });

  it('says a folder is a folder, and a missing file missing', async () => {
    const dir = import.meta.dirname;
    await expect(runJobsImport([dir, '--company', 'acme'], {})).rejects.toThrow(
      `${dir} is a folder, not a file: name the JSON or XML file in it`,
    );
    const missing = `${dir}/no-such-jobs.json`;
    await expect(runJobsImport([missing, '--company', 'acme'], {})).rejects.toThrow(
      `No file at ${missing}`,
    );
  });
});

// The server closes a socket idle for its connectionTimeout (30 s); an import of thousands of rows
// takes longer. Here the timeout is 300 ms and each row 150 ms: the command must still end with the
// report, because the answer streams progress; and a failure once rows go in says where it stands.
describe('npm run jobs:import through a running server, longer than its idle timeout', () => {
  let server: FastifyInstance;
  let dataDir: string;
  let file: string;
  let failAt = Infinity;
  let calls = 0;
  const logged: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const slow: typeof service = {
      ...service,
      submit: (async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (++calls >= failAt) throw new Error('the database went away');
        return Reflect.apply(service.submit, service, args);
      }) as typeof service.submit,
    };
    server = Fastify(serverOptions({ ...DEFAULT_LIMITS, idleTimeoutMs: 300 }));
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    dataDir = await mkdtemp(path.join(tmpdir(), 'jobs-import-'));
    const token = createAdminToken(dataDir);
    await server.register(jobsImportRoutes, { token, db: database.db, jobs: slow });
    await server.listen({ port: 0, host: '127.0.0.1' });
    writeServerInfo(dataDir, {
      port: (server.server.address() as AddressInfo).port,
      pid: process.pid,
    });
    file = path.join(dataDir, 'jobs.json');
    const rows = Array.from({ length: 6 }, (_, i) => ({
      externalId: `slow-${i + 1}`,
      title: `Slow import job ${i + 1}`,
      roleId: ref.roles.sde,
      cityId: ref.cities.pune,
      jobTypeId: ref.jobTypes.fullTime,
      experienceLevel: 2,
      applyLink: `https://globex.example/slow/${i + 1}`,
      description: 'A job of an import slower than the idle timeout of the server it goes through.',
    }));
    await writeFile(file, JSON.stringify(rows));
    vi.spyOn(console, 'log').mockImplementation((line: string) => void logged.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const run = () =>
    runJobsImport([file, '--company', globexSlug, '--dry-run'], {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });

  it('ends with its report and exit status, printing progress as it goes', async () => {
    expect(await run()).toBe(0);
    expect(logged.join('\n')).toContain('  would create: 6 (slow-1, slow-2');
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^\d of 6 rows…$/);
  });

  it('a failure after the start says where the import stopped, not "Start-up failed"', async () => {
    calls = 0;
    failAt = 3;
    const failed = run();
    await expect(failed).rejects.toBeInstanceOf(ImportError);
    await expect(failed).rejects.toThrow(
      'The import stopped after 2 of 6 rows (a dry run: nothing was changed). The server said: the database went away',
    );
  });
});

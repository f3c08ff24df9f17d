// `npm run jobs:import -- FILE --company SLUG [--dry-run]`: a company's jobs from our JSON (the
// posting API's bodies with externalId) or Indeed-style XML, upserted by their externalId /
// referencenumber (modules/ingestion/job-import.ts). On PostgreSQL it works on the database
// directly; on the embedded database it goes through the running server's local admin endpoint,
// or opens the database itself when no server runs.
import { readFile, stat } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { createEmployerJobsService } from '../modules/employer/employer-jobs.service.ts';
import {
  ADMIN_JOBS_IMPORT_PATH,
  type ImportLine,
  PROGRESS_EVERY_ROWS,
} from '../modules/ingestion/import.routes.ts';
import {
  decodeImportFile,
  formatReport,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  ImportError,
  importJobs,
  type ImportReport,
} from '../modules/ingestion/job-import.ts';
import {
  isMain,
  parseCommand,
  runCli,
  throughServerOrDirectly,
  withDatabase,
} from './cli-support.ts';

const help = `Usage: npm run jobs:import -- FILE --company SLUG [--dry-run]

  FILE        a JSON array of jobs (the posting API's body, each with an externalId)
              or Indeed-style XML (<source><job>…</job></source>, as /feeds/jobs.xml);
              in UTF-8 (XML may declare another encoding, such as ISO-8859-1);
              at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} jobs
  --company   the company's slug (its page address, /companies/SLUG)
  --dry-run   prints what would be created, updated or left unchanged; changes nothing

Jobs are matched by externalId (XML: referencenumber): new ones are created (live for a verified
company, else in review), changed ones updated, the same ones left alone. A bad row is reported
with its number and each wrong field; the other rows still import. A long import prints its
progress ("1,000 of 5,000 rows…") as it goes. Exit status 1 when a row was skipped.`;

interface Args {
  file: string;
  company: string;
  dryRun: boolean;
}

export function parseArgs(args: string[]): Args | string {
  let file: string | undefined;
  let company: string | undefined;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--company') company = args[++i];
    else if (arg.startsWith('--company=')) company = arg.slice('--company='.length);
    else if (arg.startsWith('-')) return `Unknown option ${arg}`;
    else if (file === undefined) file = arg;
    else return `Unexpected argument ${arg}`;
  }
  if (!file) return 'Say which file to import.';
  if (!company) return 'Say which company with --company SLUG.';
  return { file, company, dryRun };
}

/** "1,000 of 5,000 rows…", as the command prints its progress. */
const rowsWord = (n: number) => n.toLocaleString('en-US');
const progressLine = (done: number, total: number) =>
  `${rowsWord(done)} of ${rowsWord(total)} rows…`;

/** Where an import that stopped stands, and that running it again is safe. */
function stoppedAfter(done: number, total: number, dryRun: boolean) {
  return dryRun
    ? `after ${rowsWord(done)} of ${rowsWord(total)} rows (a dry run: nothing was changed)`
    : `after ${rowsWord(done)} of ${rowsWord(total)} rows; the rows before were applied, and ` +
        'running the command again is safe (it matches jobs by externalId; --dry-run shows what is left)';
}

/**
 * The import through the running server: its answer streams progress lines (printed as they come),
 * then the report. The server writes at least every few seconds, well within undici's body
 * timeout (300 s between chunks) and the server's own idle timeout, so a long import is not cut.
 */
export async function throughServer(
  port: number,
  token: string,
  body: { company: string; text: string; dryRun: boolean },
  onProgress: (done: number, total: number) => void,
): Promise<ImportReport> {
  let done = 0;
  let total = 0;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${ADMIN_JOBS_IMPORT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    if (causeOf(err) !== 'ECONNREFUSED') throw lost(err);
    throw new ImportError(
      `Could not reach the running server on port ${port} (${causeOf(err)}); nothing was imported`,
    );
  }
  if (!res.ok || !res.body) {
    const answer = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ImportError(answer.message ?? `The server refused the import (HTTP ${res.status})`);
  }
  let pending = '';
  const decoder = new TextDecoder();
  const lines = (chunk: string): ImportReport | undefined => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf('\n')) !== -1) {
      const line = JSON.parse(pending.slice(0, end)) as ImportLine;
      pending = pending.slice(end + 1);
      if (line.type === 'report') return line.report;
      ({ done, total } = line);
      if (line.type === 'error')
        throw new ImportError(
          `The import stopped ${stoppedAfter(done, total, body.dryRun)}. The server said: ${line.message}`,
        );
      onProgress(done, total);
    }
    return undefined;
  };
  try {
    for await (const chunk of res.body) {
      const report = lines(decoder.decode(chunk as Uint8Array, { stream: true }));
      if (report) return report;
    }
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw lost(err);
  }
  throw lost(new Error('the answer ended without the report'));

  function lost(err: unknown) {
    return new ImportError(
      `The connection to the server was lost (${causeOf(err)}) ${
        total ? `after ${rowsWord(done)} of ${rowsWord(total)} rows` : 'before the first row'
      }. The server may still be importing; once it is done, run the command again with --dry-run ` +
        'to see what is left (jobs are matched by externalId, so running it again is safe)',
    );
  }
}

/** fetch's "fetch failed" says nothing; its cause does (ECONNREFUSED, "other side closed"). */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

export async function runJobsImport(args: string[], env = process.env): Promise<number> {
  const parsed = parseCommand(args, help, parseArgs);
  if (typeof parsed === 'number') return parsed;
  const size = await stat(parsed.file).catch(() => null);
  if (size?.isDirectory()) {
    throw new ImportError(
      `${parsed.file} is a folder, not a file: name the JSON or XML file in it`,
    );
  }
  if (!size?.isFile()) throw new ImportError(`No file at ${parsed.file}`);
  if (size.size > IMPORT_MAX_BYTES)
    throw new ImportError(`${parsed.file} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  const text = decodeImportFile(await readFile(parsed.file));
  const config = loadConfig(env);
  const request = { company: parsed.company, text, dryRun: parsed.dryRun };
  let shown = 0;
  let progress: { done: number; total: number } | undefined;
  const onProgress = (done: number, total: number) => {
    progress = { done, total };
    if (done === shown) return;
    shown = done;
    console.error(progressLine(done, total));
  };
  let report: ImportReport;
  try {
    report = await throughServerOrDirectly(config, 'npm run jobs:import', {
      throughServer: (port, token) => throughServer(port, token, request, onProgress),
      directly: () =>
        withDatabase(config, 'npm run jobs:import', (database) => {
          const jobs = createEmployerJobsService(database.db);
          return importJobs(
            { db: database.db, jobs, companySlug: parsed.company, ...request },
            (done, total) => {
              progress = { done, total };
              if (done % PROGRESS_EVERY_ROWS === 0 && done < total) onProgress(done, total);
            },
          );
        }),
    });
  } catch (err) {
    // Once rows go in, a failure is no start-up failure: say where the import stands.
    if (progress && !(err instanceof ImportError))
      throw new ImportError(
        `The import stopped ${stoppedAfter(progress.done, progress.total, parsed.dryRun)}: ${(err as Error).message}`,
      );
    throw err;
  }
  console.log(formatReport(report));
  return report.problems.length > 0 ? 1 : 0;
}

if (isMain(import.meta.url)) {
  await runCli(() => runJobsImport(process.argv.slice(2)), [ImportError]);
}

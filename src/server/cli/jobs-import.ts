// `npm run jobs:import -- FILE --company SLUG [--dry-run]`: a company's jobs from our JSON (the
// posting API's bodies with externalId) or Indeed-style XML, upserted by their externalId /
// referencenumber (modules/ingestion/job-import.ts). On PostgreSQL it works on the database
// directly; on the embedded database it goes through the running server's local admin endpoint,
// or opens the database itself when no server runs.
import { readFile, stat } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { createEmployerJobsService } from '../modules/employer/employer-jobs.service.ts';
import { ADMIN_JOBS_IMPORT_PATH } from '../modules/ingestion/import.routes.ts';
import {
  formatReport,
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
              or Indeed-style XML (<source><job>…</job></source>, as /feeds/jobs.xml)
  --company   the company's slug (its page address, /companies/SLUG)
  --dry-run   prints what would be created, updated or left unchanged; changes nothing

Jobs are matched by externalId (XML: referencenumber): new ones are created (live for a verified
company, else in review), changed ones updated, the same ones left alone. A bad row is reported
with its number and field; the other rows still import.`;

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

async function throughServer(port: number, token: string, body: object): Promise<ImportReport> {
  const res = await fetch(`http://127.0.0.1:${port}${ADMIN_JOBS_IMPORT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { message: string; content: ImportReport };
  if (!res.ok) throw new ImportError(answer.message);
  return answer.content;
}

export async function runJobsImport(args: string[], env = process.env): Promise<number> {
  const parsed = parseCommand(args, help, parseArgs);
  if (typeof parsed === 'number') return parsed;
  const size = await stat(parsed.file).catch(() => null);
  if (!size?.isFile()) throw new ImportError(`No file at ${parsed.file}`);
  if (size.size > IMPORT_MAX_BYTES)
    throw new ImportError(`${parsed.file} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  const text = await readFile(parsed.file, 'utf8');
  const config = loadConfig(env);
  const request = { company: parsed.company, text, dryRun: parsed.dryRun };
  const report = await throughServerOrDirectly(config, 'npm run jobs:import', {
    throughServer: (port, token) => throughServer(port, token, request),
    directly: () =>
      withDatabase(config, 'npm run jobs:import', (database) => {
        const jobs = createEmployerJobsService(database.db);
        return importJobs({ db: database.db, jobs, companySlug: parsed.company, ...request });
      }),
  });
  console.log(formatReport(report));
  return report.problems.length > 0 ? 1 : 0;
}

if (isMain(import.meta.url)) {
  await runCli(() => runJobsImport(process.argv.slice(2)), [ImportError]);
}

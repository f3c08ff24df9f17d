// `npm run jobs:import`: a company's jobs from a file, upserted by their own id through the job
// form's service (the same rules as the form and the posting API). Two formats: our own JSON (an
// array of the posting API's job bodies, each with an externalId) and Indeed-style XML
// (<source><job>…</job></source>, the format /feeds/jobs.xml writes). Each row stands alone: a bad
// row is reported with its number and field, the good ones still import. A dry run says what
// would be created, updated or left unchanged and writes nothing.
import { sql } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import {
  API_JOB_DEFAULTS,
  apiJobBody,
  EXTERNAL_ID,
  isBoardExternalId,
} from '../../../shared/contract/employer-api.ts';
import { fieldErrors, JOB_LIST_FIELDS } from '../../../shared/contract/employer-jobs.ts';
import { APP_NAME, EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { htmlToPostingText } from '../ats/html-text.ts';
import type { EmployerJobsServiceImpl } from '../employer/employer-jobs.service.ts';

/** The largest file the command takes (a few thousand jobs). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;

export type ImportFormat = 'json' | 'xml';

export interface ImportProblem {
  /** 1-based position of the job in the file. */
  row: number;
  externalId: string | null;
  field: string;
  message: string;
}

export interface ImportReport {
  company: string;
  dryRun: boolean;
  created: string[];
  updated: string[];
  unchanged: string[];
  problems: ImportProblem[];
}

/** One job read from the file: the API body, plus names (XML) that still need their ids. */
interface ImportRow {
  row: number;
  body: Record<string, unknown>;
  names: { city?: string; state?: string; country?: string; role?: string; jobType?: string };
  problems: ImportProblem[];
}

/** JSON when the text starts with '[', XML when it starts with '<' (after a BOM and spaces). */
export function detectFormat(text: string): ImportFormat | null {
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  return start === '[' ? 'json' : start === '<' ? 'xml' : null;
}

function readJson(text: string): ImportRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportError(`The file is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new ImportError('The JSON file must be an array of jobs');
  return parsed.map((item, i) => ({
    row: i + 1,
    body: item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {},
    names: {},
    problems:
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? []
        : [{ row: i + 1, externalId: null, field: 'row', message: 'Each job must be an object' }],
  }));
}

/** A description written as HTML (most aggregator feeds); ours are plain text. */
const HTML_BLOCK = /<\/?(p|br|ul|ol|li|div|h[1-6])\b[^>]*>/i;

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

function readXml(text: string): ImportRow[] {
  const doc = parseDocument(text, { xmlMode: true, recognizeCDATA: true, decodeEntities: true });
  const source = DomUtils.getElementsByTagName('source', doc, true, 1)[0];
  if (!source) throw new ImportError('The XML file has no <source> element (Indeed format)');
  const jobs = DomUtils.getElementsByTagName('job', source.children, false);
  const publisher = DomUtils.getElementsByTagName('publisher', source.children, false)[0];
  // Our own feed (/feeds/jobs.xml) writes plain text and the lists as elements of their own.
  const ours = publisher !== undefined && DomUtils.textContent(publisher).trim() === APP_NAME;
  return jobs.map((job, i) => {
    const child = (name: string) =>
      DomUtils.getElementsByTagName(name.toLowerCase(), job.children, false)[0] as
        Element | undefined;
    const value = (name: string) => {
      const el = child(name);
      const t = el ? DomUtils.textContent(el).trim() : '';
      return t === '' ? undefined : t;
    };
    const items = (name: string) => {
      const el = child(name);
      if (!el) return undefined;
      return DomUtils.getElementsByTagName('item', el.children, false).map((item) =>
        DomUtils.textContent(item).trim(),
      );
    };
    const row = i + 1;
    const problems: ImportProblem[] = [];
    const externalId = value('referencenumber');
    const body: Record<string, unknown> = {
      externalId,
      title: value('title'),
      applyLink: value('applyurl') ?? value('url'),
      noOfOpening: value('openings') ?? '1',
      closingDate: value('expirationdate')?.slice(0, 10),
      workMode: workModeOf(value('remotetype')),
    };
    const description = value('description') ?? '';
    if (!ours && HTML_BLOCK.test(description)) {
      const posting = htmlToPostingText(description);
      body.description = posting.description;
      Object.assign(body, posting.lists);
    } else body.description = description;
    for (const field of JOB_LIST_FIELDS) {
      const list = items(field.toLowerCase());
      if (list) body[field] = list;
    }
    const level = value('experience');
    if (level !== undefined) {
      const found = EXPERIENCE_OPTIONS.find(
        (o) => o.label.toLowerCase() === level.toLowerCase() || String(o.value) === level,
      );
      if (found) body.experienceLevel = found.value;
      else
        problems.push({
          row,
          externalId: externalId ?? null,
          field: 'experience',
          message: `Experience "${level}" is not one of: ${EXPERIENCE_OPTIONS.map((o) => o.label).join(', ')}`,
        });
    } else body.experienceLevel = 0;
    const best = value('bestinindustry');
    Object.assign(
      body,
      best
        ? { salaryMode: 'best', bestInIndustry: best }
        : salaryOf(value('salary'), value('salaryfrom'), value('salaryto')),
    );
    const salaryType = value('salarytype') ?? salaryTypeWord(value('salary'));
    return {
      row,
      body: { ...body, ...(salaryType ? { salaryTypeName: salaryType } : {}) },
      names: {
        city: value('city'),
        state: value('state'),
        country: value('country'),
        role: value('category'),
        jobType: value('jobtype'),
      },
      problems,
    };
  });
}

function workModeOf(remote: string | undefined) {
  if (!remote) return undefined;
  const t = remote.toLowerCase();
  return t.includes('hybrid') ? 'hybrid' : t.includes('remote') ? 'remote' : undefined;
}

/** "60000 - 90000 INR per month", or the structured <salaryfrom>/<salaryto>. */
function salaryOf(text: string | undefined, from: string | undefined, to: string | undefined) {
  const numbers = (text ?? '').replace(/(\d),(?=\d{3})/g, '$1').match(/\d+(?:\.\d+)?/g) ?? [];
  const low = from ?? numbers[0];
  const high = to ?? numbers[1] ?? numbers[0];
  if (low === undefined || high === undefined) return { salaryMode: 'none' };
  return {
    salaryMode: 'range',
    salaryFrom: Math.round(Number(low)),
    salaryTo: Math.round(Number(high)),
  };
}

function salaryTypeWord(text: string | undefined) {
  const m = /per\s+([a-z]+)/i.exec(text ?? '');
  return m?.[1];
}

export class ImportError extends Error {}

export function readImportFile(text: string): ImportRow[] {
  const format = detectFormat(text);
  if (!format)
    throw new ImportError('The file is neither a JSON array of jobs nor Indeed-style XML');
  const rows = format === 'json' ? readJson(text) : readXml(text);
  if (rows.length > IMPORT_MAX_ROWS)
    throw new ImportError(`The file has ${rows.length} jobs; at most ${IMPORT_MAX_ROWS} at once`);
  return rows;
}

/** Ids for the names an XML row gives; a name that names nothing is the row's problem. */
async function resolveNames(db: Db, row: ImportRow) {
  const { names } = row;
  const problem = (field: string, message: string) =>
    row.problems.push({
      row: row.row,
      externalId: typeof row.body.externalId === 'string' ? row.body.externalId : null,
      field,
      message,
    });
  if (names.city !== undefined) {
    const [city] = await queryRows<{ id: number }>(
      db,
      sql`select ci.id from cities ci join states s on s.id = ci.state_id
            join countries cn on cn.id = s.country_id
          where ci.name_search = ${normalizeSearch(names.city)}
          order by (lower(s.name) = lower(${names.state ?? ''}) or lower(s.state_code) = lower(${names.state ?? ''})) desc,
                   (lower(cn.name) = lower(${names.country ?? ''}) or lower(cn.iso3) = lower(${names.country ?? ''})) desc,
                   ci.id
          limit 1`,
    );
    if (city) row.body.cityId = city.id;
    else problem('city', `City "${names.city}" is not on our list of cities`);
  } else problem('city', 'City is required');
  if (names.role !== undefined) {
    const [role] = await queryRows<{ id: number }>(
      db,
      sql`select id from roles where name_search = ${normalizeSearch(names.role)}
            or lower(sort_name) = lower(${names.role}) order by id limit 1`,
    );
    if (role) row.body.roleId = role.id;
    else problem('category', `Category "${names.role}" is not one of our roles`);
  } else problem('category', 'Category (our role) is required');
  if (names.jobType !== undefined) {
    const key = names.jobType.toLowerCase().replace(/[^a-z]/g, '');
    const [type] = await queryRows<{ id: number }>(
      db,
      sql`select id from job_types where regexp_replace(lower(name), '[^a-z]', '', 'g') = ${key} limit 1`,
    );
    if (type) row.body.jobTypeId = type.id;
    else problem('jobtype', `Job type "${names.jobType}" is not one of our job types`);
  } else problem('jobtype', 'Job type is required');
  const salaryTypeName = row.body.salaryTypeName;
  delete row.body.salaryTypeName;
  if (typeof salaryTypeName === 'string' && row.body.salaryMode === 'range') {
    const word = salaryTypeName.toLowerCase().replace(/ly$/, '');
    const [type] = await queryRows<{ id: number }>(
      db,
      sql`select id from salary_types where lower(name) = ${salaryTypeName.toLowerCase()}
            or lower(sort_name) = ${word} or lower(name) like ${`${word}%`} order by id limit 1`,
    );
    if (type) row.body.salaryTypeId = type.id;
  }
}

export interface ImportOptions {
  db: Db;
  jobs: EmployerJobsServiceImpl;
  companySlug: string;
  text: string;
  dryRun: boolean;
}

/** Reads the file and upserts every good row; throws ImportError for a file it cannot read at all. */
export async function importJobs(options: ImportOptions): Promise<ImportReport> {
  const { db, jobs } = options;
  const [company] = await queryRows<{ id: number; company_name: string }>(
    db,
    sql`select id, company_name from companies where slug = ${options.companySlug}`,
  );
  if (!company) throw new ImportError(`No company has the slug "${options.companySlug}"`);
  const rows = readImportFile(options.text);
  const report: ImportReport = {
    company: company.company_name,
    dryRun: options.dryRun,
    created: [],
    updated: [],
    unchanged: [],
    problems: [],
  };
  const seen = new Set<string>();
  const actor = { companyId: company.id, by: null };
  for (const row of rows) {
    if (row.problems.length === 0 && Object.values(row.names).some((v) => v !== undefined))
      await resolveNames(db, row);
    const externalId = row.body.externalId;
    const id = typeof externalId === 'string' ? externalId : null;
    const problem = (field: string, message: string) =>
      row.problems.push({ row: row.row, externalId: id, field, message });
    if (id === null) problem('externalId', 'externalId (referencenumber) is required');
    // No ':' here either: ids with a colon belong to jobs the ATS sync imports.
    else if (!EXTERNAL_ID.test(id) || isBoardExternalId(id))
      problem(
        'externalId',
        'externalId must be 1 to 200 letters, digits, dots, dashes or underscores',
      );
    else if (seen.has(id)) problem('externalId', `externalId "${id}" appears twice in the file`);
    if (id !== null) seen.add(id);
    // The API's own contract first: types and unknown fields, named per field, and what it
    // defaults when left out (one opening, no salary stated), since the file is the API's body.
    const parsed = row.problems.length === 0 ? apiJobBody.safeParse(row.body) : null;
    if (parsed && !parsed.success) {
      const errors = fieldErrors(parsed.error);
      // As the API answers: the form's rules too (an unknown city, say), so one report names
      // every wrong field of the row, not the format's round first and the rest on the next run.
      const rules = await jobs.problems({ ...API_JOB_DEFAULTS, ...row.body });
      for (const [field, message] of Object.entries(rules))
        if (field !== 'form' && errors[field] === undefined) errors[field] = message;
      for (const [field, message] of Object.entries(errors))
        problem(field, message ?? 'is not valid');
    }
    if (!parsed?.success) {
      report.problems.push(...row.problems);
      continue;
    }
    const { externalId: _id, ...fields } = parsed.data as Record<string, unknown>;
    const [existing] = await queryRows<{ id: number; valid_through: Date | string | null }>(
      db,
      sql`select id, valid_through from jobs where company_id = ${company.id} and external_id = ${id}`,
    );
    // As in the posting API: an update without a closing date keeps the job's own.
    if (existing && fields.closingDate === undefined && existing.valid_through !== null) {
      const closing = new Date(existing.valid_through).toISOString().slice(0, 10);
      if (closing >= new Date().toISOString().slice(0, 10)) fields.closingDate = closing;
    }
    const result = await jobs.submit(
      actor,
      existing ? { companyId: company.id, jobId: existing.id } : { companyId: company.id },
      fields,
      { externalId: id!, dryRun: options.dryRun },
    );
    if (!result.ok) {
      const errors = result.fieldErrors ?? { row: result.message };
      for (const [field, message] of Object.entries(errors))
        problem(field, message ?? result.message);
      report.problems.push(...row.problems);
      continue;
    }
    const list = !existing
      ? report.created
      : result.value.changed === false
        ? report.unchanged
        : report.updated;
    list.push(id!);
  }
  return report;
}

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const { dryRun } = report;
  const line = (label: string, ids: string[]) =>
    `  ${label}: ${ids.length}${ids.length ? ` (${ids.slice(0, 50).join(', ')}${ids.length > 50 ? ', …' : ''})` : ''}`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const out = [
    `${dryRun ? 'Dry run (nothing changed)' : 'Imported'} for ${report.company}:`,
    line(dryRun ? 'would create' : 'created', report.created),
    line(dryRun ? 'would update' : 'updated', report.updated),
    line(dryRun ? 'would leave unchanged' : 'unchanged', report.unchanged),
  ];
  if (report.problems.length > 0) {
    const rows = new Set(report.problems.map((p) => p.row)).size;
    out.push(
      `  ${plural(report.problems.length, 'problem')} in ${plural(rows, 'row')}; ` +
        `${rows === 1 ? 'that row' : 'those rows'} ${dryRun ? 'would be' : 'were'} skipped:`,
    );
    for (const p of report.problems)
      out.push(
        `    row ${p.row}${p.externalId ? ` (${p.externalId})` : ''}, ${p.field}: ${p.message}`,
      );
  }
  return out.join('\n');
}

// `npm run jobs:import`: a company's jobs from a file, upserted by their own id through the job
// form's service (the same rules as the form and the posting API). Two formats: our own JSON (an
// array of the posting API's job bodies, each with an externalId) and Indeed-style XML
// (<source><job>…</job></source>, the format /feeds/jobs.xml writes). Each row stands alone: a bad
// row is reported with its number and field, the good ones still import. A dry run says what
// would be created, updated or left unchanged and writes nothing.
import { sql } from 'drizzle-orm';
import { DomUtils, Parser, parseDocument } from 'htmlparser2';
import {
  API_JOB_DEFAULTS,
  apiJobBody,
  EXTERNAL_ID,
  isBoardExternalId,
} from '../../../shared/contract/employer-api.ts';
import { JOB_LIST_FIELDS } from '../../../shared/contract/employer-jobs.ts';
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
  /** Read from XML: its problems are named by its elements. */
  xml?: boolean;
}

/** The line (1-based) of a position in the text. */
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The file's bytes as text: UTF-8 (with or without a BOM), UTF-16 with its BOM, or XML in the
 * encoding its declaration names (ISO-8859-1, windows-1252…). Anything else that is not UTF-8 is
 * refused, saying where, rather than read with replacement characters (which would publish
 * "Caf\uFFFD" as the job's title).
 */
export function decodeImportFile(bytes: Uint8Array): string {
  const decode = (encoding: string, from = 0) =>
    new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(() => decode('utf-16le', 2), 'LE');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(() => decode('utf-16be', 2), 'BE');
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes[bom] === 0 || bytes[bom + 1] === 0)
    throw new ImportError(
      'The file looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with its BOM)',
    );
  // The XML declaration is ASCII in every encoding we read: <?xml version="1.0" encoding="…"?>
  const head = new TextDecoder('latin1').decode(bytes.subarray(bom, bom + 200));
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(declared, { fatal: true });
    } catch {
      throw new ImportError(
        `The XML declares encoding="${declared}", which the import cannot read; save it as UTF-8`,
      );
    }
    if (decoder.encoding.startsWith('utf-16'))
      throw new ImportError(
        `The XML declares encoding="${declared}" but has no byte-order mark; save it as UTF-8`,
      );
    try {
      return decoder.decode(bytes.subarray(bom));
    } catch {
      throw new ImportError(
        `The file is not valid ${declared} text, as its XML declaration says; ${badLine(bytes, declared)}`,
      );
    }
  }
  try {
    return decode('utf-8', bom);
  } catch {
    throw new ImportError(
      `The file is not UTF-8 text: ${badLine(bytes, 'utf-8')}. Save it as UTF-8` +
        (declared === undefined && /^\s*</.test(head)
          ? ', or declare its encoding (<?xml version="1.0" encoding="ISO-8859-1"?>)'
          : ''),
    );
  }
}

function utf16(decode: () => string, order: string) {
  try {
    return decode();
  } catch {
    throw new ImportError(
      `The file starts as UTF-16 ${order} (its byte-order mark) but is not valid UTF-16 text`,
    );
  }
}

/** Where the first byte that is not text in `encoding` is: its line, and the text before it. */
function badLine(bytes: Uint8Array, encoding: string) {
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const part = bytes.subarray(start, end);
    try {
      new TextDecoder(encoding, { fatal: true }).decode(part);
    } catch {
      // The longest clean prefix of the line, to show the operator where it is.
      let lo = 0;
      let hi = part.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        try {
          // stream: a prefix that ends inside a character is not an error
          new TextDecoder(encoding, { fatal: true }).decode(part.subarray(0, mid), {
            stream: true,
          });
          lo = mid;
        } catch {
          hi = mid - 1;
        }
      }
      // A prefix that ends inside the bad sequence read as unfinished: back to its clean end.
      const clean = (n: number) => {
        try {
          new TextDecoder(encoding, { fatal: true }).decode(part.subarray(0, n));
          return true;
        } catch {
          return false;
        }
      };
      while (lo > 0 && !clean(lo)) lo--;
      const before = new TextDecoder(encoding).decode(part.subarray(Math.max(0, lo - 30), lo));
      const byte = part[lo] ?? 0;
      return (
        `line ${line} has the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}` +
        (before.trim() ? ` after "${before.trimStart()}"` : '')
      );
    }
    start = end + 1;
  }
  return 'a byte is not text';
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
        : [
            {
              row: i + 1,
              externalId: null,
              field: 'row',
              message: `each job must be an object ({…}), not ${Array.isArray(item) ? 'a list' : JSON.stringify(item)}`,
            },
          ],
  }));
}

/** A description written as HTML (most aggregator feeds); ours are plain text. */
const HTML_BLOCK = /<\/?(p|br|ul|ol|li|div|h[1-6])\b[^>]*>/i;

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/**
 * Refuses XML that is not well formed (htmlparser2 reads anything, so a file cut short would
 * otherwise come out as a row without its fields): an element never closed, or closed by another's
 * end tag, is named with its line.
 */
function checkWellFormed(text: string) {
  const open: { name: string; at: number }[] = [];
  let problem: string | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        open.push({ name, at: parser.startIndex });
      },
      onclosetag(name, isImplied) {
        const top = open.pop();
        if (!isImplied || problem) return;
        const where = top ? lineOf(text, top.at) : lineOf(text, parser.startIndex);
        problem =
          parser.startIndex >= text.length
            ? `<${name}> opened on line ${where} is never closed (is the file cut short?)`
            : `<${name}> opened on line ${where} is not closed before line ${lineOf(text, parser.startIndex)}`;
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  );
  parser.end(text);
  if (problem) throw new ImportError(`The XML file is malformed: ${problem}`);
}

function readXml(text: string): ImportRow[] {
  checkWellFormed(text);
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
    // Ours since it wrote HTML descriptions carries the typed text beside them; before, the
    // description itself was that text.
    const description = (ours ? value('descriptiontext') : undefined) ?? value('description') ?? '';
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
      xml: true,
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

/** A file read and its company found: what runImport works through. */
export interface ImportPlan {
  company: { id: number; name: string };
  rows: ImportRow[];
}

/** Each row's problems are named by what the file calls the field: XML's elements, JSON's keys. */
const XML_FIELDS: Record<string, string> = {
  applyLink: 'url',
  noOfOpening: 'openings',
  closingDate: 'expirationdate',
  workMode: 'remotetype',
  cityId: 'city',
  roleId: 'category',
  jobTypeId: 'jobtype',
  experienceLevel: 'experience',
  salaryMode: 'salary',
  salaryFrom: 'salary',
  salaryTo: 'salary',
  salaryTypeId: 'salarytype',
  bestInIndustry: 'bestinindustry',
};

/** The XML elements a required field is read from, where the field's one name does not say all. */
const XML_SOURCES: Record<string, string> = { applyLink: '<applyurl> or <url>' };

/** "Apply link is required (<applyurl> or <url>)": where in the row to put what is missing. */
function withXmlSource(field: string, message: string | undefined): string {
  if (!message) return 'is not valid';
  const source = XML_SOURCES[field];
  return source && message.endsWith(' is required') ? `${message} (${source})` : message;
}

/** The company and the rows; throws ImportError for a file it cannot read at all. */
export async function prepareImport(
  db: Db,
  companySlug: string,
  text: string,
): Promise<ImportPlan> {
  const [company] = await queryRows<{ id: number; company_name: string }>(
    db,
    sql`select id, company_name from companies where slug = ${companySlug}`,
  );
  if (!company) throw new ImportError(`No company has the slug "${companySlug}"`);
  const rows = readImportFile(text);
  return { company: { id: company.id, name: company.company_name }, rows };
}

/**
 * Upserts every good row of the plan; `onProgress` hears after each row how many are done (the
 * running server tells the command, so a long import is seen working and its socket never idles).
 */
export async function runImport(
  options: Pick<ImportOptions, 'db' | 'jobs' | 'dryRun'>,
  { company, rows }: ImportPlan,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const { db, jobs } = options;
  const report: ImportReport = {
    company: company.name,
    dryRun: options.dryRun,
    created: [],
    updated: [],
    unchanged: [],
    problems: [],
  };
  /** The row each externalId was first on, and whether that row went in. */
  const seen = new Map<string, { row: number; applied: boolean }>();
  const actor = { companyId: company.id, by: null };
  let done = 0;
  for (const row of rows) {
    const applied = await importRow(row);
    const id = row.body.externalId;
    if (typeof id === 'string' && !seen.has(id)) seen.set(id, { row: row.row, applied });
    onProgress?.(++done, rows.length);
  }
  return report;

  /** One row: every problem it has, named at once, else created, updated or left unchanged. */
  async function importRow(row: ImportRow): Promise<boolean> {
    const xml = row.xml;
    const named = (field: string) => (xml ? (XML_FIELDS[field] ?? field) : field);
    const externalId = row.body.externalId;
    const id = typeof externalId === 'string' ? externalId : null;
    const problem = (field: string, message: string) => {
      const name = named(field);
      if (!row.problems.some((p) => p.field === name))
        row.problems.push({ row: row.row, externalId: id, field: name, message });
    };
    // Not an object at all: that is the row's one problem.
    if (row.problems.some((p) => p.field === 'row')) {
      report.problems.push(...row.problems);
      return false;
    }
    if (id === null) problem('externalId', 'externalId (referencenumber) is required');
    // No ':' here either: ids with a colon belong to jobs the ATS sync imports.
    else if (!EXTERNAL_ID.test(id) || isBoardExternalId(id))
      problem(
        'externalId',
        'externalId must be 1 to 200 letters, digits, dots, dashes or underscores',
      );
    else if (seen.has(id)) {
      const first = seen.get(id)!;
      problem(
        'externalId',
        `externalId "${id}" is also on row ${first.row}, which ${
          first.applied
            ? options.dryRun
              ? 'would be applied'
              : 'was applied'
            : options.dryRun
              ? 'would be skipped too'
              : 'was skipped too'
        }; an id may be on one row only`,
      );
    }
    if (Object.values(row.names).some((v) => v !== undefined)) await resolveNames(db, row);
    // The API's own contract: types and unknown fields, named per field, and what it defaults
    // when left out (one opening, no salary stated), since the file is the API's body.
    const parsed = apiJobBody.safeParse(row.body);
    if (!parsed.success || row.problems.length > 0) {
      // No prototype: a row's unknown "__proto__" or "constructor" key is named like any other
      // (on {} `errors.constructor ??=` finds Object's own and the row was skipped unexplained).
      const errors = Object.create(null) as Record<string, string | undefined>;
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        if (issue.code !== 'unrecognized_keys')
          errors[String(issue.path[0] ?? 'form')] ??= issue.message;
        // As the posting API names them (a field of its own, not the form's).
        else
          for (const key of issue.keys)
            errors[key] ??=
              `unknown field '${key}': a row takes the job form's fields, as the posting API's body (see /api/docs)`;
      }
      // As the API answers: the form's rules too (an unknown city, say), so one report names
      // every wrong field of the row, not the format's round first and the rest on the next run.
      const rules = await jobs.problems({ ...API_JOB_DEFAULTS, ...row.body });
      for (const [field, message] of Object.entries(rules))
        if (field !== 'form' && errors[field] === undefined) errors[field] = message;
      for (const [field, message] of Object.entries(errors))
        problem(field, xml ? withXmlSource(field, message) : (message ?? 'is not valid'));
      report.problems.push(...row.problems);
      return false;
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
      return false;
    }
    const list = !existing
      ? report.created
      : result.value.changed === false
        ? report.unchanged
        : report.updated;
    list.push(id!);
    return true;
  }
}

/** Reads the file and upserts every good row; throws ImportError for a file it cannot read at all. */
export async function importJobs(
  options: ImportOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const plan = await prepareImport(options.db, options.companySlug, options.text);
  return runImport(options, plan, onProgress);
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
        `${rows === 1 ? 'that row' : 'those rows'} ${dryRun ? 'would be' : rows === 1 ? 'was' : 'were'} skipped:`,
    );
    for (const p of report.problems)
      out.push(
        `    row ${p.row}${p.externalId ? ` (${p.externalId})` : ''}, ${p.field}: ${p.message}`,
      );
  }
  return out.join('\n');
}

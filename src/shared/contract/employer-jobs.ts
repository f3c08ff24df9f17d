// The job form of the employer side (spec §3): one zod schema shared by the form (web) and the
// write services (server). Values arrive as strings from a form or as JSON from the API, so
// numbers are read from either; every message names its field.
import { z } from 'zod';
import { WORK_MODES } from '../constants.ts';
import { isMailto, isSafeHttpUrl } from '../safe-url.ts';
import { companyNameText, trimUnseen, visibleLength } from '../visible-text.ts';

// Work modes are also a listing filter (contract/jobs.ts); one list for both.
export { WORK_MODES, WORK_MODE_LABELS, type WorkMode } from '../constants.ts';

export const JOB_STATUSES = [
  'draft',
  'in_review',
  'live',
  'closed',
  'expired',
  'rejected',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  live: 'Live',
  closed: 'Closed',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** The eight list fields of spec §3, in the order the detail page shows them. */
export const JOB_LIST_FIELDS = [
  'responsibilities',
  'minimumRequirements',
  'preferredQualification',
  'skills',
  'rolesAndResponsibilities',
  'whoCanApply',
  'perksAndBenefits',
  'searchTags',
] as const;
export type JobListField = (typeof JOB_LIST_FIELDS)[number];
export const JOB_LIST_LABELS: Record<JobListField, string> = {
  responsibilities: 'Responsibilities',
  minimumRequirements: 'Minimum requirements',
  preferredQualification: 'Preferred qualifications',
  skills: 'Skills',
  rolesAndResponsibilities: 'Roles and responsibilities',
  whoCanApply: 'Who can apply',
  perksAndBenefits: 'Perks and benefits',
  searchTags: 'Search tags',
};

export const SALARY_MODES = ['range', 'best', 'none'] as const;
export type SalaryMode = (typeof SALARY_MODES)[number];

export const LIMITS = {
  title: 120,
  description: 10_000,
  listItem: 300,
  listItems: 30,
  bestInIndustry: 100,
  applyLink: 2048,
  salary: 1_000_000_000,
  openings: 10_000,
  closingDefaultDays: 30,
  closingMaxDays: 90,
} as const;

const DAY_MS = 86_400_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;

/** A text field that is left out is required; one of another type (a number, an object) is not text. */
const textError =
  (label: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined ? `${label} is required` : `${label} must be text`;

const count = (n: number) => n.toLocaleString('en-US');

/** Too long: the limit, and how long the text is, so the writer knows how much to cut. */
export const tooLong = (label: string, max: number, length: number) =>
  `${label} must be at most ${count(max)} characters (it has ${count(length)})`;

/**
 * Free text as the forms take it: trimmed of whitespace and of characters that draw nothing
 * (zero-width spaces and the like, visible-text.ts), at least `min` characters a reader sees
 * (a field left blank, or holding only unseen characters, is required; one with too few says how
 * many it needs), at most `max` in all, and none of the control characters `control` finds.
 */
const freeText = (
  label: string,
  max: number,
  min: number,
  control: RegExp,
  clean: (text: string) => string = trimUnseen,
) => {
  const tooShort = (v: string) =>
    visibleLength(v) === 0 || min === 1
      ? `${label} is required`
      : `${label} needs at least ${min} characters`;
  return (
    z
      .string({ error: textError(label) })
      .overwrite(clean)
      // min and max also state the lengths in the API's reference (JSON Schema); the count of
      // what a reader sees, which no schema states, is checked after them.
      .min(min, { error: (issue) => tooShort(textOf(issue.input)) })
      .max(max, { error: (issue) => tooLong(label, max, textOf(issue.input).length) })
      .superRefine((v, ctx) => {
        if (v.length >= min && visibleLength(v) < min)
          ctx.addIssue({ code: 'custom', message: tooShort(v) });
        if (control.test(v))
          ctx.addIssue({ code: 'custom', message: `${label} must not contain control characters` });
      })
  );
};

/**
 * The text a length check's message counts. Zod runs a string's min and max on any value with a
 * length, so their messages may be handed an object from a JSON body ({"length": 0}) or one that
 * cannot be made a string ({"toString": null}).
 */
function textOf(input: unknown): string {
  return typeof input === 'string' ? input : '';
}

/** One line of text: trimmed, bounded, no control characters. */
const line = (label: string, max: number, min = 1, clean = trimUnseen) =>
  freeText(label, max, min, LINE_CONTROL, clean);

/** A whole number from a form string or JSON number. */
const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `${label} is required` : `${label} must be a whole number`,
      })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

const blankToNothing = (v: unknown) => (v === '' || v === null ? undefined : v);

// Required fields are required in the schema itself, never by a refinement: Zod runs no check of
// an optional field whose key is absent, so a body without the key would slip through.
const requiredId = (label: string) => z.preprocess(blankToNothing, whole(label, 1, 999_999_999));

const idOf = (label: string) =>
  z.preprocess(blankToNothing, whole(label, 1, 999_999_999).optional());

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const isoDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((v) => {
        const date = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
      }, `${label} must be a real date`)
      .optional(),
  );

/** http(s) without credentials, or a mailto: with one address (the database checks the same). */
export function isApplyLink(value: string): boolean {
  if (value.length > LIMITS.applyLink || CONTROL.test(value)) return false;
  return isMailto(value) || isSafeHttpUrl(value);
}

/** Why a value is no apply link, in words; null when it is one. */
export function applyLinkProblem(value: string): string | null {
  if (isApplyLink(value)) return null;
  const credentials = credentialsProblem('Apply link', value);
  if (credentials) return credentials;
  if (/^mailto:/i.test(value))
    return 'Apply link: the e-mail address after mailto: is not valid (mailto:jobs@example.com)';
  return 'Apply link must be an http:// or https:// address, or a mailto: address';
}

/** An http(s) address with a user name or password in it, said so; else null. */
function credentialsProblem(label: string, value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password)
      return `${label} must not contain a user name or password (https://user:password@…)`;
  } catch {
    // Not an address at all: the caller's general message.
  }
  return null;
}

/** Why a value is no company website, in words; null when it is one. */
export function websiteProblem(value: string): string | null {
  if (isSafeHttpUrl(value) && new URL(value).hostname.includes('.')) return null;
  return credentialsProblem('Website', value) ?? 'Website must be an http:// or https:// address';
}

const listOf = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : typeof v === 'string' ? [v] : v),
    z
      .array(
        z
          .string({ error: `${label}: each item must be text` })
          .overwrite(trimUnseen)
          .max(LIMITS.listItem, {
            error: (issue) =>
              `${label}: each item must be at most ${count(LIMITS.listItem)} characters (one has ${count(textOf(issue.input).length)})`,
          })
          .refine(
            (v) => !LINE_CONTROL.test(v),
            `${label}: items must not contain control characters`,
          ),
        { error: `${label} must be a list of texts` },
      )
      .max(LIMITS.listItems, `${label} may have at most ${LIMITS.listItems} items`)
      // An item nobody could see (blank, or only zero-width characters) is no item.
      .transform((items) => items.filter((item) => visibleLength(item) > 0)),
  );

const lists = Object.fromEntries(
  JOB_LIST_FIELDS.map((field) => [field, listOf(JOB_LIST_LABELS[field])]),
) as Record<JobListField, ReturnType<typeof listOf>>;

/** The form's fields before the checks that need today's date (closing date window). */
export const jobFormFields = z
  .object({
    title: line('Title', LIMITS.title, 3),
    roleId: requiredId('Role'),
    cityId: requiredId('City'),
    jobTypeId: requiredId('Job type'),
    experienceLevel: z.preprocess(blankToNothing, whole('Experience level', 0, 5)),
    salaryMode: z.enum(SALARY_MODES, { error: 'Salary must be a range, best in industry or none' }),
    salaryFrom: z.preprocess(blankToUndefined, whole('Salary from', 0, LIMITS.salary).optional()),
    salaryTo: z.preprocess(blankToUndefined, whole('Salary to', 0, LIMITS.salary).optional()),
    salaryTypeId: idOf('Salary type'),
    bestInIndustry: z.preprocess(
      blankToUndefined,
      line('Best in industry text', LIMITS.bestInIndustry).optional(),
    ),
    noOfOpening: whole('Number of openings', 1, LIMITS.openings),
    openingsDate: isoDate('Openings date'),
    closingDate: isoDate('Closing date'),
    applyLink: line('Apply link', LIMITS.applyLink).superRefine((value, ctx) => {
      const problem = applyLinkProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    description: freeText('Description', LIMITS.description, 30, CONTROL),
    workMode: z.preprocess(
      blankToUndefined,
      z.enum(WORK_MODES, { error: 'Work mode must be on-site, hybrid or remote' }).optional(),
    ),
    ...lists,
  })
  .strict();

export type JobFormInput = z.input<typeof jobFormFields>;

/** Today's date (UTC) plus days, as YYYY-MM-DD. */
export function dateAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

type FormFields = z.output<typeof jobFormFields>;

/**
 * The rules between fields and the closing-date window from `now`, as [field, message] pairs, on
 * the fields given: all of them, or those that passed their own checks (jobFormCheck).
 */
function formRuleIssues(v: Partial<FormFields>, now: Date): [string, string][] {
  const today = dateAfter(now, 0);
  const latest = dateAfter(now, LIMITS.closingMaxDays);
  const issues: [string, string][] = [];
  const issue = (path: string, message: string) => issues.push([path, message]);
  if (v.salaryMode === 'range') {
    if (v.salaryFrom === undefined) issue('salaryFrom', 'Salary from is required for a range');
    if (v.salaryTo === undefined) issue('salaryTo', 'Salary to is required for a range');
    // A range up to 0 states no pay: the board would show "€0 / month". From 0 up is a range.
    if (v.salaryTo === 0) issue('salaryTo', 'Salary to must be more than 0');
    else if (v.salaryFrom !== undefined && v.salaryTo !== undefined && v.salaryTo < v.salaryFrom)
      issue('salaryTo', 'Salary to must not be below salary from');
    if (v.salaryTypeId === undefined) issue('salaryTypeId', 'Salary type is required');
  }
  if (v.salaryMode === 'best' && v.bestInIndustry === undefined)
    issue('bestInIndustry', 'Best in industry text is required');
  if (v.closingDate !== undefined) {
    if (v.closingDate < today) issue('closingDate', 'Closing date must not be in the past');
    if (v.closingDate > latest)
      issue('closingDate', `Closing date must be at most ${LIMITS.closingMaxDays} days away`);
  }
  if (v.openingsDate !== undefined && v.closingDate !== undefined) {
    if (v.openingsDate > v.closingDate)
      issue('openingsDate', 'Openings date must not be after the closing date');
  }
  return issues;
}

/** The whole form: fields plus the rules between them and the closing-date window from `now`. */
export function jobFormSchema(now: Date) {
  return jobFormFields
    .superRefine((v, ctx) => {
      for (const [path, message] of formRuleIssues(v, now))
        ctx.addIssue({ code: 'custom', path: [path], message });
    })
    .transform((v) => ({
      ...v,
      closingDate: v.closingDate ?? dateAfter(now, LIMITS.closingDefaultDays),
    }));
}

export type JobForm = z.output<ReturnType<typeof jobFormSchema>>;

/** Field errors by field name: the first message of each field. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The form checked whole, or every field that is wrong at once: Zod runs the rules between fields
 * only once every field has passed its own check, so the fields that did are put to those rules
 * here, in the same answer (a refusal names each bad field, not one round of them at a time).
 * `valid` holds the values of the fields that passed, for checks the caller adds (our lists).
 */
export function jobFormCheck(
  input: Record<string, unknown>,
  now: Date,
): { ok: true; form: JobForm } | { ok: false; errors: FieldErrors; valid: Partial<FormFields> } {
  const parsed = jobFormSchema(now).safeParse(input);
  if (parsed.success) return { ok: true, form: parsed.data };
  const errors = fieldErrors(parsed.error);
  const valid: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(jobFormFields.shape)) {
    const one = (field as z.ZodType).safeParse(input[key]);
    if (one.success) valid[key] = one.data;
  }
  for (const [path, message] of formRuleIssues(valid, now)) errors[path] ??= message;
  return { ok: false, errors, valid };
}

/** A form refused: each field's first message, and all of them in one line for the page's top. */
export function invalidForm(errors: FieldErrors) {
  const message = `Please correct: ${Object.values(errors).join('; ')}`;
  return { ok: false as const, reason: 'invalid' as const, message, fieldErrors: errors };
}

/**
 * What a draft keeps: the form's values exactly as typed (strings and lists of strings), bounded
 * so a draft can never grow past what a form could hold.
 */
export type DraftValues = Partial<Record<string, string | string[]>>;

const DRAFT_KEYS = new Set<string>([
  ...Object.keys(jobFormFields.shape),
  // Not a job field: the name of a city to ask for when the list lacks it.
  'cityRequest',
  'cityLabel',
  'roleLabel',
]);

/**
 * How long a draft's texts may be: twice the form's limits. A text over its limit is kept as typed
 * (up to these), so the check of the draft says "at most 10,000 characters (it has 10,001)"
 * instead of a silent cut, and the writer still has every word to shorten.
 */
export const DRAFT_LIMITS = {
  text: 2 * LIMITS.description,
  listItem: 2 * LIMITS.listItem,
} as const;

/** Keeps only known keys, strings bounded (DRAFT_LIMITS); anything else is dropped. */
export function toDraftValues(input: Record<string, unknown>): DraftValues {
  const out: DraftValues = {};
  for (const [key, value] of Object.entries(input)) {
    if (!DRAFT_KEYS.has(key)) continue;
    if (typeof value === 'string') out[key] = value.slice(0, DRAFT_LIMITS.text);
    else if (typeof value === 'number') out[key] = String(value);
    else if (Array.isArray(value))
      out[key] = value
        .filter((v): v is string => typeof v === 'string')
        .slice(0, LIMITS.listItems + 1)
        .map((v) => v.slice(0, DRAFT_LIMITS.listItem));
  }
  return out;
}

/** Company profile (create and edit). */
export const companyFormSchema = z
  .object({
    // Without the format characters a look-alike name could hide (visible-text.ts).
    companyName: line('Company name', 100, 2, companyNameText),
    companyWebsite: line('Website', 300).superRefine((value, ctx) => {
      const problem = websiteProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    companyLocation: line('Location', 120),
    companyOverview: freeText('Overview', 3000, 20, CONTROL),
  })
  .strict();
export type CompanyForm = z.output<typeof companyFormSchema>;

export const inviteFormSchema = z
  .object({
    email: z
      .string({ error: 'E-mail must be text' })
      .trim()
      .toLowerCase()
      .max(254, 'E-mail must be at most 254 characters')
      .pipe(z.email({ error: 'E-mail must be an e-mail address' })),
  })
  .strict();

/** Logo upload rules (the server re-encodes what passes). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

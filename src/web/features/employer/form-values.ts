// The job form's values as a form sends them, and the list operations (add, remove, move) its
// buttons ask for: the same code runs in the action (no JavaScript) and in the browser.
import {
  type DraftValues,
  JOB_LIST_FIELDS,
  type JobListField,
  LIMITS,
} from '../../../shared/contract/employer-jobs.ts';

const SINGLE_FIELDS = [
  'title',
  'roleId',
  'roleLabel',
  'cityId',
  'cityLabel',
  'jobTypeId',
  'experienceLevel',
  'salaryMode',
  'salaryFrom',
  'salaryTo',
  'salaryTypeId',
  'bestInIndustry',
  'noOfOpening',
  'openingsDate',
  'closingDate',
  'applyLink',
  'description',
  'workMode',
  'cityRequest',
] as const;

/** The form's fields out of FormData (files and unknown names are ignored). */
export function valuesFromForm(form: FormData): DraftValues {
  const values: DraftValues = {};
  for (const key of SINGLE_FIELDS) {
    const v = form.get(key);
    if (typeof v === 'string') values[key] = v;
  }
  for (const key of JOB_LIST_FIELDS) {
    values[key] = form.getAll(key).filter((v): v is string => typeof v === 'string');
  }
  return values;
}

/** What an untouched form sends in these fields (job-form.tsx's defaults); the rest send ''. */
const UNTOUCHED: DraftValues = { noOfOpening: '1', salaryMode: 'range' };

/**
 * True once the form holds something of the job: a field changed from what an untouched form
 * sends, or a list item with text. A new job's draft is made only then, so a form opened and left
 * (or typed in and emptied again) leaves no empty draft behind. A city request is not the job's.
 */
export function hasContent(values: DraftValues): boolean {
  return Object.entries(values).some(([key, value]) => {
    if (key === 'cityRequest') return false;
    if (Array.isArray(value)) return value.some((item) => item.trim() !== '');
    return value !== undefined && value.trim() !== '' && value !== (UNTOUCHED[key] ?? '');
  });
}

export type ListOp =
  | { op: 'add'; field: JobListField }
  | { op: 'remove' | 'up' | 'down'; field: JobListField; index: number };

/** `add:skills`, `remove:skills:2`, `up:skills:2`, `down:skills:2`; anything else is null. */
export function parseListOp(intent: string): ListOp | null {
  const [op, field, at] = intent.split(':');
  if (!(JOB_LIST_FIELDS as readonly string[]).includes(field ?? '')) return null;
  const f = field as JobListField;
  if (op === 'add' && at === undefined) return { op, field: f };
  if ((op === 'remove' || op === 'up' || op === 'down') && /^\d{1,2}$/.test(at ?? ''))
    return { op, field: f, index: Number(at) };
  return null;
}

/** The list after the operation; out-of-range moves change nothing. */
export function applyListOp(items: string[], op: ListOp): string[] {
  const next = [...items];
  if (op.op === 'add') {
    if (next.length < LIMITS.listItems) next.push('');
    return next;
  }
  const i = op.index;
  if (i >= next.length) return next;
  if (op.op === 'remove') next.splice(i, 1);
  const j = op.op === 'up' ? i - 1 : op.op === 'down' ? i + 1 : -1;
  if (j >= 0 && j < next.length) [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

export const listOf = (values: DraftValues, field: string): string[] => {
  const v = values[field];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
};

export const textOf = (values: DraftValues, field: string): string => {
  const v = values[field];
  return typeof v === 'string' ? v : '';
};

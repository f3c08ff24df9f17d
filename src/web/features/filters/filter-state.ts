// The listing's filters as the address holds them (spec §4): four dropdown choices, the work mode,
// the salary-stated flag, the keyword `q` and the sort flag. Set values go into the query string;
// defaults stay out of it.
import type { WorkMode } from '../../../shared/constants.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';

export const FILTER_KEYS = ['role', 'location', 'company', 'experienceLevel'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The filters chosen from a long list: a text box each, which the server resolves to an id when
 * the form is sent without JavaScript (`roleText=engin` → `role=12`, or "did you mean").
 */
export const TEXT_KEYS = ['role', 'location', 'company'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
export const textParam = (key: TextKey) => `${key}Text` as const;

export interface ListingFilters {
  role: DropdownOption | null;
  location: DropdownOption | null;
  company: DropdownOption | null;
  experienceLevel: DropdownOption | null;
  /** null: any work mode. */
  workMode: WorkMode | null;
  /** true: only jobs that state a salary. */
  salaryStated: boolean;
  q: string;
  /**
   * false: newest first; true: most viewed first; null, the default: newest first, or with a
   * keyword the best matches first.
   */
  sortBy: boolean | null;
}

/**
 * The sort as the address (and the Sort by select) writes it: '' for the default; Newest is
 * written only with a keyword, where the default is the best match.
 */
export const sortValue = (sortBy: boolean | null, searched: boolean): string =>
  sortBy ? 'true' : sortBy === false && searched ? 'false' : '';

export const defaultFilters: ListingFilters = {
  role: null,
  location: null,
  company: null,
  experienceLevel: null,
  workMode: null,
  salaryStated: false,
  q: '',
  sortBy: null,
};

/**
 * Whether a filter is chosen: what Clear filters resets (spec §2: disabled when none is). Not the
 * keyword, which is the search box's own, nor the sort: Clear filters keeps both.
 */
export function hasChosenFilter(filters: ListingFilters): boolean {
  return (
    FILTER_KEYS.some((key) => filters[key] !== null) ||
    filters.workMode !== null ||
    filters.salaryStated
  );
}

/** The query parameters of the listing API (and of the address) for these filters. */
export function filterParams(filters: ListingFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const chosen = filters[key];
    if (chosen) params[key] = chosen.id;
  }
  if (filters.workMode) params.workMode = filters.workMode;
  if (filters.salaryStated) params.salaryStated = 'true';
  const q = filters.q.trim();
  if (q) params.q = q;
  const sort = sortValue(filters.sortBy, q !== '');
  if (sort) params.sortBy = sort;
  return params;
}

/** "?role=3&sortBy=true", or "" when everything is at its default. */
export function filterSearch(filters: ListingFilters): string {
  const search = new URLSearchParams(filterParams(filters)).toString();
  return search ? `?${search}` : '';
}

/** Where Browse more leads: the next page after `cursor`, with the same filters. */
export function nextPageSearch(filters: ListingFilters, page: number, cursor: string): string {
  const params = new URLSearchParams(filterParams(filters));
  params.set('page', String(page));
  params.set('cursor', cursor);
  return `?${params}`;
}

/**
 * The address a sent filter form stands for, as the server would make it canonical: no empty
 * fields (the default sort is ''), and a text box left out when it still shows its chosen filter's
 * label (so a search needs no redirect; changed text goes to the server to resolve).
 */
export function formSearch(form: FormData, filters: ListingFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of form) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const textKey = TEXT_KEYS.find((k) => textParam(k) === key);
    if (textKey && filters[textKey]?.label === value) continue;
    params.append(key, key === 'q' ? value.trim() : value);
  }
  // A text box with its text removed clears its filter: its id must not be sent either.
  for (const key of TEXT_KEYS) {
    if (form.has(textParam(key)) && String(form.get(textParam(key))).trim() === '') {
      params.delete(key);
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export type FilterAction =
  | { type: 'choose'; key: FilterKey; option: DropdownOption | null }
  | { type: 'keyword'; q: string }
  | { type: 'workMode'; workMode: WorkMode | null }
  | { type: 'salaryStated'; salaryStated: boolean }
  | { type: 'sort'; sortBy: boolean | null }
  | { type: 'clear' }
  | { type: 'reset'; filters: ListingFilters };

export function filterReducer(state: ListingFilters, action: FilterAction): ListingFilters {
  switch (action.type) {
    case 'choose':
      return { ...state, [action.key]: action.option };
    case 'keyword':
      return { ...state, q: action.q };
    case 'workMode':
      return { ...state, workMode: action.workMode };
    case 'salaryStated':
      return { ...state, salaryStated: action.salaryStated };
    case 'sort':
      return { ...state, sortBy: action.sortBy };
    case 'clear':
      return defaultFilters;
    case 'reset':
      return action.filters;
  }
}

// The listing routes' server loader: reads the filters from the address, looks up their labels
// (a shared link shows names, not ids), resolves what a visitor typed into a text box without
// JavaScript (`roleText=engin`) to an id or to "did you mean" (which offers the nearest spellings
// when no name contains the text), and loads the page the address names, so the HTML arrives
// complete.
import { redirect } from 'react-router';
import { pageNow } from '../../lib/format.ts';
import { feedLinkMeta } from '../feeds/feed-paths.ts';
import { CLEAR_FILTERS, clearedSearch } from '../filters/clear-filters.ts';
import { searchLabel } from '../feeds/search-label.ts';
import { loadFilterPanelBody } from './filter-panel.tsx';
import {
  APP_NAME,
  DEFAULT_PAGE_SIZE,
  EXPERIENCE_OPTIONS,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  SUGGESTION_LIMIT,
} from '../../../shared/constants.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { cleanKeyword, type ListingQuery, listingQuery } from '../../../shared/contract/jobs.ts';
import { type AppLoadContext, isInvalidQuery, type ListOptions } from '../../../shared/services.ts';
import { NO_SEARCH_WORDS, normalizeSearch, searchWords } from '../../../shared/text.ts';
import {
  type FilterKey,
  type ListingFilters,
  TEXT_KEYS,
  type TextKey,
  filterParams,
  hasChosenFilter,
  textParam,
} from '../filters/filter-state.ts';
import { followable, type ListingData, type Unresolved } from './listing-data.ts';

const ADDRESS_KEYS = [
  'company',
  'role',
  'location',
  'experienceLevel',
  'workMode',
  'salaryStated',
  'q',
  'sortBy',
] as const;
type AddressQuery = Pick<ListingQuery, (typeof ADDRESS_KEYS)[number]>;

/**
 * The address's listing parameters; a value that does not parse is left out, not an error page,
 * and a keyword keeps what search can take of it.
 */
export function parseAddress(search: URLSearchParams): AddressQuery {
  const raw: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) {
    const value = key === 'q' ? cleanKeyword(search.get(key) ?? '') : search.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  for (;;) {
    const parsed = listingQuery.safeParse(raw);
    if (parsed.success) {
      const { company, role, location, experienceLevel, workMode, salaryStated, q, sortBy } =
        parsed.data;
      return { company, role, location, experienceLevel, workMode, salaryStated, q, sortBy };
    }
    const bad = parsed.error.issues.map((issue) => String(issue.path[0]));
    if (!bad.some((key) => key in raw)) return {};
    for (const key of bad) delete raw[key];
  }
}

/**
 * What `parseAddress` leaves out of an address, and why ("role: must be a whole number"), for a
 * caller that must not widen a search silently: a feed that dropped a filter would send every job.
 */
export function addressProblems(search: URLSearchParams, data: ListingData): string[] {
  const problems: string[] = [];
  // A name typed in a box is not a filter until the page resolves it to an id (`role=12`).
  for (const key of TEXT_KEYS) {
    const param = textParam(key);
    if (search.get(param)?.trim()) problems.push(`${param}: a name typed, not a ${key} chosen`);
  }
  for (const key of ADDRESS_KEYS) {
    const value = search.get(key);
    if (value === null || value.trim() === '') continue;
    // Only the first of a repeated filter would be followed: one place or role, not the other.
    if (search.getAll(key).length > 1) {
      problems.push(`${key}: give it once (one value is followed)`);
      continue;
    }
    // A keyword is cleaned as the page cleans it; one with nothing left is refused as typed, and
    // one of punctuation alone ("'") has nothing to search for.
    const cleaned = key === 'q' ? cleanKeyword(value) : value;
    const parsed = listingQuery.shape[key].safeParse(cleaned || value);
    if (!parsed.success) problems.push(`${key}: ${parsed.error.issues[0]?.message}`);
    else if (key === 'q' && cleaned === '') problems.push(`q: ${PARTS.q.why}`);
    else if ((key === 'company' || key === 'role' || key === 'location') && !data.filters[key])
      problems.push(`${key}: no ${key} has the id ${value}`);
  }
  return problems;
}

type AddressKey = (typeof ADDRESS_KEYS)[number];

/**
 * A problem of `addressProblems` as a page says it to a visitor: the part named in words
 * ("Keyword: …", "Role: …"), not as its parameter ("q: …", "roleText: …"), which a feed reader's
 * developer reads.
 */
export function problemInWords(problem: string): string {
  const colon = problem.indexOf(': ');
  const param = problem.slice(0, colon);
  const key = param.endsWith('Text') ? param.slice(0, -'Text'.length) : param;
  const name = Object.hasOwn(PARTS, key) ? PARTS[key as AddressKey].name : param;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${problem.slice(colon)}`;
}

/** How the notice names each part of an address, and why a value of it cannot be used. */
const PARTS: Record<AddressKey, { name: string; why: string }> = {
  company: { name: 'company', why: 'no such company' },
  role: { name: 'role', why: 'no such role' },
  location: { name: 'location', why: 'no such place' },
  experienceLevel: { name: 'experience level', why: 'not one of the levels' },
  workMode: { name: 'work mode', why: 'not on-site, hybrid or remote' },
  salaryStated: { name: 'salary choice', why: 'not true or false' },
  q: { name: 'keyword', why: 'no letters or digits to search for' },
  sortBy: { name: 'sort', why: 'not Newest or Popular' },
};

/**
 * A keyword with no letter or digit in it ("!!", "'", an emoji), as its box shows it; null for
 * any other (and for one longer than the box takes: a link's, said as a part of it unused).
 * Search has nothing to look for in it, so the page lists the jobs without it, but keeps it in
 * its box and its address and says why (`keywordNote`), as it does for words in another script.
 */
export function bareKeyword(value: string | null): string | null {
  const text = (value ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text === '' || text.length > MAX_SEARCH_LENGTH || cleanKeyword(text) !== '') return null;
  return text;
}

/** What the page says of a keyword `bareKeyword` read: the seeker may have typed it. */
export const keywordNote = (bare: string) =>
  `The keyword “${bare}” has no letters or digits to search for: showing jobs without it.`;

/** Why one value of `key` cannot be used, or null when it can. */
function whyUnused(key: AddressKey, value: string, labelled: ListingFilters): string | null {
  const { why } = PARTS[key];
  if (key === 'q') {
    // Said by the page in words of its own (keywordNote), not as part of a link.
    if (bareKeyword(value) !== null) return null;
    const cleaned = cleanKeyword(value);
    if (cleaned.length > MAX_SEARCH_LENGTH) return `longer than ${MAX_SEARCH_LENGTH} characters`;
    return listingQuery.shape.q.safeParse(cleaned).success ? null : why;
  }
  if (!listingQuery.shape[key].safeParse(value).success) return why;
  // An id nobody knows (a company gone, a place removed) has no label.
  if (key === 'company' || key === 'role' || key === 'location' || key === 'experienceLevel') {
    return labelled[key] ? null : why;
  }
  return null;
}

/** A part of an address the page cannot use, as the notice names it; `many`: more than one value. */
export interface UnusedPart {
  text: string;
  many: boolean;
}

/** "Part of this link could not be used: the location (no such place) — showing jobs without it." */
export function unusedNotice(parts: UnusedPart[]): string | undefined {
  if (parts.length === 0) return undefined;
  const many = parts.length > 1 || parts[0]!.many;
  const list = parts.map((part) => part.text).join(', ');
  return `${many ? 'Parts' : 'Part'} of this link could not be used: ${list} — showing jobs without ${many ? 'them' : 'it'}.`;
}

/**
 * The parts of an address the page cannot use ("the location (no such place)"): a stale or edited
 * link still lists jobs, without them, and says so rather than widening the search silently. A
 * name where an id goes is no such part: it is read as typed (`typedText`).
 */
export function unusedParts(search: URLSearchParams, labelled: ListingFilters): UnusedPart[] {
  const parts: UnusedPart[] = [];
  for (const key of ADDRESS_KEYS) {
    const values = search.getAll(key).filter((value) => value.trim() !== '');
    const first = search.get(key) ?? '';
    if (values.length === 0) continue;
    const { name } = PARTS[key];
    const typed = (TEXT_KEYS as readonly string[]).includes(key);
    if (typed && (search.has(textParam(key as TextKey)) || !/^\d+$/.test(first.trim()))) continue;
    const why = first.trim() === '' ? null : whyUnused(key, first, labelled);
    if (why) parts.push({ text: `the ${name} (${why})`, many: false });
    // Only the first of a repeated filter is followed: one place or role, not the other.
    if (values.length === 2)
      parts.push({ text: `the second ${name} (one at a time)`, many: false });
    if (values.length > 2) {
      const plural = key === 'company' ? 'companies' : `${name}s`;
      parts.push({ text: `the ${plural} after the first (one at a time)`, many: true });
    }
  }
  return parts;
}

/** Which page of the listing the address names: the first, or one after a Browse more cursor. */
export interface PageRequest {
  page: number;
  cursor?: string;
}

export function parsePage(search: URLSearchParams): PageRequest {
  const page = Number(search.get('page'));
  // A number past the deepest page is a page past the end, which leads to the last one (the
  // loader), not to the first.
  const n = Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
  const cursor = search.get('cursor') ?? '';
  // A cursor alone still names a later page; a page number alone is an offset (a typed address).
  if (/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return { page: Math.max(n, 2), cursor };
  return { page: n };
}

type Labels = Partial<Record<FilterKey, string>>;

function chosen(id: number | undefined, label: string | undefined) {
  return id !== undefined && label !== undefined ? { id: String(id), label } : null;
}

function toFilters(query: AddressQuery, labels: Labels): ListingFilters {
  return {
    company: chosen(query.company, labels.company),
    role: chosen(query.role, labels.role),
    location: chosen(query.location, labels.location),
    experienceLevel: chosen(query.experienceLevel, labels.experienceLevel),
    workMode: query.workMode ?? null,
    salaryStated: query.salaryStated === true,
    q: query.q ?? '',
    sortBy: query.sortBy ?? null,
  };
}

async function lookUpLabels(context: AppLoadContext, query: AddressQuery): Promise<Labels> {
  const { company, role, location, experienceLevel } = query;
  const experience = EXPERIENCE_OPTIONS.find((o) => o.value === experienceLevel)?.label;
  if (company === undefined && role === undefined && location === undefined) {
    return { experienceLevel: experience };
  }
  const labels = await context.services.filters.labels({ company, role, location });
  return { ...labels, experienceLevel: experience };
}

/** How many "did you mean" links a text box that named no single choice offers. */
export const DID_YOU_MEAN_LIMIT = 5;

async function suggest(
  context: AppLoadContext,
  key: TextKey,
  text: string,
): Promise<DropdownOption[]> {
  const { filters } = context.services;
  if (key === 'role') return filters.roles(text);
  // A location's label is "City, State, Country"; the suggestions match the city's name.
  if (key === 'location') return filters.locations(text.split(',')[0] ?? text);
  const companies = await filters.companies(text);
  return companies.map(({ _id, companyName, near }) =>
    near ? { id: _id, label: companyName, near } : { id: _id, label: companyName },
  );
}

/**
 * The names a typed text may stand for: the whole label, or its part before " (" or ","; with
 * `short`, also the part in its last brackets (a role's short name: "Data Engineer (DE)").
 */
function namesOf(label: string, short: boolean): string[] {
  const names = [label, label.split(' (')[0] ?? label, label.split(',')[0] ?? label];
  const bracketed = short ? /\(([^()]+)\)$/.exec(label)?.[1] : undefined;
  if (bracketed) names.push(bracketed);
  return names.map(normalizeSearch);
}

/** How a typed text is read against the options (pickOption). */
export interface PickRules {
  /** The labels end in a short name in brackets, a name of its own (roles). */
  short?: boolean;
  /**
   * The options are places ("City, State, Country"), found by the city's name, another name of
   * it, or the name of its state or country. `otherName`: the city's own name when the text is
   * another name of it, whole ("Bangalore": "bengaluru").
   */
  place?: { otherName: string | null };
}

/**
 * The one option a typed text names: the only suggestion, or the only one whose name is exactly
 * the text (any case or accents; for a place, also another name of it: "Bangalore" for
 * Bengaluru). Anything else is ambiguous and the visitor chooses, as they do a nearest spelling
 * (`near`: "Berln" for Berlin), which is offered, never taken. A place found only by its state's
 * or country's name ("Brazil" with one city, São Paulo) is offered too: the visitor asked for more
 * than a city, and the filter would be that city alone.
 */
export function pickOption(
  text: string,
  options: DropdownOption[],
  rules: PickRules = {},
): DropdownOption | null {
  if (options.some((o) => o.near)) return null;
  const typed = normalizeSearch(text);
  const names = (o: DropdownOption) => namesOf(o.label, rules.short ?? false);
  const { place } = rules;
  if (options.length === 1) {
    const only = options[0]!;
    // The suggestions match a place's city name by the text before a comma (suggest()).
    const cityText = normalizeSearch(text.split(',')[0] ?? text);
    const ownName = normalizeSearch(only.label.split(',')[0] ?? only.label);
    if (!place || ownName.includes(cityText) || ownName === place.otherName) return only;
  }
  const exact = options.filter((o) => {
    const own = names(o);
    return own.includes(typed) || (!!place?.otherName && own.includes(place.otherName));
  });
  return exact.length === 1 ? exact[0]! : null;
}

/** What each text box's choices are called when "did you mean" cannot offer them all. */
const CHOICES: Record<TextKey, string> = {
  role: 'roles',
  location: 'locations',
  company: 'companies',
};

/** Said when "did you mean" offers only the first of the choices a text matches. */
export function moreChoicesNote(key: TextKey, text: string, found: number): string | null {
  if (found <= DID_YOU_MEAN_LIMIT) return null;
  // The suggestions stop at SUGGESTION_LIMIT: there may be more than that.
  const count = found >= SUGGESTION_LIMIT ? `At least ${found}` : String(found);
  return `${count} ${CHOICES[key]} match “${text}”, and “Did you mean” offers the first ${DID_YOU_MEAN_LIMIT}: type more of the name to find the others.`;
}

/**
 * Said above the jobs while a box's text names no single choice: the count and the list are not
 * filtered by it, and the box still shows the text, so the page says which.
 */
export function unfilteredNote(key: TextKey, text: string, found: number): string {
  return found === 0
    ? `Not filtered by ${key}: “${text}” matches none.`
    : `Not filtered by ${key} yet: choose what “${text}” means under “Did you mean”.`;
}

interface Resolution {
  filters: ListingFilters;
  unresolved: Unresolved;
  /** unfilteredNote for each unresolved text, and moreChoicesNote where its choices were cut. */
  notes: string[];
  /** Whether the address held a text box at all (it is then made canonical, if it can be). */
  hadText: boolean;
}

/**
 * What the address says was typed for a filter: its text box (`roleText=engin`), or a name written
 * where the id goes (`?location=Mumbai`: an address typed or edited by hand), read the same way
 * rather than dropped.
 */
function typedText(search: URLSearchParams, key: TextKey): string | null {
  const text = search.get(textParam(key));
  if (text !== null) return text;
  const value = search.get(key)?.trim();
  return value && !/^\d+$/.test(value) ? value : null;
}

/** PostgreSQL text cannot hold NUL, and no one types control characters: they read as spaces. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The text boxes of a form sent without JavaScript, each to an id, nothing, or "did you mean". */
async function resolveTexts(
  context: AppLoadContext,
  search: URLSearchParams,
  filters: ListingFilters,
): Promise<Resolution> {
  const resolved = { ...filters };
  const unresolved: Unresolved = {};
  const notes: string[] = [];
  let hadText = false;
  for (const key of TEXT_KEYS) {
    const raw = typedText(search, key);
    if (raw === null) continue;
    hadText = true;
    const text = raw.replace(CONTROL, ' ').trim().slice(0, 100);
    if (text === '') {
      resolved[key] = null;
      continue;
    }
    // The box still shows its chosen filter's name: nothing changed.
    const current = filters[key];
    if (current && normalizeSearch(current.label) === normalizeSearch(text)) continue;
    const options = await suggest(context, key, text);
    const pick = pickOption(
      text,
      options,
      key === 'role'
        ? { short: true }
        : key === 'location'
          ? { place: { otherName: context.services.filters.cityOtherName(text.split(',')[0]!) } }
          : {},
    );
    resolved[key] = pick;
    if (pick) continue;
    unresolved[key] = { text, options: options.slice(0, DID_YOU_MEAN_LIMIT) };
    notes.push(unfilteredNote(key, text, options.length));
    const note = moreChoicesNote(key, text, options.length);
    if (note) notes.push(note);
  }
  return { filters: resolved, unresolved, notes, hadText };
}

/** The address's query in the order and form the page itself writes it. */
export function canonicalSearch(filters: ListingFilters, page: PageRequest): string {
  const params = new URLSearchParams(filterParams(filters));
  if (page.cursor) {
    params.set('page', String(page.page));
    params.set('cursor', page.cursor);
  } else if (page.page > 1) params.set('page', String(page.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** `search` (a canonical query string) with each unresolved text as its box's parameter. */
function withTexts(search: string, unresolved: Unresolved): string {
  const params = new URLSearchParams(search);
  for (const key of TEXT_KEYS) {
    const text = unresolved[key]?.text;
    if (text) params.set(textParam(key), text);
  }
  const result = params.toString();
  return result ? `?${result}` : '';
}

const PAGE_KEYS = ['page', 'cursor'];

/**
 * What a form sent without JavaScript adds to an address: empty fields (the default sort among
 * them), and Newest without a keyword, where it is the default.
 */
function formLeftovers(search: URLSearchParams): boolean {
  const keys = new Set<string>([...ADDRESS_KEYS, ...TEXT_KEYS.map(textParam)]);
  return [...search].some(
    ([key, value]) =>
      keys.has(key) &&
      (value.trim() === '' || (key === 'sortBy' && value === 'false' && !search.get('q'))),
  );
}

/** The address's own listing parameters, sorted, so that order alone never causes a redirect. */
function listingParams(search: URLSearchParams): string {
  const keys = new Set<string>([...ADDRESS_KEYS, ...PAGE_KEYS, ...TEXT_KEYS.map(textParam)]);
  return [...search]
    .filter(([key]) => keys.has(key))
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');
}

/**
 * The links back from a later page (ListingData.back): the previous page and the first, with the
 * same filters. The previous page is named by its number (an offset), as no cursor leads back.
 */
export function backLinks(filters: ListingFilters, page: number): ListingData['back'] {
  if (page < 2) return undefined;
  const first: [string, string] = ['Back to the first page', canonicalSearch(filters, { page: 1 })];
  if (page === 2) return [first];
  return [['Previous page', canonicalSearch(filters, { page: page - 1 })], first];
}

/**
 * The empty list's way out (ListingData.clear): Clear filters, which keeps the keyword and the
 * sort as the panel's does; with no filter to clear, the jobs without the keyword.
 */
export function clearLink(filters: ListingFilters): ListingData['clear'] {
  if (hasChosenFilter(filters)) return [CLEAR_FILTERS, clearedSearch(filters)];
  return filters.q ? ['Show all jobs', ''] : undefined;
}

/** What a caller other than the page changes: feeds and alerts want the newest 50 whatever the sort. */
export interface ListingOverrides {
  pageSize?: number;
  sortBy?: boolean;
  /** Keyword matches newest first, not by relevance (feeds: the newest matching jobs). */
  byDate?: boolean;
}

export async function loadListing(
  request: Request,
  context: AppLoadContext,
  overrides: ListingOverrides = {},
  page: PageRequest = { page: 1 },
  unresolved: Unresolved = {},
): Promise<ListingData> {
  const search = new URL(request.url).searchParams;
  const address = parseAddress(search);
  const query = { ...address, sortBy: overrides.sortBy ?? address.sortBy };
  // An id nobody knows (a stale or edited link) is dropped rather than shown as a bare number.
  const filters = toFilters(query, await lookUpLabels(context, query));
  return listFor(context, filters, overrides.pageSize ?? DEFAULT_PAGE_SIZE, page, unresolved, {
    byDate: overrides.byDate,
  });
}

async function listFor(
  context: AppLoadContext,
  filters: ListingFilters,
  pageSize: number,
  page: PageRequest,
  unresolved: Unresolved,
  options: ListOptions = {},
): Promise<ListingData> {
  const id = (key: FilterKey) => (filters[key] ? Number(filters[key].id) : undefined);
  const listing = await context.services.jobs.list(
    {
      company: id('company'),
      role: id('role'),
      location: id('location'),
      experienceLevel: id('experienceLevel'),
      workMode: filters.workMode ?? undefined,
      salaryStated: filters.salaryStated || undefined,
      q: filters.q || undefined,
      sortBy: filters.sortBy ?? undefined,
      page: page.cursor ? 1 : page.page,
      pageSize,
      cursor: page.cursor,
    },
    options,
  );
  const data: ListingData = { listing, filters, now: pageNow(), page: page.page, unresolved };
  if (filters.q && searchWords(filters.q).length === 0) {
    data.emptyNote = `${NO_SEARCH_WORDS}. Try a job title or a skill, such as accountant or React.`;
  } else if (filters.q && !hasChosenFilter(filters) && listing.jobs.length === 0) {
    // Only words to blame: the page's own "Try clearing a filter" would point at nothing.
    data.emptyNote = 'No jobs match these words right now. Try fewer words, or another spelling.';
  }
  return data;
}

/**
 * The `/` and `/jobs` loader. The address it answers is canonical: a form sent without JavaScript
 * (empty fields, text boxes) is redirected to the address the enhanced page would have written
 * (`?role=12`), unless a text box named no single choice, which then shows "did you mean".
 */
export async function loadListingPage(
  request: Request,
  context: AppLoadContext,
): Promise<ListingData> {
  const url = new URL(request.url);
  const search = url.searchParams;
  const address = parseAddress(search);
  const labelled = toFilters(address, await lookUpLabels(context, address));
  const resolution = await resolveTexts(context, search, labelled);
  const { unresolved, notes, hadText } = resolution;
  // A keyword of symbols alone stays in the address and the box; the jobs are listed without it.
  const bare = bareKeyword(search.get('q'));
  const filters = bare ? { ...resolution.filters, q: bare } : resolution.filters;
  const page = parsePage(search);
  const canonical = canonicalSearch(filters, page);
  const isUnresolved = Object.keys(unresolved).length > 0;
  // A link with a part the page cannot use is answered where it is, saying so: a redirect to the
  // rest would lose what to say.
  const unused = unusedNotice(unusedParts(search, labelled));
  // A text that named no single choice stays in the address (the page says "did you mean" for it),
  // as `roleText=…` beside the canonical filters, without the form's empty fields.
  const target = isUnresolved ? withTexts(canonical, unresolved) : canonical;
  const moved = hadText
    ? !isUnresolved || formLeftovers(search)
    : listingParams(search) !== listingParams(new URLSearchParams(canonical));
  if (moved && !unused) throw redirect(`${url.pathname}${target}`);
  const listed = bare ? { ...filters, q: '' } : filters;
  const found = await listFor(context, listed, DEFAULT_PAGE_SIZE, page, unresolved).catch(
    (error: unknown) => {
      // A cursor from another search or sort (an edited address) starts the list over.
      if (!page.cursor || !isInvalidQuery(error)) throw error;
      throw redirect(`${url.pathname}${canonicalSearch(filters, { page: 1 })}`);
    },
  );
  const back = backLinks(filters, page.page);
  const clear = clearLink(filters);
  const data: ListingData = { ...found, filters, ...(back && { back }), ...(clear && { clear }) };
  // A numbered page past the end (a link kept while the list shrank, an edited number) goes to
  // the last page, not to "no jobs match" under a count of hundreds. The last page is nearer the
  // start each time, so a count that moved meanwhile cannot bounce the visitor back and forth.
  const last = Math.max(1, Math.ceil(data.listing.noofJobs / DEFAULT_PAGE_SIZE));
  if (!page.cursor && data.listing.jobs.length === 0 && last < page.page) {
    throw redirect(`${url.pathname}${canonicalSearch(filters, { page: last })}`);
  }
  const notice = [unused, bare && keywordNote(bare), ...notes].filter(Boolean).join(' ');
  return notice ? { ...data, notice } : data;
}

/**
 * loadListingPage with the search's feed links, written here, on the server, so their code stays
 * off the first visit.
 */
export async function loadListingWithFeeds(request: Request, context: AppLoadContext) {
  // The filter panel's lazy inside, held before the page renders (filter-panel.tsx).
  const [page] = await Promise.all([loadListingPage(request, context), loadFilterPanelBody()]);
  // Named for the search, as the feeds name themselves, so a reader lists each one apart; none
  // while a text names no single choice (listing-data.ts).
  const feedLinks = followable(page)
    ? feedLinkMeta(new URL(request.url).search, `${searchLabel(page.filters)} on ${APP_NAME}`)
    : [];
  return { ...page, feedLinks };
}

// The listing routes' server loader: reads the filters from the address, looks up their labels
// (a shared link shows names, not ids) and loads the first page, so the HTML arrives complete.
import { DEFAULT_PAGE_SIZE, EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import { type ListingQuery, listingQuery } from '../../../shared/contract/jobs.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { type FilterKey, type ListingFilters, defaultFilters } from '../filters/filter-state.ts';
import type { ListingData } from './listing-data.ts';

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

/** The address's listing parameters; a value that does not parse is left out, not an error page. */
export function parseAddress(search: URLSearchParams): AddressQuery {
  const raw: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) {
    const value = search.get(key);
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
    if (!bad.some((key) => key in raw)) return { sortBy: defaultFilters.sortBy };
    for (const key of bad) delete raw[key];
  }
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
    sortBy: query.sortBy,
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

/** What a caller other than the page changes: feeds and alerts want the newest 50 whatever the sort. */
export interface ListingOverrides {
  pageSize?: number;
  sortBy?: boolean;
}

export async function loadListing(
  request: Request,
  context: AppLoadContext,
  overrides: ListingOverrides = {},
): Promise<ListingData> {
  const address = parseAddress(new URL(request.url).searchParams);
  const query = { ...address, sortBy: overrides.sortBy ?? address.sortBy };
  // An id nobody knows (a stale or edited link) is dropped rather than shown as a bare number.
  const filters = toFilters(query, await lookUpLabels(context, query));
  const listing = await context.services.jobs.list({
    company: filters.company ? query.company : undefined,
    role: filters.role ? query.role : undefined,
    location: filters.location ? query.location : undefined,
    experienceLevel: filters.experienceLevel ? query.experienceLevel : undefined,
    workMode: query.workMode,
    salaryStated: query.salaryStated,
    q: query.q,
    sortBy: query.sortBy,
    page: 1,
    pageSize: overrides.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  return { listing, filters, now: Date.now() };
}

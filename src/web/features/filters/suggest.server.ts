// The loaders of the suggestion routes (routes/suggest.tsx): the filters service the API's
// suggestion endpoints call, the same rules for `name` in the API's words (server/errors.ts), and
// the API's envelope, so the combobox reads a 200, a 400 and the rate limiter's 429 alike.
import type { Envelope } from '../../../shared/contract/envelope.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { searchText } from '../../../shared/contract/params.ts';
import type { FiltersService } from '../../../shared/services.ts';
import {
  REFERENCE_CACHE_CONTROL,
  type SuggestContent,
  type SuggestKind,
  suggestPaths,
} from '../../../shared/suggest-paths.ts';

/** The name to look up, or what is wrong with the query string. */
export function parseSuggestQuery(
  search: URLSearchParams,
): { ok: true; name: string } | { ok: false; problem: string } {
  const problems: string[] = [];
  const names = search.getAll('name');
  const parsed = searchText.safeParse(names[0]);
  if (names.length === 0) problems.push(`'name' is required`);
  else if (names.length > 1) problems.push(`'name' must be given only once`);
  else if (!parsed.success) problems.push(`'name' ${parsed.error.issues[0]?.message}`);
  const unknown = [...new Set(search.keys())].filter((key) => key !== 'name');
  if (unknown.length) {
    const s = unknown.length > 1 ? 's' : '';
    problems.push(`unknown query parameter${s} ${unknown.map((key) => `'${key}'`).join(', ')}`);
  }
  if (problems.length || !parsed.success) {
    return { ok: false, problem: `Invalid querystring: ${problems.join('; ')}` };
  }
  return { ok: true, name: parsed.data };
}

const lookups: Record<
  SuggestKind,
  (filters: FiltersService, name: string) => Promise<DropdownOption[]>
> = {
  roles: (filters, name) => filters.roles(name),
  locations: (filters, name) => filters.locations(name),
  companies: async (filters, name) =>
    (await filters.companies(name)).map((c) => ({ id: c._id, label: c.companyName })),
};

/** The spec's words for no match (§8), as the API's endpoints say them. */
const NONE_FOUND: Record<SuggestKind, string> = {
  roles: 'Role not found...',
  locations: 'Location not found...',
  companies: 'Companies not found...',
};

function kindOf(pathname: string): SuggestKind {
  const path = pathname.replace(/\/+$/, '');
  const kind = (Object.keys(suggestPaths) as SuggestKind[]).find((k) => suggestPaths[k] === path);
  // routes.ts registers this loader only at these paths.
  if (!kind) throw new Error(`No suggestion route at ${pathname}`);
  return kind;
}

export async function suggestionAnswer(request: Request, filters: FiltersService) {
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  const query = parseSuggestQuery(url.searchParams);
  if (!query.ok) {
    const body: Envelope<null> = { success: false, message: query.problem, content: null };
    return Response.json(body, { status: 400, headers: { 'cache-control': 'no-store' } });
  }
  const options = await lookups[kind](filters, query.name);
  const body: Envelope<SuggestContent> = {
    success: true,
    message: options.length ? `Found ${options.length}` : NONE_FOUND[kind],
    content: { options },
  };
  return Response.json(body, { headers: { 'cache-control': REFERENCE_CACHE_CONTROL } });
}

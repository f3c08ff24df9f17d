// What each filter box suggests: its suggestion route (routes/suggest.tsx) asked for the typed
// name, or for levels a fixed list. A plain fetch of the route, not a fetcher: a fetcher hands a
// failed load (a 429, a dropped connection) to the page's error boundary, and a typeahead must
// show it in its own status line instead.
import { EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import type { Envelope } from '../../../shared/contract/envelope.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import {
  type SuggestContent,
  type SuggestKind,
  suggestPaths,
} from '../../../shared/suggest-paths.ts';
import type { FetchOptions } from './use-suggestions.ts';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/**
 * The route's options for `name`, or an Error carrying the server's message (a 400 names what is
 * wrong, a 429 says how long to wait). An abort rejects as the fetch does, for the caller to drop.
 */
export async function suggest(
  kind: SuggestKind,
  name: string,
  signal: AbortSignal,
): Promise<DropdownOption[]> {
  let response: Response;
  try {
    response = await fetch(`${suggestPaths[kind]}?${new URLSearchParams({ name })}`, {
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(UNREACHABLE);
  }
  const body = (await response.json().catch(() => undefined)) as
    Partial<Envelope<SuggestContent | null>> | undefined;
  if (response.ok && body?.success === true && body.content) return body.content.options;
  throw new Error(
    typeof body?.message === 'string' && body.message
      ? body.message
      : `The server answered ${response.status}. Please try again.`,
  );
}

export const fetchLocations: FetchOptions = (name, signal) => suggest('locations', name, signal);
export const fetchRoles: FetchOptions = (name, signal) => suggest('roles', name, signal);
export const fetchCompanies: FetchOptions = (name, signal) => suggest('companies', name, signal);

/** The six levels are fixed by the spec (§3), so they are matched in the browser. */
export const experienceOptions: DropdownOption[] = EXPERIENCE_OPTIONS.map((o) => ({
  id: String(o.value),
  label: o.label,
}));

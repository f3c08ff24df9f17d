// The web app's name suggestions (the filter boxes' typeahead): resource routes whose loaders call
// the same filters service, with the same input rules, as the API's suggestion endpoints. Here,
// not in web/lib/paths.ts, because the server's rate limiter counts them against the API's
// suggestion allowance; and apart from that module's one `paths` object, which every page loads,
// because only the comboboxes' own chunk needs them.
import type { DropdownOption } from './contract/filters.ts';

export const suggestPaths = {
  roles: '/suggest/roles',
  locations: '/suggest/locations',
  companies: '/suggest/companies',
} as const;

export type SuggestKind = keyof typeof suggestPaths;

/** A suggestion route's answer inside the API's envelope; companies too as `{ id, label }`. */
export interface SuggestContent {
  options: DropdownOption[];
}

/** Cache-Control of reference data that changes rarely: suggestions, levels, the board's figures. */
export const REFERENCE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

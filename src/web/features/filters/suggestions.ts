// One fetcher per filter box, each reading its endpoint's list into `{ id, label }` options.
import { apiPaths } from '../../../shared/api-paths.ts';
import { EXPERIENCE_OPTIONS } from '../../../shared/constants.ts';
import type { CompanyOption, DropdownOption } from '../../../shared/contract/filters.ts';
import { apiGet } from '../../lib/api.ts';
import type { FetchOptions } from './use-suggestions.ts';

export const fetchLocations: FetchOptions = async (name, signal) =>
  (await apiGet<{ cities: DropdownOption[] }>(apiPaths.locationsFilter, { name }, { signal }))
    .cities;

export const fetchRoles: FetchOptions = async (name, signal) =>
  (await apiGet<{ roles: DropdownOption[] }>(apiPaths.rolesFilter, { name }, { signal })).roles;

export const fetchCompanies: FetchOptions = async (name, signal) => {
  const content = await apiGet<{ companies: CompanyOption[] }>(
    apiPaths.ourCompanies,
    { name },
    { signal },
  );
  return content.companies.map((c) => ({ id: c._id, label: c.companyName }));
};

/** The six levels are fixed by the spec (§3), so they are matched in the browser. */
export const experienceOptions: DropdownOption[] = EXPERIENCE_OPTIONS.map((o) => ({
  id: String(o.value),
  label: o.label,
}));

// The four filter boxes (spec §2). Loaded on demand: Headless UI is not needed for first paint.
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import type { FilterKey, ListingFilters } from './filter-state.ts';
import { SearchableDropdown } from './searchable-dropdown.tsx';
import { experienceOptions, fetchCompanies, fetchLocations, fetchRoles } from './suggestions.ts';
import { FIELD_TEXTS } from './filter-texts.ts';

export interface FilterFieldsProps {
  filters: ListingFilters;
  onChoose: (key: FilterKey, option: DropdownOption | null) => void;
  /** The box the visitor focused before this code loaded; it takes the focus back. */
  autoFocusKey?: FilterKey | null;
}

const sources = {
  role: { fetchOptions: fetchRoles },
  location: { fetchOptions: fetchLocations },
  company: { fetchOptions: fetchCompanies },
  experienceLevel: { staticOptions: experienceOptions },
} as const;

export default function FilterFields({ filters, onChoose, autoFocusKey }: FilterFieldsProps) {
  return (
    <>
      {FIELD_TEXTS.map(({ key, label, placeholder, notFound }) => (
        <SearchableDropdown
          key={key}
          label={label}
          placeholder={placeholder}
          notFoundText={notFound}
          value={filters[key]}
          onChange={(option) => onChoose(key, option)}
          autoFocus={key === autoFocusKey}
          {...sources[key]}
        />
      ))}
    </>
  );
}

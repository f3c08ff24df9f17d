// The role, location and company comboboxes (spec §2). Loaded on demand: Headless UI is not needed
// for the first paint, and the plain boxes they replace work meanwhile (filter-fields-fallback).
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { type ListingFilters, TEXT_KEYS, type TextKey, textParam } from './filter-state.ts';
import { FIELD_TEXTS } from './filter-texts.ts';
import { takeHandOver } from './hand-over.ts';
import { SearchableDropdown } from './searchable-dropdown.tsx';
import { fetchCompanies, fetchLocations, fetchRoles } from './suggestions.ts';

export interface FilterFieldsProps {
  filters: ListingFilters;
  onChoose: (key: TextKey, option: DropdownOption | null) => void;
  /** What a text box sent that named no single choice (the server's "did you mean"). */
  typed: Partial<Record<TextKey, string>>;
  /** Told each box's text that nothing applies yet ('' when none). */
  onUnapplied?: (key: TextKey, text: string) => void;
}

const sources = {
  role: fetchRoles,
  location: fetchLocations,
  company: fetchCompanies,
} as const;

export default function FilterFields(props: FilterFieldsProps) {
  const { filters, onChoose, typed, onUnapplied } = props;
  return (
    <>
      {FIELD_TEXTS.filter((f) => (TEXT_KEYS as readonly string[]).includes(f.key)).map(
        ({ key, label, placeholder, notFound }) => {
          const textKey = key as TextKey;
          return (
            <SearchableDropdown
              key={key}
              label={label}
              placeholder={placeholder}
              notFoundText={notFound}
              value={filters[textKey]}
              onChange={(option) => onChoose(textKey, option)}
              takeOver={() => takeHandOver(textKey)}
              name={textParam(textKey)}
              initialText={typed[textKey]}
              fetchOptions={sources[textKey]}
              onUnapplied={(text) => onUnapplied?.(textKey, text)}
            />
          );
        },
      )}
    </>
  );
}

// What the filter boxes look like before their code has loaded: the same boxes, read-only, with
// the chosen labels, so the panel neither jumps nor shows ids. Focusing one loads the real
// combobox, which takes the focus (filter-panel.tsx reads `data-filter-key`).
import { FIELD_TEXTS } from './filter-texts.ts';
import type { ListingFilters } from './filter-state.ts';

export function FilterFieldsFallback({ filters }: { filters: ListingFilters }) {
  return (
    <>
      {FIELD_TEXTS.map(({ key, label, placeholder }) => (
        <div key={key} className="flex flex-col gap-1">
          <label htmlFor={`filter-fallback-${key}`} className="text-fg text-sm font-medium">
            {label}
          </label>
          <input
            id={`filter-fallback-${key}`}
            data-filter-key={key}
            readOnly
            value={filters[key]?.label ?? ''}
            placeholder={placeholder}
            className="rounded-control border-line-strong bg-surface-raised text-fg placeholder:text-subtle w-full border py-2 pr-16 pl-3 text-sm"
          />
          <p className="min-h-5" />
        </div>
      ))}
    </>
  );
}

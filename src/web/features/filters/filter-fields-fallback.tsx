// What the filter boxes look like before their code has loaded: the same boxes, read-only, with
// the chosen labels, so the panel neither jumps nor shows ids.
import { FIELD_TEXTS } from './filter-texts.ts';
import type { ListingFilters } from './filter-state.ts';

export function FilterFieldsFallback({ filters }: { filters: ListingFilters }) {
  return (
    <>
      {FIELD_TEXTS.map(({ key, label, placeholder }) => (
        <div key={key} className="flex flex-col gap-1">
          <label
            htmlFor={`filter-fallback-${key}`}
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {label}
          </label>
          <input
            id={`filter-fallback-${key}`}
            readOnly
            value={filters[key]?.label ?? ''}
            placeholder={placeholder}
            className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-16 pl-3 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <p className="min-h-5" />
        </div>
      ))}
    </>
  );
}

// The listing's "Sort by" control (spec §2): a labelled select named `sortBy`, so a GET form sends
// it without JavaScript. The filter panel and a company page's jobs both use it; each says what a
// change does. With a keyword it offers Best match first, the search's default order; Newest then
// means by date alone.
import type { ChangeEventHandler } from 'react';
import { SORT_OPTIONS } from '../../../shared/constants.ts';
import { sortValue } from '../filters/filter-state.ts';

export function SortSelect({
  id,
  sortBy,
  searched,
  onChange,
}: {
  id: string;
  sortBy: boolean | null;
  searched: boolean;
  onChange: ChangeEventHandler<HTMLSelectElement>;
}) {
  return (
    <>
      <label htmlFor={id} className="text-muted text-sm">
        Sort by
      </label>
      {/* Uncontrolled: its user writes a navigation's sort (Back, say) into it, in place, as a
          select made anew would drop the focus. */}
      <select
        id={id}
        name="sortBy"
        defaultValue={sortValue(sortBy, searched)}
        onChange={onChange}
        className="rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-1.5 text-sm"
      >
        {searched && <option value="">Best match</option>}
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={sortValue(option.flag, searched)}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

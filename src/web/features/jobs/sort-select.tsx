// The listing's "Sort by" control (spec §2): a labelled select named `sortBy`, so a GET form sends
// it without JavaScript. The filter panel and a company page's jobs both use it; each says what a
// change does.
import type { ChangeEventHandler } from 'react';
import { SORT_OPTIONS } from '../../../shared/constants.ts';

export function SortSelect({
  id,
  sortBy,
  onChange,
}: {
  id: string;
  sortBy: boolean;
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
        defaultValue={String(sortBy)}
        onChange={onChange}
        className="rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-1.5 text-sm"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={String(option.flag)}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

// The filter panel (spec §2): keyword search, then a header with sort, count and the toggle,
// then the four filter boxes and Clear all. It is a plain GET form, so keyword and sort work
// without JavaScript; with it, every change becomes a navigation to the new address.
import { Suspense, lazy, useId, useReducer, useState } from 'react';
import {
  SEARCH_COUNT_LIMIT,
  SORT_OPTIONS,
  WORK_MODES,
  WORK_MODE_LABELS,
  type WorkMode,
} from '../../../shared/constants.ts';
import { formatJobCount } from '../../lib/format.ts';
import { FilterFieldsFallback } from '../filters/filter-fields-fallback.tsx';
import {
  FILTER_KEYS,
  type FilterAction,
  type FilterKey,
  type ListingFilters,
  filterReducer,
  hasChosenFilter,
} from '../filters/filter-state.ts';
import { primaryButton, secondaryButton } from './listing-states.tsx';

const loadFilterFields = () => import('../filters/filter-fields.tsx');
const FilterFields = lazy(loadFilterFields);

interface FilterPanelProps {
  action: string;
  filters: ListingFilters;
  count: number;
  pending: boolean;
  onApply: (filters: ListingFilters) => void;
}

/** The loader's filters, with the visitor's edits on top until the next answer arrives. */
function useDraft(filters: ListingFilters) {
  const [draft, dispatch] = useReducer(filterReducer, filters);
  const [source, setSource] = useState(filters);
  if (source !== filters) {
    setSource(filters);
    dispatch({ type: 'reset', filters });
  }
  return [draft, dispatch] as const;
}

function JobCount({
  count,
  atLeast,
  pending,
}: {
  count: number;
  atLeast: boolean;
  pending: boolean;
}) {
  return (
    <p aria-live="polite" aria-atomic="true" className="min-w-20 text-sm font-semibold">
      {pending ? (
        <span className="skeleton inline-block h-4 w-16 align-middle">
          <span className="sr-only">Counting jobs…</span>
        </span>
      ) : (
        formatJobCount(count, atLeast)
      )}
    </p>
  );
}

/**
 * The work-mode filter and the salary-stated box: native controls (no combobox code to load),
 * which also work as plain form fields without JavaScript.
 */
function WorkAndPay(props: {
  idPrefix: string;
  workMode: WorkMode | null;
  salaryStated: boolean;
  onApply: (change: FilterAction) => void;
}) {
  const { idPrefix, workMode, salaryStated, onApply } = props;
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-work-mode`} className="text-fg text-sm font-medium">
          Work mode
        </label>
        <select
          id={`${idPrefix}-work-mode`}
          name="workMode"
          value={workMode ?? ''}
          onChange={(event) =>
            onApply({
              type: 'workMode',
              workMode: (WORK_MODES as readonly string[]).includes(event.target.value)
                ? (event.target.value as WorkMode)
                : null,
            })
          }
          className="rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-2 text-sm"
        >
          <option value="">Any</option>
          {WORK_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {WORK_MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </div>
      <label className="text-fg flex items-center gap-2 py-2 text-sm font-medium">
        <input
          type="checkbox"
          name="salaryStated"
          value="true"
          checked={salaryStated}
          onChange={(event) =>
            onApply({ type: 'salaryStated', salaryStated: event.target.checked })
          }
          className="size-4"
        />
        Salary stated
      </label>
    </div>
  );
}

export function FilterPanel({ action, filters, count, pending, onApply }: FilterPanelProps) {
  const [draft, dispatch] = useDraft(filters);
  const [open, setOpen] = useState(
    () =>
      FILTER_KEYS.some((key) => filters[key] !== null) ||
      filters.workMode !== null ||
      filters.salaryStated,
  );
  // The comboboxes (Headless UI, a chunk of their own) load when the visitor first reaches for
  // them: opening the panel, or pointing at or focusing one of the read-only boxes a page opened
  // with filters shows. Loading them while such a page starts cost its main thread ~100 ms.
  const [live, setLive] = useState(false);
  const [focusKey, setFocusKey] = useState<FilterKey | null>(null);
  const bodyId = useId();
  const apply = (change: FilterAction) => {
    const next = filterReducer(draft, change);
    dispatch(change);
    onApply(next);
  };

  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Jobs"
      className="rounded-card border-line bg-surface-raised flex flex-col gap-3 border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        apply({ type: 'keyword', q: draft.q });
      }}
    >
      <div className="flex gap-2">
        <label htmlFor={`${bodyId}-q`} className="sr-only">
          Search jobs
        </label>
        <input
          id={`${bodyId}-q`}
          name="q"
          type="search"
          maxLength={100}
          value={draft.q}
          onChange={(event) => dispatch({ type: 'keyword', q: event.target.value })}
          placeholder="Ex: Company / Roles / Locations"
          className="border-line-strong bg-surface-raised text-fg placeholder:text-subtle focus:outline-focus min-w-0 flex-1 rounded-full border px-4 py-2 text-sm focus:outline-2 focus:outline-offset-1"
        />
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </div>
      <div className="text-fg flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${bodyId}-sort`} className="text-muted text-sm">
            Sort by
          </label>
          <select
            id={`${bodyId}-sort`}
            name="sortBy"
            value={String(draft.sortBy)}
            onChange={(event) => apply({ type: 'sort', sortBy: event.target.value === 'true' })}
            className="rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-1.5 text-sm"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={String(option.flag)}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <JobCount
          count={count}
          atLeast={filters.q !== '' && count >= SEARCH_COUNT_LIMIT}
          pending={pending}
        />
        <button
          type="button"
          className={secondaryButton}
          aria-expanded={open}
          aria-controls={`${bodyId}-body`}
          onClick={() => {
            setOpen((o) => !o);
            setLive(true);
            setFocusKey(null);
          }}
        >
          Filters
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      </div>
      <div id={`${bodyId}-body`} hidden={!open} className="flex flex-col gap-3">
        {open ? (
          <div
            className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4"
            // A head start only: a failed download shows when the comboboxes render.
            onPointerEnter={() => void loadFilterFields().catch(() => undefined)}
            onPointerDown={() => setLive(true)}
            onFocus={(event) => {
              const key = (event.target as HTMLElement).dataset.filterKey as FilterKey | undefined;
              if (live || !key) return;
              setFocusKey(key);
              setLive(true);
            }}
          >
            {live ? (
              <Suspense fallback={<FilterFieldsFallback filters={draft} />}>
                <FilterFields
                  filters={draft}
                  autoFocusKey={focusKey}
                  onChoose={(key, option) => apply({ type: 'choose', key, option })}
                />
              </Suspense>
            ) : (
              <FilterFieldsFallback filters={draft} />
            )}
          </div>
        ) : null}
        {open ? (
          <WorkAndPay
            idPrefix={bodyId}
            workMode={draft.workMode}
            salaryStated={draft.salaryStated}
            onApply={apply}
          />
        ) : null}
        <div>
          <button
            type="button"
            className={secondaryButton}
            disabled={!hasChosenFilter(draft)}
            onClick={() => apply({ type: 'clear' })}
          >
            Clear all
          </button>
        </div>
      </div>
      {FILTER_KEYS.map((key) =>
        draft[key] ? <input key={key} type="hidden" name={key} value={draft[key].id} /> : null,
      )}
      {/* While the panel is closed, the address keeps them (its own fields carry them when open). */}
      {!open && draft.workMode ? (
        <input type="hidden" name="workMode" value={draft.workMode} />
      ) : null}
      {!open && draft.salaryStated ? (
        <input type="hidden" name="salaryStated" value="true" />
      ) : null}
    </form>
  );
}

// The filter panel (spec §2): keyword search, then a header with sort and count, the Filters
// disclosure with the role, location and company boxes, the experience level, work mode and
// salary, and Clear all. It is a plain GET form whose every field works without JavaScript (the
// server resolves the text boxes to ids, or offers "did you mean"); with JavaScript the same form
// is sent as a navigation, and the text boxes become comboboxes when the visitor reaches for them.
import {
  type ComponentType,
  startTransition,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import {
  EXPERIENCE_OPTIONS,
  SEARCH_COUNT_LIMIT,
  SORT_OPTIONS,
  WORK_MODES,
  WORK_MODE_LABELS,
} from '../../../shared/constants.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { formatJobCount } from '../../lib/format.ts';
import type { FilterFieldsProps } from '../filters/filter-fields.tsx';
import { FilterFieldsFallback } from '../filters/filter-fields-fallback.tsx';
import {
  type ListingFilters,
  TEXT_KEYS,
  type TextKey,
  filterReducer,
  filterSearch,
  formSearch,
  hasChosenFilter,
  textParam,
} from '../filters/filter-state.ts';
import { FIELD_TEXTS } from '../filters/filter-texts.ts';
import type { Unresolved } from './listing-data.ts';
import { primaryButton, secondaryButton } from './listing-states.tsx';

const loadFilterFields = () => import('../filters/filter-fields.tsx');
type Fields = ComponentType<FilterFieldsProps>;

interface FilterPanelProps {
  action: string;
  filters: ListingFilters;
  unresolved: Unresolved;
  count: number;
  pending: boolean;
  /** Goes to the listing at this query string ("" for none). */
  onSearch: (search: string) => void;
}

/** The loader's filters, with the visitor's combobox choices on top until the next answer. */
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

const selectClass =
  'rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-2 text-sm';

/** The six experience levels: few enough for a native select (no combobox code to load). */
function ExperienceLevel(props: { idPrefix: string; filters: ListingFilters; onSend: () => void }) {
  const chosen = props.filters.experienceLevel?.id ?? '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${props.idPrefix}-level`} className="text-fg text-sm font-medium">
        Experience level
      </label>
      <select
        id={`${props.idPrefix}-level`}
        key={chosen}
        name="experienceLevel"
        defaultValue={chosen}
        onChange={props.onSend}
        className={selectClass}
      >
        <option value="">Any</option>
        {EXPERIENCE_OPTIONS.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      <p className="min-h-5" />
    </div>
  );
}

/** The work-mode filter and the salary-stated box: native controls, plain form fields. */
function WorkAndPay(props: { idPrefix: string; filters: ListingFilters; onSend: () => void }) {
  const { idPrefix, filters, onSend } = props;
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-work-mode`} className="text-fg text-sm font-medium">
          Work mode
        </label>
        <select
          id={`${idPrefix}-work-mode`}
          key={filters.workMode ?? ''}
          name="workMode"
          defaultValue={filters.workMode ?? ''}
          onChange={onSend}
          className={selectClass}
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
          key={String(filters.salaryStated)}
          type="checkbox"
          name="salaryStated"
          value="true"
          defaultChecked={filters.salaryStated}
          onChange={onSend}
          className="size-4"
        />
        Salary stated
      </label>
    </div>
  );
}

/** For each text box that named no single choice: links to the choices it may mean. */
function DidYouMean(props: { action: string; filters: ListingFilters; unresolved: Unresolved }) {
  const { action, filters, unresolved } = props;
  const keys = TEXT_KEYS.filter((key) => unresolved[key]);
  if (keys.length === 0) return null;
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      {keys.map((key) => {
        const { text, options } = unresolved[key]!;
        const what = FIELD_TEXTS.find((f) => f.key === key)!.label.toLowerCase();
        if (options.length === 0) {
          return (
            <p key={key} className="text-fg">
              No {what} matches “{text}”. Try fewer letters or another spelling.
            </p>
          );
        }
        return (
          <div key={key} className="text-fg flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              {options.length === 1
                ? 'Did you mean'
                : `Several ${what}s match “${text}”. Did you mean`}
            </span>
            <ul className="contents">
              {options.map((option: DropdownOption) => (
                <li key={option.id}>
                  <Link
                    to={`${action}${filterSearch({ ...filters, [key]: option })}`}
                    preventScrollReset
                    className="text-brand font-medium underline"
                  >
                    {option.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function FilterPanel(props: FilterPanelProps) {
  const { action, filters, unresolved, count, pending, onSearch } = props;
  const [draft, dispatch] = useDraft(filters);
  const form = useRef<HTMLFormElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(
    () => TEXT_KEYS.some((key) => unresolved[key]) || hasChosenFilter({ ...filters, q: '' }),
  );
  // The comboboxes (Headless UI, a chunk of their own) load when the visitor first reaches for
  // them: opening the panel, or pointing at or focusing one of its boxes. Loading them while a
  // page starts cost its main thread ~100 ms. The plain boxes work meanwhile, and their text,
  // focus and caret pass to the comboboxes (filters/hand-over.ts).
  const [Live, setLive] = useState<Fields | null>(null);
  const asked = useRef(false);
  const goLive = () => {
    if (asked.current) return;
    asked.current = true;
    loadFilterFields().then(
      // Swapped in only once loaded, in one commit: no moment without a box to type into.
      ({ default: loaded }) => startTransition(() => setLive(() => loaded)),
      // Without the comboboxes the plain boxes still work, through the server.
      () => undefined,
    );
  };
  // The visitor may have opened the panel, or gone into one of its boxes, before the page
  // hydrated (React saw no event then).
  useEffect(() => {
    if (details.current?.open) setOpen(true);
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.dataset.filterKey) goLive();
  }, []);
  const bodyId = useId();

  /** Sends the form as the server would read it, with `overrides` in place of fields. */
  const send = (overrides: Record<string, string | null> = {}) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    for (const [key, value] of Object.entries(overrides)) {
      data.delete(key);
      if (value !== null) data.set(key, value);
    }
    onSearch(formSearch(data, filters));
  };
  const choose = (key: TextKey, option: DropdownOption | null) => {
    dispatch({ type: 'choose', key, option });
    send({ [key]: option?.id ?? null, [textParam(key)]: null });
  };
  const typed: Partial<Record<TextKey, string>> = {};
  for (const key of TEXT_KEYS) if (unresolved[key]) typed[key] = unresolved[key].text;
  const boxes = <FilterFieldsFallback filters={filters} typed={typed} />;

  return (
    <form
      ref={form}
      method="get"
      action={action}
      role="search"
      aria-label="Jobs"
      className="rounded-card border-line bg-surface-raised flex flex-col gap-3 border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex gap-2">
        <label htmlFor={`${bodyId}-q`} className="sr-only">
          Search jobs
        </label>
        <input
          id={`${bodyId}-q`}
          key={filters.q}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.q}
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
            key={String(filters.sortBy)}
            name="sortBy"
            defaultValue={String(filters.sortBy)}
            onChange={() => send()}
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
      </div>
      {/* A disclosure of the platform: it opens and closes before and without JavaScript. */}
      <details
        ref={details}
        open={open}
        onToggle={(event) => {
          const isOpen = event.currentTarget.open;
          setOpen(isOpen);
          if (isOpen) goLive();
        }}
        className="group flex flex-col"
      >
        <summary
          className={`${secondaryButton} w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        >
          Filters
          <span aria-hidden="true" className="inline-block group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <div
            className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4"
            onPointerEnter={goLive}
            onPointerDown={goLive}
            onFocus={(event) => {
              if ((event.target as HTMLElement).dataset.filterKey) goLive();
            }}
          >
            {/* No Suspense here: the server may stream a boundary's content separately, which
                only JavaScript puts in place, and these boxes must work without it. */}
            {Live ? <Live filters={draft} onChoose={choose} /> : boxes}
            <ExperienceLevel idPrefix={bodyId} filters={filters} onSend={() => send()} />
          </div>
          <DidYouMean action={action} filters={filters} unresolved={unresolved} />
          <WorkAndPay idPrefix={bodyId} filters={filters} onSend={() => send()} />
          <div>
            {hasChosenFilter(filters) ? (
              <Link to={action} preventScrollReset className={secondaryButton}>
                Clear all
              </Link>
            ) : (
              <button type="button" className={secondaryButton} disabled>
                Clear all
              </button>
            )}
          </div>
        </div>
      </details>
      {TEXT_KEYS.map((key) =>
        filters[key] ? <input key={key} type="hidden" name={key} value={filters[key].id} /> : null,
      )}
    </form>
  );
}

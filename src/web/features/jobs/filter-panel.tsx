// The filter panel (spec §2): keyword search, then a header with sort and count, the Filters
// disclosure with the role, location and company boxes, the experience level, work mode and
// salary, and Clear filters. It is a plain GET form whose every field works without JavaScript (the
// server resolves the text boxes to ids, or offers "did you mean"); with JavaScript the same form
// is sent as a navigation, and the text boxes become comboboxes when the visitor reaches for them.
import {
  type ComponentType,
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { formatJobCount } from '../../lib/format.ts';
import {
  type ListingFilters,
  TEXT_KEYS,
  type TextKey,
  filterReducer,
  formSearch,
  hasChosenFilter,
  textParam,
} from '../filters/filter-state.ts';
import type { FilterPanelBodyProps } from './filter-panel-body.tsx';
import { countIsAtLeast, type Unresolved } from './listing-data.ts';
import { primaryButton, secondaryButton } from './listing-states.tsx';
import { SortSelect } from './sort-select.tsx';

// The disclosure's inside is a chunk of its own, loaded after the first paint (the first visit's
// JavaScript budget). In the browser its Suspense boundary keeps the server's HTML until the chunk
// arrives, then hydrates it; the page around it hydrates meanwhile.
const loadBody = () => import('./filter-panel-body.tsx');
const LazyBody = lazy(loadBody);
let serverBody: ComponentType<FilterPanelBodyProps> | null = null;

/**
 * For the server, which waits for this before it renders a listing (listing-loader.server.ts): it
 * then writes the inside in place, never a Suspense fallback with the content streamed apart
 * (which only JavaScript puts in place), so the boxes work before and without JavaScript. (A
 * top-level await here would deadlock: the chunk imports this module's own chunk.)
 */
export async function loadFilterPanelBody(): Promise<void> {
  serverBody ??= (await loadBody()).default;
}

function Body(props: FilterPanelBodyProps) {
  // Only ever the lazy one in the browser: a component that changed type would lose its state.
  const Rendered = (import.meta.env.SSR && serverBody) || LazyBody;
  return <Rendered {...props} />;
}

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

export function FilterPanel(props: FilterPanelProps) {
  const { action, filters, unresolved, count, pending, onSearch } = props;
  const [draft, dispatch] = useDraft(filters);
  const form = useRef<HTMLFormElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(
    () => TEXT_KEYS.some((key) => unresolved[key]) || hasChosenFilter(filters),
  );
  // The visitor may have opened the panel before the page hydrated (React saw no event then).
  useEffect(() => {
    if (details.current?.open) setOpen(true);
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
  // The body sees stable callbacks that call the latest ones.
  const latest = useRef({ send, choose });
  useLayoutEffect(() => {
    latest.current = { send, choose };
  });
  // Made anew only when the listing's answer or a combobox choice changes: until its chunk has
  // arrived, any update that reaches the boundary (the disclosure opening, the count pending)
  // would make React drop the server's HTML of the body, and with it what the visitor typed.
  const body = useMemo(
    () => (
      <Suspense fallback={null}>
        <Body
          idPrefix={bodyId}
          action={action}
          filters={filters}
          draft={draft}
          unresolved={unresolved}
          details={details}
          send={(overrides) => latest.current.send(overrides)}
          choose={(key, option) => latest.current.choose(key, option)}
        />
      </Suspense>
    ),
    [bodyId, action, filters, draft, unresolved],
  );

  return (
    <form
      ref={form}
      method="get"
      action={action}
      role="search"
      aria-label="Jobs"
      // Boxes holding text not applied yet hide "Follow this search" (filter-panel-body.tsx).
      className="rounded-card border-line bg-surface-raised flex flex-col gap-3 border p-4 [&[data-unapplied]+div]:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="keyword-row">
        <label htmlFor={`${bodyId}-q`} className="sr-only">
          Search jobs
        </label>
        <input
          id={`${bodyId}-q`}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.q}
          placeholder="Ex: Company / Roles / Locations"
          className="border-line-strong bg-surface-raised text-fg placeholder:text-subtle rounded-full border px-4 py-2 text-sm"
        />
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </div>
      <div className="text-fg flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <SortSelect
            id={`${bodyId}-sort`}
            sortBy={filters.sortBy}
            searched={filters.q !== ''}
            onChange={() => send()}
          />
        </div>
        <JobCount count={count} atLeast={countIsAtLeast(filters.q, count)} pending={pending} />
      </div>
      {/* A disclosure of the platform: it opens and closes before and without JavaScript. */}
      <details
        ref={details}
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
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
        {body}
      </details>
      {/* The draft's, not the loader's: a choice made while the last one is still loading is kept. */}
      {TEXT_KEYS.map((key) =>
        draft[key] ? <input key={key} type="hidden" name={key} value={draft[key].id} /> : null,
      )}
    </form>
  );
}

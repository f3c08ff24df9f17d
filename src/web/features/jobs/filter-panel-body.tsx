// The inside of the filter panel's Filters disclosure: the role, location and company boxes, the
// experience level, work mode and salary, "did you mean", Apply filters and Clear filters. A chunk of
// its own, loaded after the first paint (filter-panel.tsx): the disclosure is closed on a first
// visit, and the server renders all of it, so the boxes work before and without JavaScript.
import {
  type ComponentType,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { EXPERIENCE_OPTIONS, WORK_MODES, WORK_MODE_LABELS } from '../../../shared/constants.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { CLEAR_FILTERS, clearedSearch } from '../filters/clear-filters.ts';
import type { FilterFieldsProps } from '../filters/filter-fields.tsx';
import { FilterFieldsFallback } from '../filters/filter-fields-fallback.tsx';
import {
  type ListingFilters,
  TEXT_KEYS,
  type TextKey,
  filterSearch,
  hasChosenFilter,
  sortValue,
  textParam,
} from '../filters/filter-state.ts';
import { FIELD_TEXTS } from '../filters/filter-texts.ts';
import type { Unresolved } from './listing-data.ts';
import { primaryButton, secondaryButton } from './listing-states.tsx';

const loadFilterFields = () => import('../filters/filter-fields.tsx');
type Fields = ComponentType<FilterFieldsProps>;

export interface FilterPanelBodyProps {
  idPrefix: string;
  action: string;
  /** The loader's filters. */
  filters: ListingFilters;
  /** The same, with the visitor's combobox choices on top until the next answer. */
  draft: ListingFilters;
  unresolved: Unresolved;
  /** The disclosure this body sits in: opening it loads the comboboxes. */
  details: RefObject<HTMLDetailsElement | null>;
  /** Sends the form (with `overrides` in place of fields); stable across renders. */
  send: (overrides?: Record<string, string | null>) => void;
  /** A combobox's choice; stable across renders. */
  choose: (key: TextKey, option: DropdownOption | null) => void;
}

/** The box the focus goes to after Clear filters: the first text box, plain or combobox. */
const FIRST_BOX = 'input:not([type="hidden"])';

const selectClass =
  'rounded-control border-line-strong bg-surface-raised text-fg border px-2 py-2 text-sm';

/** The six experience levels: few enough for a native select (no combobox code to load). */
function ExperienceLevel(props: { idPrefix: string; filters: ListingFilters }) {
  const chosen = props.filters.experienceLevel?.id ?? '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${props.idPrefix}-level`} className="text-fg text-sm font-medium">
        Experience level
      </label>
      <select
        id={`${props.idPrefix}-level`}
        name="experienceLevel"
        defaultValue={chosen}
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

/**
 * The work-mode filter and the salary-stated box: native controls, plain form fields. Like the
 * experience level, a change is sent by the form's own listener (FilterPanelBody).
 */
function WorkAndPay(props: { idPrefix: string; filters: ListingFilters }) {
  const { idPrefix, filters } = props;
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-work-mode`} className="text-fg text-sm font-medium">
          Work mode
        </label>
        <select
          id={`${idPrefix}-work-mode`}
          name="workMode"
          defaultValue={filters.workMode ?? ''}
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
          type="checkbox"
          name="salaryStated"
          value="true"
          defaultChecked={filters.salaryStated}
          className="size-4"
        />
        Salary stated
      </label>
    </div>
  );
}

/** The controls that act at once: the sort (the panel's own) and this part's three. */
const INSTANT = ['sortBy', 'experienceLevel', 'workMode', 'salaryStated'];

/** Whether a control differs from the state the server's HTML gave it: a change React did not see. */
function moved(control: Element | RadioNodeList | null): boolean {
  if (control instanceof HTMLSelectElement) return !control.selectedOptions[0]?.defaultSelected;
  return control instanceof HTMLInputElement && control.checked !== control.defaultChecked;
}

/** What seekers type in the location box when they mean the remote work mode. */
const REMOTE_WORDS = /^(remote|remotely|work from home|wfh|anywhere|home office)$/i;

/**
 * Where a "did you mean" link for `key` leads: the filters with `changes`, and the text of every
 * other box that named no single choice, so that box keeps its text and its own "did you mean".
 */
function meantHref(
  action: string,
  filters: ListingFilters,
  unresolved: Unresolved,
  key: TextKey,
  changes: Partial<ListingFilters>,
): string {
  const params = new URLSearchParams(filterSearch({ ...filters, ...changes }));
  for (const other of TEXT_KEYS) {
    const text = unresolved[other]?.text;
    if (other !== key && text) params.set(textParam(other), text);
  }
  const search = params.toString();
  return `${action}${search ? `?${search}` : ''}`;
}

/** For each text box that named no single choice: links to the choices it may mean. */
function DidYouMean(props: { action: string; filters: ListingFilters; unresolved: Unresolved }) {
  const { action, filters, unresolved } = props;
  const keys = TEXT_KEYS.filter((key) => unresolved[key]);
  if (keys.length === 0) return null;
  const href = (key: TextKey, changes: Partial<ListingFilters>) =>
    meantHref(action, filters, unresolved, key, changes);
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      {keys.map((key) => {
        const { text, options } = unresolved[key]!;
        const what = FIELD_TEXTS.find((f) => f.key === key)!.label.toLowerCase();
        if (key === 'location' && REMOTE_WORDS.test(text.trim())) {
          // Working from anywhere is the work mode, not a place: offer that filter instead.
          return (
            <p key={key} className="text-fg">
              Remote is a work mode, not a location:{' '}
              <Link
                to={href(key, { workMode: 'remote' })}
                preventScrollReset
                className="text-brand font-medium underline"
              >
                show remote jobs
              </Link>
            </p>
          );
        }
        if (options.length === 0) {
          return (
            <p key={key} className="text-fg">
              No {what} matches “{text}”. Try fewer letters or another spelling.
            </p>
          );
        }
        // Nearest spellings (`near`) are offered when nothing contains the text as typed.
        const lead = options[0]!.near
          ? `No ${what} matches “${text}”. Did you mean`
          : options.length === 1
            ? 'Did you mean'
            : `Several ${key === 'company' ? 'companies' : `${what}s`} match “${text}”. Did you mean`;
        return (
          <div key={key} className="text-fg flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{lead}</span>
            <ul className="contents">
              {options.map((option: DropdownOption) => (
                <li key={option.id}>
                  <Link
                    to={href(key, { [key]: option })}
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

export default function FilterPanelBody(props: FilterPanelBodyProps) {
  const { idPrefix, action, filters, draft, unresolved, details, send, choose } = props;
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
  // The server opens the panel when a filter is chosen (filter-panel.tsx); that alone does not
  // load the comboboxes.
  const [openAtFirst] = useState(
    () => TEXT_KEYS.some((key) => unresolved[key]) || hasChosenFilter(filters),
  );
  // The visitor may have opened the panel, or gone into one of its boxes, before this part
  // hydrated (React saw no event then); later openings come as the disclosure's toggle events.
  useEffect(() => {
    const disclosure = details.current;
    const focused = document.activeElement;
    const opened = disclosure?.open && !openAtFirst;
    if (opened || (focused instanceof HTMLElement && focused.dataset.filterKey)) goLive();
    const onToggle = () => {
      if (disclosure?.open) goLive();
    };
    disclosure?.addEventListener('toggle', onToggle);
    return () => disclosure?.removeEventListener('toggle', onToggle);
  }, [details, openAtFirst]);

  // What the keyword box held when the form was last sent (Enter, Search, an instant control).
  const sentQ = useRef(filters.q);

  // This part's controls are sent by a native listener on the form, which works from this part's
  // hydration on. A change made before it, when React had no handler there, is in the form as
  // the visitor left it: it is sent now, the sort's too.
  useEffect(() => {
    const form = details.current?.closest('form');
    if (!form) return;
    if (INSTANT.some((name) => moved(form.elements.namedItem(name)))) send();
    const noteQ = () => (sentQ.current = (form.elements.namedItem('q') as HTMLInputElement).value);
    const onChange = (event: Event) => {
      const { name } = event.target as HTMLInputElement;
      if (INSTANT.includes(name)) noteQ();
      if (name !== 'sortBy' && INSTANT.includes(name)) send();
    };
    form.addEventListener('change', onChange);
    form.addEventListener('submit', noteQ);
    return () => {
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', noteQ);
    };
    // Once, against the server's HTML; `send` always calls the panel's latest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A navigation (Back, a "did you mean" link, Clear filters) writes the address's values into the
  // form's uncontrolled controls, the panel's keyword box and sort too (here, in the chunk loaded
  // after the first paint: the first visit's JavaScript budget). In place: an element made anew
  // would drop the focus of the visitor using it. The keyword box the visitor is in keeps what
  // they typed since the form was last sent: typing on after Enter is not undone by the answer to
  // that Enter (which, unchanged, shows the server's reading of the words).
  const seen = useRef(filters);
  useLayoutEffect(() => {
    const was = seen.current;
    seen.current = filters;
    const form = details.current?.closest('form');
    if (was === filters || !form) return;
    const c = form.elements as unknown as Record<string, HTMLInputElement>;
    if (c.q !== document.activeElement || c.q!.value === sentQ.current) {
      sentQ.current = c.q!.value = filters.q;
    }
    c.sortBy!.value = sortValue(filters.sortBy, filters.q !== '');
    c.experienceLevel!.value = filters.experienceLevel?.id ?? '';
    c.workMode!.value = filters.workMode ?? '';
    c.salaryStated!.checked = filters.salaryStated;
  }, [details, filters]);

  // Text in the comboboxes that nothing applies yet (searchable-dropdown.tsx): Clear filters takes it
  // away, and "Follow this search" (the page's, after the form) is hidden meanwhile, as it would
  // follow a search other than the one the boxes show.
  const [unapplied, setUnapplied] = useState<Partial<Record<TextKey, string>>>({});
  const noteUnapplied = useCallback((key: TextKey, text: string) => {
    setUnapplied((was) => (was[key] === text ? was : { ...was, [key]: text }));
  }, []);
  const anyUnapplied = Object.values(unapplied).some(Boolean);
  useEffect(() => {
    details.current?.closest('form')?.toggleAttribute('data-unapplied', anyUnapplied);
  }, [details, anyUnapplied]);

  // Clear filters starts the boxes afresh (the answer's own text, if any, is gone with it) and keeps
  // the focus in the panel, on the first box, where the Clear filters link it was on disappears.
  const [cleared, setCleared] = useState<{ count: number; from: Unresolved | null }>({
    count: 0,
    from: null,
  });
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (cleared.count > 0) grid.current?.querySelector<HTMLElement>(FIRST_BOX)?.focus();
  }, [cleared.count]);
  const clearAll = () => {
    setUnapplied({});
    setCleared(({ count }) => ({ count: count + 1, from: unresolved }));
  };

  const typed: Partial<Record<TextKey, string>> = {};
  for (const key of TEXT_KEYS) {
    if (unresolved[key] && cleared.from !== unresolved) typed[key] = unresolved[key].text;
  }

  return (
    <div className="mt-3 flex flex-col gap-3">
      <div
        ref={grid}
        className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4"
        onPointerEnter={goLive}
        onPointerDown={goLive}
        onFocus={(event) => {
          if ((event.target as HTMLElement).dataset.filterKey) goLive();
        }}
      >
        {/* No Suspense here: the server may stream a boundary's content separately, which
            only JavaScript puts in place, and these boxes must work without it. */}
        {Live ? (
          <Live
            key={cleared.count}
            filters={draft}
            onChoose={choose}
            typed={typed}
            onUnapplied={noteUnapplied}
          />
        ) : (
          <FilterFieldsFallback filters={filters} typed={typed} />
        )}
        <ExperienceLevel idPrefix={idPrefix} filters={filters} />
      </div>
      <DidYouMean action={action} filters={filters} unresolved={unresolved} />
      <WorkAndPay idPrefix={idPrefix} filters={filters} />
      <div className="flex flex-wrap items-center gap-3">
        {/* Sends the form as Search does (the panel's own send, with JavaScript): without it, the
            selects and the checkbox apply nothing by themselves, and Search is above the panel. */}
        <button type="submit" className={primaryButton}>
          Apply filters
        </button>
        {/* Text the server could not resolve is in the form too: Clear filters takes it away,
            and keeps the keyword and the sort (clear-filters.ts). */}
        {hasChosenFilter(filters) || Object.keys(typed).length > 0 || anyUnapplied ? (
          <Link
            to={`${action}${clearedSearch(filters)}`}
            preventScrollReset
            className={secondaryButton}
            onClick={clearAll}
          >
            {CLEAR_FILTERS}
          </Link>
        ) : (
          <button type="button" className={secondaryButton} disabled>
            {CLEAR_FILTERS}
          </button>
        )}
        <p role="status" className="sr-only">
          {cleared.count > 0 && !hasChosenFilter(filters) && !anyUnapplied
            ? 'Filters cleared.'
            : ''}
        </p>
      </div>
    </div>
  );
}

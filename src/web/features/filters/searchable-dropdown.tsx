// A filter box (spec §4): type to get suggestions, choose one to set the filter. Headless UI's
// Combobox gives the ARIA combobox pattern (arrows, Enter, Escape, active descendant).
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import type { HandOver } from './hand-over.ts';
import { type FetchOptions, type SuggestionState, useSuggestions } from './use-suggestions.ts';

export interface SearchableDropdownProps {
  label: string;
  placeholder: string;
  /** Shown when a search finds nothing, e.g. "Location not found...". */
  notFoundText: string;
  value: DropdownOption | null;
  onChange: (option: DropdownOption | null) => void;
  fetchOptions?: FetchOptions;
  /** A short fixed list, matched in the browser and shown whole on open. */
  staticOptions?: DropdownOption[];
  /**
   * What the plain box this combobox replaces held (text, focus, caret): taken once, on mount, so
   * that what the visitor typed there carries on here.
   */
  takeOver?: () => HandOver | undefined;
  /**
   * The field's error, when it has one (a form's check): drawn under the box as one of the
   * Field's descriptions, since Headless UI writes the box's aria-describedby from those alone.
   */
  error?: { id: string; text: string };
  /**
   * The form field the box's text is sent as: a form sent with text that names no choice yet
   * has the server resolve it, as it does for the plain box. A hidden field keeps the text,
   * because Headless UI puts the choice's label back in the box when it loses the focus (to the
   * Search button, say).
   */
  name?: string;
  /**
   * Text sent before that named no single choice (the server's "did you mean"): the box shows it,
   * as the plain box does, since it is what the form sends again. A new answer's text replaces it.
   */
  initialText?: string;
  /**
   * The box keeps text that no choice stands for, whatever its suggestions found, as a form's
   * field checked when sent does (the job form's city and role, whose parent sends and checks
   * the text): Headless UI would put an empty choice back over it.
   */
  keepText?: boolean;
  /**
   * Told the text the box holds that no choice or answer stands for ('' when none): the panel
   * enables Clear all and withholds "Follow this search" while a box holds such text.
   */
  onUnapplied?: (text: string) => void;
}

export const LOADING_TEXT = 'Loading..';
/** The spec's prompt in an empty box that has the focus (spec §2's search box texts). */
export const SEARCH_HINT = 'Search...';
/** Under a box left with text that names no choice yet (it is sent only with the form). */
export const NOT_APPLIED_TEXT = 'Not applied yet: choose a suggestion, or press Search.';

/**
 * Sets an input's text as typing would, so React's and Headless UI's change handlers see it.
 * Headless UI keeps the text in the box only while it believes the visitor is typing, which it
 * learns from a key press; without one it puts the (empty) choice's label back.
 */
function typeInto(input: HTMLInputElement, text: string) {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Unidentified', bubbles: true }));
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function statusText(state: SuggestionState, notFoundText: string): string {
  if (state.status === 'loading') return LOADING_TEXT;
  if (state.status === 'error') return state.message;
  if (state.status === 'done' && state.options.length === 0) return notFoundText;
  return '';
}

function announcement(state: SuggestionState): string {
  if (state.status !== 'done' || state.options.length === 0) return '';
  const n = state.options.length;
  return `${n} ${n === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose.`;
}

/**
 * Once the list shows: when it reaches below the visible area (a phone's short screen, a soft
 * keyboard), the box is scrolled up to the top (below the site's header, its scroll margin) so
 * that the list shows. A list that fits moves nothing.
 */
function useListInView(
  box: RefObject<HTMLInputElement | null>,
  list: RefObject<HTMLElement | null>,
  options: unknown,
) {
  useEffect(() => {
    // A frame later: Headless UI shows the list once it has placed it.
    const frame = requestAnimationFrame(() => {
      const shown = list.current;
      if (!shown || !box.current) return;
      const view = window.visualViewport?.height ?? window.innerHeight;
      if (shown.getBoundingClientRect().bottom <= view) return;
      // At once, not smoothly: no motion to spare anyone, and Chromium stops a smooth scroll
      // when the list's own scrolling (its active option) starts.
      box.current.scrollIntoView?.({ block: 'start', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [box, list, options]);
}

export function SearchableDropdown(props: SearchableDropdownProps) {
  const { label, placeholder, notFoundText, value, onChange, fetchOptions, staticOptions } = props;
  const { state, search, reset } = useSuggestions(fetchOptions, staticOptions);
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(false);
  const { takeOver, error, name, initialText = '', keepText = false, onUnapplied } = props;
  const [typed, setTyped] = useState(initialText);
  const [inBox, setInBox] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // Whether the last suggestions found nothing: kept past the list's closing (which empties them).
  const [foundNothing, setFoundNothing] = useState(false);
  const nothing = state.status === 'done' && state.options.length === 0;
  if (state.status !== 'idle' && foundNothing !== nothing) setFoundNothing(nothing);
  // A choice, the visitor's or the server's, takes the place of what was typed.
  if (value && typed !== '') setTyped('');
  // What the form sends, and so what the box shows once the visitor has left it. Headless UI puts
  // `displayValue` back in the box when it closes; a box whose text is not sent shows only a choice.
  const shown = value ? value.label : name || keepText ? typed : '';
  // Text left in the box that no choice, and no answer of the server's, stands for yet. Leaving
  // the box when the suggestions found nothing clears it (spec §4: "blur clears the text"): it
  // could only lead to "no match". Text with suggestions stays, as the form sends it for the
  // server to resolve (Search, Enter, or any choice): the box says it is not applied yet.
  const unapplied = name && !value && typed.trim() !== '' && typed !== initialText ? typed : '';
  useEffect(() => onUnapplied?.(unapplied), [onUnapplied, unapplied]);
  const visibleStatus =
    statusText(state, notFoundText) ||
    (empty ? SEARCH_HINT : '') ||
    (unapplied && !inBox ? NOT_APPLIED_TEXT : '');
  useListInView(input, list, state.options);
  useLayoutEffect(() => {
    const taken = takeOver?.();
    const box = input.current;
    if (!taken || !box) return;
    if (taken.focused) box.focus();
    // A box still showing its text has nothing typed to carry over.
    if (taken.text !== shown) typeInto(box, taken.text);
    if (taken.focused && taken.selection) box.setSelectionRange(...taken.selection);
    // Only the first mount takes over: the plain box is gone after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new answer from the server (a search, "did you mean", Clear all) brings its own text, unless
  // the visitor is in the box: then what they have typed since stands.
  const seed = useRef(initialText);
  useLayoutEffect(() => {
    if (seed.current === initialText) return;
    seed.current = initialText;
    if (input.current?.ownerDocument.activeElement !== input.current) setTyped(initialText);
  }, [initialText]);
  // Headless UI skips putting `displayValue` back while it believes the visitor is typing, which a
  // key press in the closed box (Enter, to send the form) leaves it believing: outside the box,
  // the box is made to show what is sent.
  useLayoutEffect(() => {
    const box = input.current;
    if (box && box.ownerDocument.activeElement !== box && box.value !== shown) box.value = shown;
  }, [shown]);

  return (
    <Field className="relative flex flex-col gap-1">
      {name ? <input type="hidden" name={name} value={shown} /> : null}
      <Label className="text-fg text-sm font-medium">{label}</Label>
      <Combobox
        value={value}
        by="id"
        onChange={(option: DropdownOption | null) => {
          reset();
          // Headless UI reports "no choice" when the box is left, or Escape pressed, with the
          // list open and nothing chosen: with no choice before either, nothing changed, and
          // what was typed stays to be sent (passing it on would send the form without it).
          if (option === null && value === null) return;
          onChange(option);
        }}
        onClose={reset}
        immediate={Boolean(staticOptions)}
      >
        <div className="relative">
          <ComboboxInput
            className="rounded-control border-line-strong bg-surface-raised text-fg placeholder:text-subtle focus:outline-focus aria-invalid:border-danger w-full scroll-mt-24 border py-2 pr-16 pl-3 text-sm focus:outline-2 focus:outline-offset-1"
            ref={input}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            displayValue={() => shown}
            onChange={(event) => {
              // Typing starts a new choice: the old one no longer filters (spec §4).
              if (value) onChange(null);
              setTyped(event.target.value);
              setEmpty(event.target.value === '');
              search(event.target.value);
            }}
            onFocus={(event) => {
              setInBox(true);
              setEmpty(event.target.value === '');
              if (staticOptions) search('');
            }}
            onBlur={() => {
              setInBox(false);
              setEmpty(false);
              if (foundNothing && !value && !keepText) setTyped('');
            }}
            onKeyDown={(event) => {
              const box = event.currentTarget;
              const open = box.getAttribute('aria-expanded') === 'true';
              const active = box.hasAttribute('aria-activedescendant');
              // Enter with no option active sends the form, the text with it, as Search does:
              // Headless UI only closes an open list then (a closed one lets the browser send).
              // Only a box whose text is sent: elsewhere text alone is no answer to send.
              if (event.key === 'Enter' && name && open && !active) {
                setTimeout(() => box.form?.requestSubmit());
              }
              // Escape emptied the list: the arrows bring back the text's suggestions.
              const arrow = event.key === 'ArrowDown' || event.key === 'ArrowUp';
              if (arrow && !open && state.options.length === 0 && box.value.trim() !== '') {
                search(box.value);
              }
            }}
          />
          {value ? (
            <button
              type="button"
              className="text-muted hover:text-fg focus-visible:outline-focus absolute inset-y-0 right-8 my-auto h-7 w-7 rounded focus-visible:outline-2"
              aria-label={`Clear ${label}`}
              // The button goes with the choice: the focus goes to the box, not to the page.
              onClick={() => {
                onChange(null);
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
          {staticOptions ? (
            <ComboboxButton
              className="text-muted absolute inset-y-0 right-1 my-auto h-7 w-7 rounded"
              aria-label={`Show ${label} options`}
            >
              <span aria-hidden="true">▾</span>
            </ComboboxButton>
          ) : null}
          {state.options.length > 0 ? (
            <ComboboxOptions
              ref={list}
              modal={false}
              className="rounded-control border-line bg-surface-raised shadow-raised absolute top-full z-20 mt-1 max-h-[40vh] w-full overflow-y-auto border py-1 empty:invisible"
            >
              {state.options.map((option) => (
                <ComboboxOption
                  key={option.id}
                  value={option}
                  className="text-fg data-focus:bg-brand data-focus:text-on-brand cursor-pointer px-3 py-2 text-sm data-selected:font-semibold"
                >
                  {option.label}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          ) : null}
        </div>
      </Combobox>
      {/* A Description of the Field: Headless UI sets the box's aria-describedby from these. */}
      <Description id={statusId} role="status" className="text-muted min-h-5 text-xs">
        {visibleStatus}
        <span className="sr-only">{announcement(state)}</span>
      </Description>
      {error && (
        <Description id={error.id} className="text-danger text-sm font-medium">
          {error.text}
        </Description>
      )}
    </Field>
  );
}

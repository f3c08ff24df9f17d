// Suggestions for what a visitor types into a filter box (spec §4): debounced, the earlier request
// cancelled when the text changes, nothing sent for empty text.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DropdownOption } from '../../../shared/contract/filters.ts';

export type FetchOptions = (text: string, signal: AbortSignal) => Promise<DropdownOption[]>;

export type SuggestionState =
  | { status: 'idle'; options: DropdownOption[] }
  | { status: 'loading'; options: DropdownOption[] }
  | { status: 'done'; options: DropdownOption[] }
  | { status: 'error'; options: DropdownOption[]; message: string };

export const SUGGESTION_DEBOUNCE_MS = 250;
const idle: SuggestionState = { status: 'idle', options: [] };

function matchLocally(options: readonly DropdownOption[], text: string): DropdownOption[] {
  const needle = text.toLocaleLowerCase();
  return options.filter((o) => o.label.toLocaleLowerCase().includes(needle));
}

/**
 * `search(text)` starts a lookup; `reset()` empties the options. With `staticOptions` the list is
 * matched in the browser and an empty text shows them all (no request is ever sent).
 */
export function useSuggestions(fetchOptions?: FetchOptions, staticOptions?: DropdownOption[]) {
  const [state, setState] = useState<SuggestionState>(idle);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  const run = useCallback(async (text: string, fetcher: FetchOptions) => {
    const own = new AbortController();
    controller.current = own;
    try {
      const options = await fetcher(text, own.signal);
      if (!own.signal.aborted) setState({ status: 'done', options });
    } catch (error) {
      // A newer text's lookup replaced this one (or the box closed): its answer is stale.
      if (own.signal.aborted) return;
      const message = error instanceof Error ? error.message : 'Could not load suggestions.';
      setState({ status: 'error', options: [], message });
    }
  }, []);

  const search = useCallback(
    (raw: string) => {
      cancel();
      const text = raw.trim();
      if (staticOptions) {
        setState({
          status: 'done',
          options: text ? matchLocally(staticOptions, text) : staticOptions,
        });
        return;
      }
      if (!text || !fetchOptions) {
        setState(idle);
        return;
      }
      setState({ status: 'loading', options: [] });
      timer.current = setTimeout(() => void run(text, fetchOptions), SUGGESTION_DEBOUNCE_MS);
    },
    [cancel, fetchOptions, run, staticOptions],
  );

  const reset = useCallback(() => {
    cancel();
    setState(idle);
  }, [cancel]);

  return { state, search, reset };
}

// What a plain filter box held when its combobox replaced it: the text, whether it had the focus
// and where the caret was, so that nothing typed or focused before the combobox loaded is lost.
import type { TextKey } from './filter-state.ts';

export interface HandOver {
  text: string;
  focused: boolean;
  selection: [number, number] | null;
}

const waiting = new Map<TextKey, HandOver>();

/** Called as a plain box leaves the page (still attached: its focus can be read). */
export function handOver(key: TextKey, input: HTMLInputElement): void {
  waiting.set(key, {
    text: input.value,
    focused: input.ownerDocument.activeElement === input,
    selection:
      input.selectionStart === null || input.selectionEnd === null
        ? null
        : [input.selectionStart, input.selectionEnd],
  });
}

/** Taken once by the combobox that replaces the box. */
export function takeHandOver(key: TextKey): HandOver | undefined {
  const found = waiting.get(key);
  waiting.delete(key);
  return found;
}

// Which job the visitor opened last, so its card stays highlighted when they come back to the
// list. Kept for the tab's session; the server always renders no selection.
import { useSyncExternalStore } from 'react';

const KEY = 'openings:selected-job';
const listeners = new Set<() => void>();
let selected: string | null | undefined;

function read(): string | null {
  if (selected === undefined) {
    try {
      selected = sessionStorage.getItem(KEY);
    } catch {
      selected = null;
    }
  }
  return selected;
}

export function selectJob(pageUrl: string): void {
  selected = pageUrl;
  try {
    sessionStorage.setItem(KEY, pageUrl);
  } catch {
    // Storage may be off (private mode); the highlight then lasts only for this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedJob(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

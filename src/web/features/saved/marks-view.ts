// The one part of saved/hidden marks on the first paint: whether a job or company is marked. Before
// the store (marks-store.ts, loaded after the first paint) arrives, the signed-in account's marks
// from the root data answer, so the server's and the first client render agree.
import { useRouteLoaderData } from 'react-router';
import { useEffect, useSyncExternalStore } from 'react';
import type { MarkKind } from '../../../shared/seeker-services.ts';
import type { RootData } from '../../components/seo.ts';

export type MarkCheck = (kind: MarkKind, id: number) => boolean;

let live: MarkCheck | null = null;
const listeners = new Set<() => void>();

/** The store calls this on every change. */
export function publishMarks(check: MarkCheck) {
  live = check;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * What `select` makes of the marks (a string, so equal answers are equal): the component
 * re-renders only when that changes. The listing asks which of its cards are hidden; re-rendering
 * on every change of the marks would reach the cards' save and hide controls while they wait for
 * their chunk, and React would throw away their server HTML and draw them anew (when the store
 * starts, just after hydration, on every page with cards).
 */
export function useMarkSelection(select: (has: MarkCheck) => string): string {
  const account = (useRouteLoaderData('root') as RootData | undefined)?.marks ?? null;
  useEffect(() => {
    void import('./marks-store.ts').then((store) => store.startMarks(account));
  }, [account]);
  const fromAccount: MarkCheck = (kind, id) => account?.[kind].includes(id) ?? false;
  return useSyncExternalStore(
    subscribe,
    () => select(live ?? fromAccount),
    () => select(fromAccount),
  );
}

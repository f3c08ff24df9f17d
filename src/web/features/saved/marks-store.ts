// The marks the page shows: from the browser's storage when signed out, from the account (root
// data) when signed in, where a change is also sent to /saved. At the first signed-in page the
// browser's marks are merged into the account's and storage is cleared. Loaded after the first
// paint; marks-view.ts answers until then.
import { useRouteLoaderData } from 'react-router';
import { useEffect, useSyncExternalStore } from 'react';
import type { MarkKind, Marks } from '../../../shared/seeker-services.ts';
import type { RootData } from '../../components/seo.ts';
import { paths } from '../../lib/paths.ts';
import { type EarlyMark, takeEarlyMarks } from './early-marks.ts';
import { publishMarks } from './marks-view.ts';
import { emptyMarks, hasMarks, mergeMarks, parseMarks, STORAGE_KEY, withMark } from './marks.ts';

export interface MarksView {
  marks: Marks;
  has(kind: MarkKind, id: number): boolean;
}

function view(marks: Marks): MarksView {
  const sets = {
    saved: new Set(marks.saved),
    'hidden-job': new Set(marks['hidden-job']),
    'hidden-company': new Set(marks['hidden-company']),
  };
  return { marks, has: (kind, id) => sets[kind].has(id) };
}

const EMPTY = view(emptyMarks());
const serverViews = new WeakMap<Marks, MarksView>();
let current: { account: Marks | null; view: MarksView } | null = null;
const listeners = new Set<() => void>();

function readStorage(): Marks {
  try {
    return parseMarks(localStorage.getItem(STORAGE_KEY));
  } catch {
    return emptyMarks();
  }
}

function writeStorage(marks: Marks) {
  try {
    if (hasMarks(marks)) localStorage.setItem(STORAGE_KEY, JSON.stringify(marks));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the marks last for this page only.
  }
}

function post(body: Record<string, string>) {
  return fetch(paths.saved, {
    method: 'POST',
    body: new URLSearchParams(body),
    headers: { Accept: 'application/json' },
  });
}

function emit() {
  if (current) publishMarks(current.view.has);
  for (const listener of listeners) listener();
}

/** The account the store was last started for (undefined: not started yet). */
let startedFor: Marks | null | undefined;

/**
 * Starts (or, after a sign-in or sign-out, restarts) the store and tells the page. Every control
 * on the page asks (useMarks): once per account is enough.
 */
export function startMarks(account: Marks | null) {
  if (startedFor === account) return;
  startedFor = account;
  snapshot(account);
  emit();
  // Saves and hides pressed before the page's code ran (early-marks.ts).
  takeEarlyMarks((mark) => {
    if (mark.kind !== 'saved') earlyHides.push({ ...mark, path: location.pathname });
    setMark(mark.kind, mark.id, mark.on);
    for (const listener of earlyListeners) listener();
  });
}

/** Hides pressed before their menu's code ran, applied, with the page they were pressed on. */
let earlyHides: (EarlyMark & { path: string })[] = [];
const earlyListeners = new Set<() => void>();

/**
 * Tells `listener` the last hide matching `mine` pressed on this page before its menu's code ran,
 * now if there is one, then at each later one, each once: a job's page says it, with its undo, as
 * it says a hide pressed on the running menu (DetailHide). Answers the unsubscribe.
 */
export function onEarlyHide(
  mine: (mark: EarlyMark) => boolean,
  listener: (mark: EarlyMark) => void,
): () => void {
  const deliver = () => {
    const here = earlyHides.filter((mark) => mark.path === location.pathname && mine(mark));
    earlyHides = earlyHides.filter((mark) => !here.includes(mark));
    const last = here.at(-1);
    if (last) listener(last);
  };
  earlyListeners.add(deliver);
  deliver();
  return () => void earlyListeners.delete(deliver);
}

function snapshot(account: Marks | null): MarksView {
  if (current && current.account === account) return current.view;
  if (account === null) {
    current = { account, view: view(readStorage()) };
    return current.view;
  }
  const local = readStorage();
  current = { account, view: view(mergeMarks(account, local)) };
  if (hasMarks(local)) {
    // Signed in with marks made while signed out: they join the account's, once.
    merging = new Promise((resolve) => {
      queueMicrotask(() => {
        post({ intent: 'merge', marks: JSON.stringify(local) }).then(
          (res) => {
            if (res.ok) writeStorage(emptyMarks());
            resolve(res.ok);
          },
          () => resolve(false),
        );
      });
    });
  }
  return current.view;
}

let merging: Promise<boolean> = Promise.resolve(false);

/**
 * Whether this browser's marks were just added to the account (the last merge started, once it
 * is done): a page that lists the account's marks from its loader then loads them again. Told
 * once: a later visit's loader already reads the merged marks, so it hears false.
 */
export function whenMerged(): Promise<boolean> {
  const last = merging;
  merging = Promise.resolve(false);
  return last;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Sets or clears a mark now; signed in, the account follows (a failure is undone on screen).
 * `at` puts a mark set again back where it was among the browser's (withMark).
 */
export function setMark(kind: MarkKind, id: number, on: boolean, at?: number) {
  if (!current) return;
  const before = current.view.marks;
  const next = withMark(before, kind, id, on, at);
  current = { account: current.account, view: view(next) };
  emit();
  if (current.account === null) {
    writeStorage(next);
    return;
  }
  void post({ intent: 'mark', kind, id: String(id), on: on ? '1' : '0' })
    .then((res) => {
      if (!res.ok) throw new Error(String(res.status));
    })
    .catch(() => {
      if (!current) return;
      current = {
        account: current.account,
        view: view(withMark(current.view.marks, kind, id, !on)),
      };
      emit();
    });
}

export function useMarks(): MarksView {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const account = root?.marks ?? null;
  // A page whose controls are the first to load the store (a job's page: no hidden-jobs count
  // started it) starts it here, so the presses kept before hydration are applied there too.
  useEffect(() => startMarks(account), [account]);
  return useSyncExternalStore(
    subscribe,
    () => snapshot(account),
    () => {
      if (!account) return EMPTY;
      let v = serverViews.get(account);
      if (!v) serverViews.set(account, (v = view(account)));
      return v;
    },
  );
}

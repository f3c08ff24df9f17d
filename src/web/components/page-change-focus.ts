// After a navigation, the focus goes where a screen reader and the keyboard carry on, as a page
// load would put them at the top: the link that was followed is gone, and the focus would fall
// back to the document, saying nothing.
// - Another page: its h1, or, back on a list, the card of the job the visitor opened (the list
//   marks it `data-selected`; Back restores the scroll that shows it).
// - The same page with another address's query (a "did you mean" link, Previous page, Clear
//   filters): only when the focus was lost, the list's results heading.
// A page that put the focus somewhere itself (a form's error summary, a message it shows, the box
// a filter was chosen in) keeps it. Used by the footer (site-footer-body.tsx), a chunk loaded
// after the first paint: the first visit's JavaScript budget. Because that chunk may mount after
// the visitor's first navigation (a slow machine), the page it compares with is the one the
// document was loaded for (the navigation entry's address), not the one shown when it mounts.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function documentAddress(): { pathname: string; search: string } {
  const [entry] = performance.getEntriesByType('navigation');
  return entry ? new URL(entry.name) : location;
}

const lost = () => !document.activeElement || document.activeElement === document.body;

/** Whether any of the element is inside the window. */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

/** Focuses the element without scrolling (Back keeps the place it left); headings get tabindex. */
function focusOn(target: HTMLElement): HTMLElement {
  if (!(target instanceof HTMLAnchorElement) && !target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.classList.add('outline-none');
  }
  target.focus({ preventScroll: true });
  return target;
}

/** Another page's place for the focus: the job the visitor came back from, or its h1. */
function pageStart(main: HTMLElement): HTMLElement {
  const opened = main.querySelector<HTMLElement>('a[data-selected]');
  if (opened && inView(opened)) return opened;
  return main.querySelector('h1') ?? main;
}

/** The heading of a list's results (the listing, a company's jobs), else the page's start. */
function resultsStart(main: HTMLElement): HTMLElement {
  return main.querySelector<HTMLElement>('#results-heading, #company-jobs') ?? pageStart(main);
}

/** How long a page's heading is followed when it is drawn anew (a job's preview, then the job). */
const FOLLOW_MS = 15_000;

export function usePageChangeFocus() {
  const { pathname, search } = useLocation();
  const shown = useRef<{ pathname: string; search: string } | null>(null);
  // What had the focus last: a query's change moves it only when that is gone (a link followed),
  // never when nothing had it yet (a page that tidies its address as it loads).
  const last = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => (last.current = event.target as Element);
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    // Mounted after a navigation: the visitor may have put the focus somewhere since.
    const late = shown.current === null;
    const before = shown.current ?? documentAddress();
    shown.current = { pathname, search };
    const main = document.getElementById('main');
    if (!main) return;
    if (before.pathname === pathname) {
      const followed = last.current && !last.current.isConnected;
      if (before.search !== search && followed && lost()) focusOn(resultsStart(main));
      return;
    }
    if (main.contains(document.activeElement)) return;
    if (late && !lost()) return;
    let focused = focusOn(pageStart(main));
    // A job opened from its card shows what the card knew, then the whole job: its heading is
    // another element then, and the focus, left on the removed one, falls to the document. It
    // follows to the new heading unless the visitor has put it somewhere.
    const follow = new MutationObserver(() => {
      if (focused.isConnected) return;
      if (lost()) focused = focusOn(pageStart(main));
      else follow.disconnect();
    });
    follow.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => follow.disconnect(), FOLLOW_MS);
    return () => {
      clearTimeout(stop);
      follow.disconnect();
    };
  }, [pathname, search]);
}

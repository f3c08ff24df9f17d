// After a navigation to another page, the focus goes to the new page's heading, as a page load
// would put a screen reader at the top: the link that was followed is gone, and the focus would
// fall back to the document, saying nothing. A page that put the focus somewhere itself (a form's
// error summary, a message it shows) keeps it; a change of the address's query alone (filters,
// sort) is not another page. Used by the footer (site-footer-body.tsx), a chunk loaded after the
// first paint: the first visit's JavaScript budget.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function usePageChangeFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main || main.contains(document.activeElement)) return;
    const heading = main.querySelector('h1');
    if (heading && !heading.hasAttribute('tabindex')) {
      heading.setAttribute('tabindex', '-1');
      heading.classList.add('outline-none');
    }
    // Without scrolling: Back restores the scroll position the visitor left.
    (heading ?? main).focus({ preventScroll: true });
  }, [pathname]);
}

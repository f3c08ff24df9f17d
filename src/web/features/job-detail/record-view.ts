// Counts a view of a job (DESIGN.md §4: one per visitor per job per 24 h, on the server). The job's
// page sends it itself once it runs, so a card opened before the listing hydrated, in a new tab
// or from another site counts too. Fire-and-forget: a failure never stands in the visitor's way.
import { useEffect } from 'react';
import { apiPaths } from '../../../shared/api-paths.ts';

/** The history entries (router location keys) whose view was sent, so a re-render never resends. */
const sent = new Set<string>();

export function recordView(pageUrl: string, entry: string): void {
  const id = `${entry}|${pageUrl}`;
  if (sent.has(id)) return;
  sent.add(id);
  const send = () =>
    fetch(apiPaths.addView, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ pageUrl }),
      keepalive: true,
    });
  // Pages set no cookie (caches share them): a visitor without the view counter's cookie, as its
  // readable mark tells, asks for one first (src/server/modules/views/visitor-cookie.ts). A 401
  // means the mark outlived the cookie; that answer set a new one.
  const ready = document.cookie.includes('has_visitor=1')
    ? Promise.resolve()
    : fetch(apiPaths.visitor, { method: 'POST', credentials: 'same-origin' }).then(() => undefined);
  ready
    .then(send)
    .then((res) => (res.status === 401 ? send() : res))
    .catch(() => undefined);
}

/**
 * One view per visit of a job's page: after hydration, or after a navigation inside the app to a
 * new history entry; Back to the same entry, or the page re-rendering, sends nothing more.
 */
export function useRecordView(pageUrl: string | null, entry: string): void {
  useEffect(() => {
    if (pageUrl) recordView(pageUrl, entry);
  }, [pageUrl, entry]);
}

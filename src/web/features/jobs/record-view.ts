// Counts a view when a card is opened. Fire-and-forget: `keepalive` lets the request finish
// even if the page moves on, and a failure never stands in the visitor's way.
import { apiPaths } from '../../../shared/api-paths.ts';

export function recordView(pageUrl: string): void {
  // The API client loads on the first click, keeping it out of the home page's first download.
  import('../../lib/api.ts')
    .then(({ apiPost }) => apiPost(apiPaths.addView, { pageUrl }, { keepalive: true }))
    .catch(() => undefined);
}

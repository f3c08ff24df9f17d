// Counts a view when a card is opened. Fire-and-forget: `keepalive` lets the request finish
// even if the page moves on, and a failure never stands in the visitor's way.
import { apiPaths } from '../../../shared/api-paths.ts';
import { apiPost } from '../../lib/api.ts';

export function recordView(pageUrl: string): void {
  apiPost(apiPaths.addView, { pageUrl }, { keepalive: true }).catch(() => undefined);
}

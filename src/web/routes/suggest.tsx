// Resource routes: /suggest/roles, /suggest/locations and /suggest/companies?name=… — the filter
// boxes' suggestions as JSON (features/filters/suggest.server.ts).
import { suggestionAnswer } from '../features/filters/suggest.server.ts';
import type { Route } from './+types/suggest';

export function loader({ request, context }: Route.LoaderArgs) {
  return suggestionAnswer(request, context.services.filters);
}

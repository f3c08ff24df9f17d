// TODO(foundation): suggestion queries for locations, roles, companies; experience levels.
import type { FiltersService } from '../../../shared/services.ts';
import type { Db } from '../../db/client.ts';

export function createFiltersService(_db: Db): FiltersService {
  const notYet = () => Promise.reject(new Error('filters service not implemented yet'));
  return {
    locations: notYet,
    roles: notYet,
    experienceLevels: notYet,
    companies: notYet,
    labels: notYet,
  };
}

// TODO(foundation): listing with keyset paging and counts, detail by pageUrl, sitemap slugs.
import type { JobsService } from '../../../shared/services.ts';
import type { Db } from '../../db/client.ts';

export function createJobsService(_db: Db): JobsService {
  const notYet = () => Promise.reject(new Error('jobs service not implemented yet'));
  return {
    list: notYet,
    get: notYet,
    async *activeSlugs() {
      yield [];
    },
  };
}

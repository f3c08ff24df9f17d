// The server's services, built once per app over one database.
import type { AppLoadContext } from '../shared/services.ts';
import type { Db } from './db/client.ts';
import {
  type AppDetailsWriter,
  createAppDetailsService,
} from './modules/app-details/app-details.service.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createFiltersService } from './modules/filters/filters.service.ts';
import { createJobsService, type JobsServiceImpl } from './modules/jobs/jobs.service.ts';
import { createViewsService, type ViewsService } from './modules/views/views.service.ts';
import type { DatabaseState } from './reliability/database-state.ts';

export type Services = AppLoadContext['services'] & {
  /** With refreshCounts, which the counts-refresh task calls (modules/tasks/tasks.ts). */
  jobs: JobsServiceImpl;
  appDetails: AppDetailsWriter;
  views: ViewsService;
  /** Stops the view flusher after a last flush, before the database closes. */
  close(): Promise<void>;
};

export interface ServicesOptions {
  /**
   * Where read-only queries go (a replica, db/client.ts). Writes, and reads that must see their
   * own write (the view counter, the admin endpoint's maintenance status), use `db`.
   */
  readDb?: Db;
  /** How often the large-result counts are recomputed, once across all servers. */
  countsMaxAgeMs?: number;
  /** Hears of the view flusher's failures and successes (database outages, for the log). */
  databaseState?: DatabaseState;
}

export function createServices(db: Db, options: ServicesOptions = {}): Services {
  const readDb = options.readDb ?? db;
  const views = createViewsService(db, {
    onFlushError: (err) => options.databaseState?.failed(err, 'view flush', { logOthers: true }),
    onFlushOk: () => options.databaseState?.ok(),
  });
  return {
    jobs: createJobsService(db, { readDb, countsMaxAgeMs: options.countsMaxAgeMs }),
    companies: createCompaniesService(readDb),
    filters: createFiltersService(readDb),
    appDetails: createAppDetailsService(db, readDb),
    views,
    close: () => views.close(),
  };
}

// The server's services, built once per app over one database.
import type { AppLoadContext } from '../shared/services.ts';
import type { Db } from './db/client.ts';
import {
  type AppDetailsWriter,
  createAppDetailsService,
} from './modules/app-details/app-details.service.ts';
import { createFiltersService } from './modules/filters/filters.service.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createViewsService, type ViewsService } from './modules/views/views.service.ts';

export type Services = AppLoadContext['services'] & {
  appDetails: AppDetailsWriter;
  views: ViewsService;
  /** Flushes buffered work (views) before the database closes. */
  close(): Promise<void>;
};

export function createServices(db: Db): Services {
  const views = createViewsService(db);
  return {
    jobs: createJobsService(db),
    filters: createFiltersService(db),
    appDetails: createAppDetailsService(db),
    views,
    close: () => views.close(),
  };
}

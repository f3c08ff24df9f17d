// TODO(foundation): the view counter (visitor cookie, 24 h rule, buffered flush).
import type { Db } from '../../db/client.ts';

export interface ViewsService {
  /** Records a view of the job by the visitor; true when it counted. */
  record(pageUrl: string, visitorId: string): Promise<boolean>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createViewsService(_db: Db): ViewsService {
  return {
    record: () => Promise.reject(new Error('views service not implemented yet')),
    flush: async () => {},
    close: async () => {},
  };
}

// React Router's load context is the server's read services, typed by the shared contract.
import type { AppLoadContext as SharedLoadContext } from '../shared/services.ts';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends SharedLoadContext {}
}

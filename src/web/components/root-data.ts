// The root loader's data (app details, public origin) for any component below the root.
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './seo.ts';

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

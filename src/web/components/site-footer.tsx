// The site footer, a chunk of its own loaded after the first paint (the first visit's JavaScript
// budget): below the fold, links and text only. In the browser its Suspense boundary keeps the
// server's HTML until the chunk arrives, then hydrates it; the page above hydrates meanwhile.
import { type ComponentType, lazy, Suspense } from 'react';
import type { AppDetails } from '../../shared/contract/app-details.ts';

type Props = { details: AppDetails };

const loadBody = () => import('./site-footer-body.tsx');
const LazyBody = lazy(loadBody);
let serverBody: ComponentType<Props> | null = null;

/**
 * For the server, which waits for this before it renders a page (the root loader): it then writes
 * the footer in place, never a Suspense fallback with the content streamed apart (which only
 * JavaScript puts in place), so it shows without JavaScript.
 */
export async function loadSiteFooter(): Promise<void> {
  serverBody ??= (await loadBody()).default;
}

export function SiteFooter(props: Props) {
  // Only ever the lazy one in the browser: a component that changed type would lose its state.
  const Body = (import.meta.env.SSR && serverBody) || LazyBody;
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}

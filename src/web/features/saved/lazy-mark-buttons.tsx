// The job page's save and hide controls load after the first paint (the first visit's JavaScript
// budget): the server renders them in full, and they come alive when their chunk arrives. A card's
// are in lazy-card-actions.tsx, apart, so the listing's first visit carries only its own.
import { lazy, type ReactNode, Suspense } from 'react';
import type { JobSummary } from '../../../shared/contract/jobs.ts';

const buttons = () => import('./mark-buttons.tsx');
const LazyDetail = lazy(() => buttons().then((m) => ({ default: m.DetailActions })));
const LazyDetailHide = lazy(() => buttons().then((m) => ({ default: m.DetailHide })));

type OfJob = { job: JobSummary };

export function DetailHide(props: OfJob) {
  return (
    <Suspense fallback={null}>
      <LazyDetailHide {...props} />
    </Suspense>
  );
}

export function DetailActions(props: OfJob & { children?: ReactNode }) {
  return (
    <Suspense fallback={props.children}>
      <LazyDetail {...props} />
    </Suspense>
  );
}

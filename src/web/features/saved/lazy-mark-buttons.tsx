// The job page's save and hide controls load after the first paint (the first visit's JavaScript
// budget): the server renders them in full, and they come alive when their chunk arrives. A card's
// are in lazy-card-actions.tsx, apart, so the listing's first visit carries only its own.
import { lazy, type ReactNode, Suspense } from 'react';

const buttons = () => import('./mark-buttons.tsx');
const LazyDetail = lazy(() => buttons().then((m) => ({ default: m.DetailActions })));
const LazyDetailHide = lazy(() => buttons().then((m) => ({ default: m.DetailHide })));

type JobRef = { jobId: number; companyId: number; title: string; companyName: string };

export function DetailHide(props: JobRef) {
  return (
    <Suspense fallback={null}>
      <LazyDetailHide {...props} />
    </Suspense>
  );
}

export function DetailActions(props: JobRef & { children?: ReactNode }) {
  return (
    <Suspense fallback={props.children}>
      <LazyDetail {...props} />
    </Suspense>
  );
}

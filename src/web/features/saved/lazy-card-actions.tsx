// A card's save and hide controls load after the first paint (the first visit's JavaScript
// budget): the server renders them in full, and they come alive when their chunk arrives.
import { lazy, Suspense } from 'react';
import type { JobSummary } from '../../../shared/contract/jobs.ts';

const LazyCard = lazy(() => import('./mark-buttons.tsx').then((m) => ({ default: m.CardActions })));

export function CardActions(props: { job: JobSummary }) {
  return (
    <Suspense fallback={null}>
      <LazyCard {...props} />
    </Suspense>
  );
}

// "Follow this search" loads after the first paint (the first visit's JavaScript budget); the
// server renders it in full and, being a <details>, it opens without JavaScript meanwhile.
import { lazy, Suspense } from 'react';

const Menu = lazy(() => import('./follow-menu.tsx').then((m) => ({ default: m.FollowMenu })));

export function FollowMenu(props: { search: string; label?: string }) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

// Stands in for a JobCard while a new first page loads; same box, so nothing shifts.
import { CARD_CLASS } from './job-card.tsx';

const bar = 'skeleton';

export function JobCardSkeleton() {
  return (
    <li aria-hidden="true">
      <div className={`${CARD_CLASS} border-line bg-surface-raised`}>
        <div className="flex items-start gap-3">
          <div className="rounded-control bg-surface-sunken h-12 w-12 shrink-0" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className={`h-4 w-3/4 ${bar}`} />
            <div className={`h-3 w-1/2 ${bar}`} />
          </div>
        </div>
        <div className="flex gap-2">
          <div className={`h-6 w-16 ${bar}`} />
          <div className={`h-6 w-20 ${bar}`} />
        </div>
        <div className={`mt-auto h-4 w-1/2 ${bar}`} />
        <div className={`h-3 w-1/4 ${bar}`} />
      </div>
    </li>
  );
}

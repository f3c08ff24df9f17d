// Stands in for the job while it loads: the header, the details block and a few paragraphs.
import { Skeleton } from '../../components/skeleton.tsx';

export function JobBodySkeleton() {
  return (
    <div aria-hidden="true" className="mt-8 space-y-6">
      <Skeleton className="h-40 w-full" />
      <div className="space-y-3">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
      <div className="space-y-3">
        <Skeleton className="h-6 w-1/4" />
        <Skeleton className="h-4 w-10/12" />
        <Skeleton className="h-4 w-9/12" />
      </div>
    </div>
  );
}

export function JobDetailSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading job details…</span>
      <div aria-hidden="true" className="flex items-center gap-4">
        <Skeleton className="size-14 shrink-0" />
        <div className="w-full space-y-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      </div>
      <Skeleton className="mt-6 h-8 w-3/4" />
      <JobBodySkeleton />
    </div>
  );
}

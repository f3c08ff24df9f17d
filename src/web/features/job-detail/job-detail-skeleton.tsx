// Stands in for the job while it loads: the header, the details block and a few paragraphs.
const bar = 'animate-pulse rounded-3xl bg-slate-200 dark:bg-slate-700';

export function JobBodySkeleton() {
  return (
    <div aria-hidden="true" className="mt-8 space-y-6">
      <div className={`${bar} h-40 w-full`} />
      <div className="space-y-3">
        <div className={`${bar} h-6 w-1/3`} />
        <div className={`${bar} h-4 w-full`} />
        <div className={`${bar} h-4 w-11/12`} />
        <div className={`${bar} h-4 w-4/5`} />
      </div>
      <div className="space-y-3">
        <div className={`${bar} h-6 w-1/4`} />
        <div className={`${bar} h-4 w-10/12`} />
        <div className={`${bar} h-4 w-9/12`} />
      </div>
    </div>
  );
}

export function JobDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading job details…</span>
      <div aria-hidden="true" className="flex items-center gap-4">
        <div className={`${bar} size-14 shrink-0`} />
        <div className="w-full space-y-2">
          <div className={`${bar} h-4 w-1/3`} />
          <div className={`${bar} h-3 w-1/4`} />
        </div>
      </div>
      <div aria-hidden="true" className={`${bar} mt-6 h-8 w-3/4`} />
      <JobBodySkeleton />
    </div>
  );
}

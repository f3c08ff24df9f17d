// What shows under the grid: Browse more, the end of the list, no results, and failures.
import { forwardRef } from 'react';
import { Spinner } from './spinner.tsx';

export const END_OF_LIST = 'You are reached end of the jobs list...';
export const NO_JOBS = 'No jobs found for these filters.';

const button =
  'inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
export const primaryButton = `${button} bg-indigo-700 text-white hover:bg-indigo-800 dark:bg-indigo-500 dark:text-slate-950 dark:hover:bg-indigo-400`;
export const secondaryButton = `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

export const BrowseMore = forwardRef<HTMLButtonElement, { loading: boolean; onClick: () => void }>(
  function BrowseMore({ loading, onClick }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        className={`${primaryButton} min-h-11`}
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) onClick();
        }}
      >
        {loading ? (
          <>
            <Spinner size={20} />
            Loading...
          </>
        ) : (
          'Browse more jobs'
        )}
      </button>
    );
  },
);

export function EndOfList() {
  return <p className="text-center text-sm text-slate-600 dark:text-slate-300">{END_OF_LIST}</p>;
}

export function NoJobs(props: { canClear: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-600">
      <p className="text-base font-medium text-slate-900 dark:text-slate-100">{NO_JOBS}</p>
      {props.canClear ? (
        <button type="button" className={secondaryButton} onClick={props.onClear}>
          Clear all filters
        </button>
      ) : null}
    </div>
  );
}

export function LoadError(props: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-center text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p>{props.message}</p>
      <button type="button" className={secondaryButton} onClick={props.onRetry}>
        Try again
      </button>
    </div>
  );
}

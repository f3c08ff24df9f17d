// Hidden jobs and companies leave the listing's loaded cards, with an "N hidden — show" toggle.
import { useState } from 'react';
import type { JobSummary } from '../../../shared/contract/jobs.ts';
import { useMarkSelection } from './marks-view.ts';

export function useHiddenJobs(jobs: JobSummary[]) {
  // The hidden ones' ids, one string: the listing re-renders when they change, not on every mark.
  const hiddenIds = useMarkSelection((has) =>
    jobs
      .filter(
        (job) =>
          has('hidden-job', Number(job._id)) || has('hidden-company', Number(job.company._id)),
      )
      .map((job) => job._id)
      .join(' '),
  );
  const [showHidden, setShowHidden] = useState(false);
  const hidden = new Set(hiddenIds ? hiddenIds.split(' ') : []);
  const visible = showHidden ? jobs : jobs.filter((job) => !hidden.has(job._id));
  return {
    visible,
    hiddenCount: hidden.size,
    showHidden,
    toggle: () => setShowHidden((v) => !v),
  };
}

export function HiddenToggle(props: { count: number; showing: boolean; onToggle: () => void }) {
  if (props.count === 0) return null;
  return (
    <p className="text-muted flex items-center gap-2 text-sm">
      {props.count} hidden —
      <button
        type="button"
        onClick={props.onToggle}
        aria-pressed={props.showing}
        className="text-brand min-h-11 underline"
      >
        {props.showing ? 'hide them' : 'show'}
      </button>
    </p>
  );
}

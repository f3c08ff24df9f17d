// What a suspension means for a company's members and whom to ask about it: on the dashboard, and
// on the job form pages in place of the form (a suspended company can post and edit nothing).
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-classes.ts';
import { paths } from '../../lib/paths.ts';
import { Notice } from './notice.tsx';

export function SuspendedNotice({
  companyName,
  draftKept = false,
  onDashboard = false,
}: {
  companyName: string;
  /** A submit was refused: what was typed is kept as a draft, and the notice takes the focus. */
  draftKept?: boolean;
  /** Shown on the dashboard itself: no way back to it. */
  onDashboard?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (draftKept) box.current?.focus();
  }, [draftKept]);
  return (
    // Focusable by script only: a refused submit opens on why.
    <div ref={box} tabIndex={-1} className="outline-none">
      <Notice
        id="suspended-title"
        tone="danger"
        title={`${companyName} is suspended`}
        data-suspended-notice
      >
        <p className="mt-1">
          Our team has suspended this company: its company page and all its jobs are hidden from the
          board, and no job can be posted, edited or reposted until the suspension is lifted. You
          can still preview and close its jobs{onDashboard ? '' : ' from your dashboard'}.
        </p>
        {draftKept && (
          <p className="mt-1 font-medium" data-draft-kept>
            Your job was not submitted. What you typed is kept as a draft on your dashboard.
          </p>
        )}
        <p className="mt-1">
          To learn why or to ask us to lift it,{' '}
          <Link to={paths.contact} className="underline">
            contact us
          </Link>
          .
        </p>
        {!onDashboard && (
          <p className="mt-4">
            <Link to={paths.employer} className={buttonClasses('secondary', 'sm')}>
              Back to your jobs
            </Link>
          </p>
        )}
      </Notice>
    </div>
  );
}

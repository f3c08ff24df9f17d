// The oh-dear page for a job that does not exist (spec §2 Job detail page, not-found).
import { ButtonLink } from '../../components/button.tsx';
import { StatusPanel } from '../../components/status-panel.tsx';
import { statusIcons } from '../../components/status-icons.ts';
import { paths } from '../../lib/paths.ts';

export function JobNotFound() {
  return (
    <StatusPanel
      icon={statusIcons.search}
      eyebrow="404 · Job not found"
      title="Oh dear!"
      actions={
        <ButtonLink to={paths.home} size="lg">
          Search jobs
        </ButtonLink>
      }
    >
      <p>This job is no longer available.</p>
      <p>Why not search other jobs? New openings arrive every day.</p>
    </StatusPanel>
  );
}

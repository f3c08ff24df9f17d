// Where an operator whose Reject was refused because the job went live meanwhile can still take it
// down: its Unpublish in the console's "Any job" list, which asks first, as every take-down does.
import type { ModerationService } from '../../../shared/operator-services.ts';
import { paths } from '../../lib/paths.ts';
import type { Offer } from './action-forms.tsx';

/** The link to job `jobId`'s Unpublish when it is live, else undefined. */
export async function unpublishOffer(
  moderation: ModerationService,
  jobId: number,
): Promise<Offer | undefined> {
  const view = jobId ? await moderation.jobView(jobId) : null;
  if (view?.status !== 'live') return undefined;
  // The console finds it by its slug, and `#` is the key of its Unpublish form (admin.tsx), which
  // takes the focus there.
  const search = new URLSearchParams({ q: view.job.pageUrl });
  return {
    href: `${paths.admin}?${search}#jobs-unpublish-${jobId}`,
    label: `Unpublish “${view.job.title}” under “Any job”`,
  };
}

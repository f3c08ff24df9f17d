// What an employer is told of a job that is off the board while its company has not closed it
// (jobs.hidden_reason): the dashboard and the job's edit page use these words, so the two pages
// never call the same job two things.

/** The hidden reason of a suspended company's jobs (moderation.service.ts SUSPENDED_REASON). */
const SUSPENDED = 'company suspended';
/**
 * The hidden reason of a job that visitors' scam reports hid (reports.service.ts, SCAM_REASON):
 * hidden by the reports themselves, until our team has looked at them.
 */
const REPORTED = 'reported as a scam';

/** A hidden job's name for its state, and why no visitor sees it (null: the name says it all). */
export function hiddenWords(reason: string): { label: string; why: string | null } {
  if (reason === SUSPENDED) return { label: 'Hidden while the company is suspended', why: null };
  if (reason === REPORTED)
    return {
      label: 'Hidden after reports',
      why: 'visitors reported it as a scam. No visitor sees it until our team has checked the reports.',
    };
  return { label: 'Hidden by our team', why: `${reason}. No visitor sees it.` };
}

/** The dashboard's sentence on a hidden job: its name for the state, then why. */
export function hiddenNote(reason: string): string {
  const { label, why } = hiddenWords(reason);
  return why === null ? `${label}.` : `${label}: ${why}`;
}

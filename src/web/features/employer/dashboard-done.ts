// The employer dashboard's word on what was just done, read from its address after the redirect
// that answers a done action (`?done=closed&item=12`). The address names only the action and the
// job; the words are these, and the only value shown is the job's own (its apply link's answer),
// so an address cannot put words of its own on the page.
import type { EmployerJobRow } from '../../../shared/employer-services.ts';

/** The done actions whose word needs nothing but the action. */
const DONE: Record<string, string> = {
  live: 'Your job is live.',
  in_review: 'Your job was sent for review; it goes live once our team has checked it.',
  // A live job of an unverified company whose words or apply link changed (employer-jobs.service.ts).
  'changes-in_review':
    'Your changes were sent for review, as your company is not verified yet: the job is off the board until our team has approved them, then it shows again.',
  // An edit of a job hidden after reports, whatever the company's verification.
  'changes-in_review-hidden':
    'Your changes were held for our review, as the job is hidden after reports: no visitor sees the job until our team has checked the reports and your changes.',
  // A duplicate or repost of a job hidden after reports or removed by our team
  // (employer-jobs.service.ts heldCopyReason), whatever the company's verification.
  'in_review-copy-hidden':
    'Your job was held for our review, as the job it copies was hidden after reports: it goes live once our team has checked it.',
  'in_review-copy-removed':
    'Your job was held for our review, as the job it copies was removed by our team: it goes live once our team has checked it.',
  closed: 'Job closed.',
  // An edit saved on a closed job, which stays closed (employer-jobs.service.ts submit).
  'changes-closed': 'Changes saved. The job stays closed; Repost it to list it again.',
  discarded: 'Draft discarded.',
  'link-works': 'The apply link works again: reopen the job when you are ready.',
  'reopened-live': 'Job reopened: it is live again.',
  'reopened-in_review': 'Job reopened: it goes live once our team has checked it.',
  'join-requested': 'Request sent: an owner of the company will answer it.',
};

/** The address a done action leaves: the dashboard's own `search` (its filter), what, and which. */
export function doneSearch(search: string, done: string, item: number): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['status', 'join']) {
    const value = from.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  kept.set('done', done);
  kept.set('item', String(item));
  return `?${kept}`;
}

/** The dashboard's `search` without the word on the last action: where its forms post. */
export function withoutDone(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('done');
  params.delete('item');
  return params.size ? `?${params}` : '';
}

/** The sentence for `done` (about the job or draft `item`), or null when it names nothing. */
export function doneMessage(
  done: string | null,
  item: number | null,
  jobs: EmployerJobRow[],
): string | null {
  if (done === 'link-fails') {
    const result = jobs.find((job) => job.kind === 'job' && job.id === item)?.applyLinkResult;
    return (
      `The apply link still does not work${result ? ` (the last answer: ${result})` : ''}. ` +
      'Correct it with Edit, then reopen the job.'
    );
  }
  return done !== null && Object.hasOwn(DONE, done) ? DONE[done]! : null;
}

// The console's word on its last action, as a sentence naming what was done and to which job or
// company. The address carries only the action and the ids (`?done=approve&item=12`); the names
// are read here, so an address cannot put words of its own on the page, and the sentence is said
// only while the audit log's latest entry for that job, company or site is that action by this
// operator, so an address cannot claim an action that was not made (or was undone since).
import type { ModerationService, OperatorActor } from '../../../shared/operator-services.ts';

/** What a job action did, given how the job is named (“Title” (Company)). */
const JOB_DONE: Record<string, (job: string) => string> = {
  approve: (job) => `Approved ${job}.`,
  reject: (job) => `Rejected ${job}; the employer was e-mailed the reason.`,
  restore: (job) => `Restored ${job} and dismissed its reports.`,
  'unpublish-reported': (job) => `Unpublished ${job} and closed its reports.`,
  'dismiss-reports': (job) => `Dismissed the reports on ${job}; the job stays off the board.`,
  unpublish: (job) => `Unpublished ${job}.`,
};

/** What a company action did, given the company's name. */
const COMPANY_DONE: Record<string, (company: string) => string> = {
  verify: (company) => `Verified ${company}.`,
  unverify: (company) => `${company} is no longer verified.`,
  suspend: (company) => `Suspended ${company}: its page and jobs left the board.`,
  unsuspend: (company) => `Unsuspended ${company}: its page and jobs are back on the board.`,
};

const SITE_DONE: Record<string, string> = {
  'maintenance-on': 'Maintenance is on: visitors get the maintenance page.',
  'maintenance-off': 'Maintenance is off: the site is open again.',
};

/** What a cancelled question left undone (questions.server.ts asks these). */
const CANCELLED: Record<string, string> = {
  unpublish: 'the job was not unpublished',
  'unpublish-reported': 'the job was not unpublished',
  suspend: 'the company was not suspended',
  merge: 'the companies were not merged',
  'maintenance-on': 'maintenance stays off',
};

/** A table's own entry for a key from an address (never an inherited `constructor` or the like). */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The sentence for a cancelled question, or null for an unknown action. */
export function cancelledMessage(intent: string | null): string | null {
  const undone = intent ? own(CANCELLED, intent) : undefined;
  return undone ? `Cancelled: ${undone}. Nothing was changed.` : null;
}

/** The address a done action leaves: the action and the ids of its job or companies. */
export function doneParams(
  intent: string,
  ids: { jobId: number; companyId: number; intoId: number },
): Record<string, string> {
  if (Object.hasOwn(JOB_DONE, intent)) return { done: intent, item: String(ids.jobId) };
  if (Object.hasOwn(COMPANY_DONE, intent)) return { done: intent, item: String(ids.companyId) };
  if (intent === 'merge') {
    return { done: intent, item: String(ids.companyId), into: String(ids.intoId) };
  }
  return { done: intent };
}

const idOf = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);

/** The audit action each done action leaves (moderation.service.ts), by its target. */
const AUDITED: Record<string, { type: 'job' | 'company' | 'site'; action: string }> = {
  approve: { type: 'job', action: 'job.approve' },
  reject: { type: 'job', action: 'job.reject' },
  unpublish: { type: 'job', action: 'job.unpublish' },
  restore: { type: 'job', action: 'reports.restore' },
  'unpublish-reported': { type: 'job', action: 'reports.unpublish' },
  'dismiss-reports': { type: 'job', action: 'reports.dismiss' },
  verify: { type: 'company', action: 'company.verify' },
  unverify: { type: 'company', action: 'company.unverify' },
  suspend: { type: 'company', action: 'company.suspend' },
  unsuspend: { type: 'company', action: 'company.unsuspend' },
  merge: { type: 'company', action: 'company.merge' },
  'maintenance-on': { type: 'site', action: 'maintenance.on' },
  'maintenance-off': { type: 'site', action: 'maintenance.off' },
};

/** Whether `actor`'s latest entry in the audit log for the address's target is its action. */
async function madeByActor(
  moderation: ModerationService,
  actor: OperatorActor,
  intent: string,
  item: number,
) {
  const audited = own(AUDITED, intent);
  if (!audited) return false;
  const id = audited.type === 'site' ? 'maintenance' : item;
  if (id === 0) return false;
  return moderation.lastMadeBy(actor, { type: audited.type, id }, audited.action);
}

/** “Title” (Company), or “the job” when it is gone. */
async function jobName(moderation: ModerationService, id: number) {
  // The unpublish question as asked from the reports list names any job, whatever its status.
  const job = id ? await moderation.unpublishPreview(id, true) : null;
  return job?.ok ? `“${job.title}” (${job.companyName})` : 'the job';
}

/** The company's name and number, or “the company” when it is gone. */
async function companyName(moderation: ModerationService, id: number) {
  if (!id) return 'the company';
  const found = (await moderation.companies(String(id))).find((c) => c.id === id);
  return found ? `${found.companyName} #${id}` : `company #${id}`;
}

/** The sentence for the done action the address names, or null when it names none. */
export async function doneMessage(
  moderation: ModerationService,
  actor: OperatorActor,
  params: URLSearchParams,
): Promise<string | null> {
  const intent = params.get('done') ?? '';
  const item = idOf(params.get('item'));
  if (!(await madeByActor(moderation, actor, intent, item))) return null;
  const job = own(JOB_DONE, intent);
  if (intent === 'approve' && item) {
    // Approved while its company is suspended: live, but hidden with the company's other jobs.
    const view = await moderation.jobView(item);
    if (view?.hiddenReason === 'company suspended') {
      return `Approved ${await jobName(moderation, item)}; its company is suspended, so it shows on the board once the company is unsuspended.`;
    }
  }
  if (job) return job(await jobName(moderation, item));
  const company = own(COMPANY_DONE, intent);
  if (company) return company(await companyName(moderation, item));
  if (intent === 'merge') {
    const [from, into] = await Promise.all([
      companyName(moderation, item),
      companyName(moderation, idOf(params.get('into'))),
    ]);
    return `Merged ${from} into ${into}.`;
  }
  return own(SITE_DONE, intent) ?? null;
}

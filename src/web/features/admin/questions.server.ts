// The console's one-press actions that take something down (a merge, an unpublish, a suspension,
// maintenance on) are asked first: the first post answers a question saying exactly what would
// happen, and only its confirm button (the same post with confirm=yes) does it.
import type { ModerationService } from '../../../shared/operator-services.ts';
import type { Asked } from './action-forms.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What was asked holds already (a second press, a second tab, another operator first): nothing
 * to ask or do, and the console says it is done, as after the first press.
 */
export const HOLDS = { ok: true, holds: true } as const;

/** The company as the console lists it, or undefined when it is gone. */
async function companyRow(moderation: ModerationService, id: number) {
  return id ? (await moderation.companies(String(id))).find((c) => c.id === id) : undefined;
}

/** The ids an action was posted with (0 when missing or malformed). */
export interface PostedIds {
  jobId: number;
  companyId: number;
  intoId: number;
}

/**
 * The question `intent` asks before it is done, HOLDS when it is done already, or a refusal when
 * the service already knows it cannot be done; undefined for the actions done on the first press
 * (approve, restore, verify, unsuspend, maintenance off, reject with its typed reason), and for a
 * merge or suspension found done already: the service then says, under its lock, whether this
 * operator did it (done) or another one (refused, saying so), which only it can tell.
 */
export async function askFirst(
  moderation: ModerationService,
  intent: string,
  { jobId, companyId, intoId }: PostedIds,
): Promise<
  { ok: true; question: Asked } | typeof HOLDS | { ok: false; message: string } | undefined
> {
  switch (intent) {
    case 'merge': {
      const merge = await moderation.mergePreview(companyId, intoId);
      if (!merge.ok) {
        return (await companyRow(moderation, companyId))?.mergedIntoId === intoId
          ? undefined
          : merge;
      }
      const { fromName, intoName, jobs, members } = merge;
      return {
        ok: true,
        question: {
          intent,
          fields: { companyId: String(companyId), intoId: String(intoId) },
          summary: `Merge ${fromName} into ${intoName}?`,
          text:
            `Merge ${fromName} #${companyId} into ${intoName} #${intoId}? ` +
            `${plural(jobs, 'job')} and ${plural(members, 'member')} move to ${intoName} ` +
            `(as members, not owners), and ${fromName} is suspended. This cannot be undone.`,
          confirm: 'Merge for good',
        },
      };
    }
    case 'unpublish':
    case 'unpublish-reported': {
      const reported = intent === 'unpublish-reported';
      const job = await moderation.unpublishPreview(jobId, reported);
      if (!job.ok) return job;
      const summary = `Unpublish “${job.title}” at ${job.companyName}?`;
      return {
        ok: true,
        question: {
          intent,
          fields: { jobId: String(jobId) },
          summary,
          text:
            `${summary} It closes at once: it leaves the board and its page says it is no ` +
            `longer active${reported ? ', and its open reports are closed with it' : ''}. ` +
            'It cannot be reopened from here; the employer can only post it again.',
          confirm: 'Unpublish for good',
        },
      };
    }
    case 'suspend': {
      const company = await moderation.suspendPreview(companyId);
      if (!company.ok) {
        // Suspended, not merged (a merged company is suspended too, but nobody asked for that).
        const row = await companyRow(moderation, companyId);
        return row?.suspended && row.mergedIntoId === null ? undefined : company;
      }
      const { companyName, liveJobs } = company;
      return {
        ok: true,
        question: {
          intent,
          fields: { companyId: String(companyId) },
          summary: `Suspend ${companyName}?`,
          text:
            `Suspend ${companyName} #${companyId}? Its company page and its ` +
            `${plural(liveJobs, 'live job')} leave the board at once and stay hidden until ` +
            'you unsuspend it.',
          confirm: 'Suspend now',
        },
      };
    }
    case 'maintenance-on':
      if (await moderation.maintenance()) return HOLDS;
      return {
        ok: true,
        question: {
          intent,
          fields: {},
          summary: 'Put the site into maintenance?',
          text:
            'Put the site into maintenance? Every page answers with the maintenance page ' +
            '(HTTP 503), and no form changes anything, until maintenance is turned off; only ' +
            'the sign-in page, the unsubscribe links of alert e-mails and, for operators, this ' +
            'console stay open.',
          confirm: 'Put the site into maintenance',
        },
      };
    default:
      return undefined;
  }
}

// The /account page's changes to the signed-in seeker's own alerts: how often, pause or resume,
// and delete, as the mailed manage page makes them by token (alert-manage.tsx). Here the account's
// verified address decides, so an alert of another address is refused and left as it was.
import { data } from 'react-router';
import {
  ALERT_FREQUENCIES,
  type AlertChange,
  type AlertFrequency,
  type AlertView,
} from '../../../shared/seeker-services.ts';
import type { SignedInAccount } from '../../../shared/account-services.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { PRIVATE } from '../accounts/account-actions.server.ts';
import type { AccountAlertIntent } from './account-alerts.tsx';
import { field, seekerServices } from './seeker.server.ts';

/** The largest id a row can have (a serial): a bigger number is no alert, not a database error. */
export const MAX_ALERT_ID = 2_147_483_647;

/** What a forged, stale or another address's alert id is told; the same for each, so none is revealed. */
export const NOT_YOUR_ALERT =
  'That alert is not one of your alerts, so nothing was changed. It may have been deleted; your alerts are listed here.';

const NOT_VERIFIED = 'Confirm your e-mail address to change your job alerts here.';

/**
 * An alert's name in quotes: single ones around a name that holds double ones (a search's words,
 * `Jobs matching “react”`), so quotes nest instead of running together.
 */
const quoted = (label: string) => (label.includes('“') ? `‘${label}’` : `“${label}”`);

/** What a change did, in the words of the alert's row. */
function doneMessage(intent: AccountAlertIntent, alert: AlertView): string {
  const name = quoted(alert.label);
  const starts = alert.confirmed
    ? ''
    : ' It starts when you follow the link in its confirmation e-mail.';
  if (intent === 'alert-pause') return `Paused: ${name} sends no e-mails until you resume it.`;
  if (intent === 'alert-resume') {
    return `Resumed: ${name} e-mails you ${alert.frequency} again.${starts}`;
  }
  const paused = alert.paused ? ' It stays paused until you resume it.' : '';
  return `Saved: ${name} e-mails you ${alert.frequency}.${paused}${starts}`;
}

function answer(
  intent: AccountAlertIntent,
  status: number,
  outcome: { ok: boolean; message: string; alertId: number | null },
) {
  return data(
    { intent, ...outcome, fieldErrors: {} },
    { status, headers: { 'Cache-Control': PRIVATE } },
  );
}

/** Changes one of the account's alerts as `intent` asks: the page's answer (never a 500). */
export async function changeAccountAlert(
  context: AppLoadContext,
  account: SignedInAccount,
  intent: AccountAlertIntent,
  form: FormData,
) {
  if (!account.emailVerified) {
    return answer(intent, 403, { ok: false, message: NOT_VERIFIED, alertId: null });
  }
  const id = Number(field(form, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ALERT_ID) {
    return answer(intent, 404, { ok: false, message: NOT_YOUR_ALERT, alertId: null });
  }
  const alerts = seekerServices(context).alerts;
  if (intent === 'alert-delete') {
    const alert = (await alerts.forEmail(account.email)).find((a) => a.id === id);
    if (!alert || !(await alerts.deleteForEmail(account.email, id))) {
      return answer(intent, 404, { ok: false, message: NOT_YOUR_ALERT, alertId: null });
    }
    const message = `Deleted: ${quoted(alert.label)} sends no more e-mails.`;
    return answer(intent, 200, { ok: true, message, alertId: id });
  }
  let change: AlertChange;
  if (intent === 'alert-frequency') {
    const frequency = field(form, 'frequency');
    if (!ALERT_FREQUENCIES.includes(frequency as AlertFrequency)) {
      return answer(intent, 400, { ok: false, message: 'Choose daily or weekly.', alertId: id });
    }
    change = { frequency: frequency as AlertFrequency };
  } else {
    change = { paused: intent === 'alert-pause' };
  }
  const alert = await alerts.updateForEmail(account.email, id, change);
  if (!alert) return answer(intent, 404, { ok: false, message: NOT_YOUR_ALERT, alertId: null });
  return answer(intent, 200, { ok: true, message: doneMessage(intent, alert), alertId: alert.id });
}

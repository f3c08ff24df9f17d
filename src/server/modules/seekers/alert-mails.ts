// The e-mails of alerts: the double opt-in, the note to an address that already follows a search,
// and the digest. Each carries the alert's one-click unsubscribe (RFC 8058) and its manage link.
import { APP_NAME } from '../../../shared/constants.ts';
import { renderMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export const alertPaths = {
  confirm: '/alerts/confirm',
  manage: '/alerts/manage',
  unsubscribe: '/alerts/unsubscribe',
  jobs: '/jobs',
  job: (pageUrl: string) => `/job-description/${encodeURIComponent(pageUrl)}`,
} as const;

export interface AlertMailContext {
  publicUrl: string;
}

function link(ctx: AlertMailContext, path: string, token?: string): string {
  const url = new URL(path, ctx.publicUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

export function searchLink(ctx: AlertMailContext, query: string): string {
  return new URL(`${alertPaths.jobs}${query ? `?${query}` : ''}`, ctx.publicUrl).toString();
}

/** RFC 2369 and RFC 8058: mail clients offer "Unsubscribe" and POST to it in one click. */
function unsubscribeHeaders(ctx: AlertMailContext, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${link(ctx, alertPaths.unsubscribe, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function footer(ctx: AlertMailContext, token: string): string[] {
  return [
    `Change how often, pause or delete this alert: ${link(ctx, alertPaths.manage, token)}`,
    `Unsubscribe: ${link(ctx, alertPaths.unsubscribe, token)}`,
  ];
}

export function confirmAlertMail(
  ctx: AlertMailContext,
  to: string,
  alert: { label: string; frequency: string },
  token: string,
): MailMessage {
  const content = renderMail({
    appName: APP_NAME,
    intro: [
      `Someone asked for ${alert.frequency} e-mails of new jobs on ${APP_NAME}: ${alert.label}.`,
      'Confirm that you want them; nothing is sent before you do.',
    ],
    action: { label: 'Confirm my job alert', url: link(ctx, alertPaths.confirm, token) },
    outro: [
      'If you did not ask for this, ignore this message: the request is deleted after 7 days.',
      ...footer(ctx, token),
    ],
  });
  return {
    to,
    subject: `Confirm your job alert: ${alert.label}`,
    ...content,
    headers: unsubscribeHeaders(ctx, token),
  };
}

export function alreadyFollowingMail(
  ctx: AlertMailContext,
  to: string,
  alert: { label: string },
  token: string,
): MailMessage {
  const content = renderMail({
    appName: APP_NAME,
    intro: [
      `Someone asked for job alerts on ${APP_NAME} for a search this address already follows: ${alert.label}.`,
      'Nothing has changed. You can change or delete the alert here:',
    ],
    action: { label: 'Manage my alert', url: link(ctx, alertPaths.manage, token) },
    outro: [`Unsubscribe: ${link(ctx, alertPaths.unsubscribe, token)}`],
  });
  return {
    to,
    subject: `You already follow this search: ${alert.label}`,
    ...content,
    headers: unsubscribeHeaders(ctx, token),
  };
}

export interface DigestJob {
  title: string;
  pageUrl: string;
  companyName: string;
  location: string;
}

export function digestMail(
  ctx: AlertMailContext,
  to: string,
  alert: { label: string; query: string },
  jobs: DigestJob[],
  token: string,
): MailMessage {
  const count = jobs.length === 1 ? '1 new job' : `${jobs.length} new jobs`;
  const content = renderMail({
    appName: APP_NAME,
    intro: [
      `${count} since our last e-mail: ${alert.label}.`,
      ...jobs.map(
        (job) =>
          `${job.title} at ${job.companyName} — ${job.location}\n${link(ctx, alertPaths.job(job.pageUrl))}`,
      ),
    ],
    action: { label: 'See the whole search', url: searchLink(ctx, alert.query) },
    outro: footer(ctx, token),
  });
  return {
    to,
    subject: `${count}: ${alert.label}`,
    ...content,
    headers: unsubscribeHeaders(ctx, token),
  };
}

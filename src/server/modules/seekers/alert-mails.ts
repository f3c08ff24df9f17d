// The e-mails of alerts: the double opt-in, the note to an address that already follows a search,
// and the digest. Each carries the alert's one-click unsubscribe (RFC 8058) and its manage link.
import { APP_NAME } from '../../../shared/constants.ts';
import { escapeMarkup } from '../../../shared/text.ts';
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

/** A paragraph of the text part, and the markup that stands for it in the HTML part. */
type Linked = [text: string, html: string];

function anchor(url: string, label: string): string {
  return `<a href="${escapeMarkup(url)}" style="color:#1d4ed8">${escapeMarkup(label)}</a>`;
}

/** "Label: address" in the text part; the label as a link in the HTML part. */
function labelledLink(label: string, url: string): Linked {
  return [`${label}: ${url}`, anchor(url, label)];
}

/**
 * renderMail writes every paragraph as escaped text, so its HTML shows bare addresses: swap the
 * given paragraphs (found by their exact escaped text) for markup with links.
 */
function withLinks(
  content: { text: string; html: string },
  linked: Linked[],
): { text: string; html: string } {
  let html = content.html;
  for (const [text, markup] of linked) {
    html = html.replace(`>${escapeMarkup(text)}</p>`, () => `>${markup}</p>`);
  }
  return { text: content.text, html };
}

function footer(ctx: AlertMailContext, token: string): Linked[] {
  return [
    labelledLink(
      'Change how often, pause or delete this alert',
      link(ctx, alertPaths.manage, token),
    ),
    labelledLink('Unsubscribe', link(ctx, alertPaths.unsubscribe, token)),
  ];
}

const texts = (linked: Linked[]) => linked.map(([text]) => text);

export function confirmAlertMail(
  ctx: AlertMailContext,
  to: string,
  alert: { label: string; frequency: string },
  token: string,
): MailMessage {
  const links = footer(ctx, token);
  const content = withLinks(
    renderMail({
      appName: APP_NAME,
      intro: [
        `Someone asked for ${alert.frequency} e-mails of new jobs on ${APP_NAME}: ${alert.label}.`,
        'Confirm that you want them; nothing is sent before you do.',
      ],
      action: { label: 'Confirm my job alert', url: link(ctx, alertPaths.confirm, token) },
      outro: [
        'If you did not ask for this, ignore this message: the request is deleted after 7 days.',
        ...texts(links),
      ],
    }),
    links,
  );
  return {
    to,
    subject: `Confirm your job alert: ${alert.label}`,
    ...content,
    headers: unsubscribeHeaders(ctx, token),
  };
}

/**
 * To an address that asked again for a search it follows: nothing changed, and if it asked for
 * another frequency, where to change it (the manage page; a repeat request never changes it, so
 * someone else typing the address cannot).
 */
export function alreadyFollowingMail(
  ctx: AlertMailContext,
  to: string,
  alert: { label: string; frequency: string; paused: boolean; asked: string },
  token: string,
): MailMessage {
  const links = [labelledLink('Unsubscribe', link(ctx, alertPaths.unsubscribe, token))];
  const has = `This address already has this alert, with ${alert.frequency} e-mails${alert.paused ? ' (paused now)' : ''}`;
  const words =
    alert.asked === alert.frequency
      ? [
          `${has}, so nothing has changed.`,
          // A paused alert's useful word is resume.
          `You can change, ${alert.paused ? 'resume' : 'pause'} or delete the alert here:`,
        ]
      : [
          `${has}. Asking again changed nothing: the e-mails still come ${alert.frequency}.`,
          `To get them ${alert.asked} instead, choose ${alert.asked} on the alert's page:`,
        ];
  const content = withLinks(
    renderMail({
      appName: APP_NAME,
      intro: [
        `Someone asked for ${alert.asked} e-mails of new jobs on ${APP_NAME} for a search this address already follows: ${alert.label}.`,
        ...words,
      ],
      action: { label: 'Manage my alert', url: link(ctx, alertPaths.manage, token) },
      outro: texts(links),
    }),
    links,
  );
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

/** The alert as the digest task reads it (alert-digest.ts passes its row). */
export interface DigestAlert {
  label: string;
  query: string;
  confirmed_at?: Date | string;
  /** Moved to each digest run's time; the confirmation sets it to confirmed_at. */
  sent_up_to?: Date | string | null;
}

/** No digest has run since the alert was confirmed: there was no "last e-mail" to speak of. */
export function isFirstDigest(alert: DigestAlert): boolean {
  if (!alert.sent_up_to) return true;
  if (!alert.confirmed_at) return false;
  return new Date(alert.sent_up_to).getTime() <= new Date(alert.confirmed_at).getTime();
}

/**
 * "2 new jobs since …: SDE jobs in Pune". A search with no filter is labelled just "Jobs", which
 * says nothing in an inbox: the mail names the site instead. "Since" is the alert's start for the
 * first digest, else the last check (which need not have sent a mail: it may have found nothing).
 */
function digestWords(alert: DigestAlert, jobCount: number) {
  const count = jobCount === 1 ? '1 new job' : `${jobCount} new jobs`;
  const since = isFirstDigest(alert) ? 'since you started this alert' : 'since we last checked';
  if (alert.query === '') {
    return { subject: `${count} on ${APP_NAME}`, intro: `${count} on ${APP_NAME} ${since}.` };
  }
  return { subject: `${count}: ${alert.label}`, intro: `${count} ${since}: ${alert.label}.` };
}

export function digestMail(
  ctx: AlertMailContext,
  to: string,
  alert: DigestAlert,
  jobs: DigestJob[],
  token: string,
): MailMessage {
  const words = digestWords(alert, jobs.length);
  // The text part gives each job's address under it; the HTML part links the title instead.
  const jobParagraphs = jobs.map((job): Linked => {
    const url = link(ctx, alertPaths.job(job.pageUrl));
    const rest = ` at ${job.companyName} — ${job.location}`;
    return [`${job.title}${rest}\n${url}`, `${anchor(url, job.title)}${escapeMarkup(rest)}`];
  });
  const links = footer(ctx, token);
  const content = withLinks(
    renderMail({
      appName: APP_NAME,
      intro: [words.intro, ...texts(jobParagraphs)],
      action: { label: 'See the whole search', url: searchLink(ctx, alert.query) },
      outro: texts(links),
    }),
    [...jobParagraphs, ...links],
  );
  return {
    to,
    subject: words.subject,
    ...content,
    headers: unsubscribeHeaders(ctx, token),
  };
}

// The digest's words: a first digest has no "last e-mail" to speak of, a search with no filter is
// named by the site, and the HTML part links the job titles and the manage and unsubscribe pages.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { confirmAlertMail, type DigestJob, digestMail } from './alert-mails.ts';

const ctx = { publicUrl: 'https://openings.example' };
const token = 't'.repeat(43);
const jobs: DigestJob[] = [
  { title: 'Backend <engineer>', pageUrl: 'backend-1', companyName: 'Acme', location: 'Pune' },
  { title: 'Data scientist', pageUrl: 'data-2', companyName: 'Globex', location: 'Munich' },
];
const confirmed = new Date('2026-06-10T08:00:00Z');
const first = { label: 'Jobs', query: '', confirmed_at: confirmed, sent_up_to: confirmed };
const later = { ...first, sent_up_to: new Date('2026-06-11T08:00:00Z') };

const links = (html: string) =>
  [...new JSDOM(html).window.document.querySelectorAll('a')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);

describe('digest mail', () => {
  it('names the site for a search with no filter, and the search otherwise', () => {
    expect(digestMail(ctx, 'a@example.com', first, jobs, token).subject).toBe(
      '2 new jobs on Openings',
    );
    const pune = { ...first, label: 'Jobs in Pune', query: 'location=3' };
    expect(digestMail(ctx, 'a@example.com', pune, jobs.slice(0, 1), token).subject).toBe(
      '1 new job: Jobs in Pune',
    );
  });

  it('says "since you started this alert" the first time, never "since our last e-mail"', () => {
    const one = digestMail(ctx, 'a@example.com', first, jobs, token);
    expect(one.text).toContain('2 new jobs on Openings since you started this alert.');
    expect(one.text).not.toContain('since our last e-mail');
    // Later: the last run may have found nothing and sent no mail, so it is the last check.
    const two = digestMail(ctx, 'a@example.com', later, jobs, token);
    expect(two.text).toContain('2 new jobs on Openings since we last checked.');
    expect(two.html).not.toContain('since our last e-mail');
  });

  it('links the job titles, the manage and the unsubscribe pages in the HTML part', () => {
    const mail = digestMail(ctx, 'a@example.com', later, jobs, token);
    expect(links(mail.html)).toEqual([
      ['Backend <engineer>', 'https://openings.example/job-description/backend-1'],
      ['Data scientist', 'https://openings.example/job-description/data-2'],
      ['See the whole search', 'https://openings.example/jobs'],
      [
        'Change how often, pause or delete this alert',
        `https://openings.example/alerts/manage?token=${token}`,
      ],
      ['Unsubscribe', `https://openings.example/alerts/unsubscribe?token=${token}`],
    ]);
    expect(mail.html).toContain(' at Acme — Pune');
    // The text part keeps each address in full, for clients that show only text.
    expect(mail.text).toContain(
      'Backend <engineer> at Acme — Pune\nhttps://openings.example/job-description/backend-1',
    );
    expect(mail.text).toContain(
      `Unsubscribe: https://openings.example/alerts/unsubscribe?token=${token}`,
    );
  });

  it('links the manage and unsubscribe pages of the confirmation mail too', () => {
    const mail = confirmAlertMail(
      ctx,
      'a@example.com',
      { label: 'Jobs', frequency: 'daily' },
      token,
    );
    expect(links(mail.html).map(([label]) => label)).toEqual([
      'Confirm my job alert',
      'Change how often, pause or delete this alert',
      'Unsubscribe',
    ]);
  });
});

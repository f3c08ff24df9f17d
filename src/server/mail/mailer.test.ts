// The mailer without SMTP_URL (the embedded default): each message becomes an .eml file in
// DATA_DIR/outbox with a text and an HTML part, and its links are logged as one JSON line. With
// SMTP_URL, mail to reserved domains is logged and not sent.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpSink, startSmtpSink } from '../../../test/support/smtp.ts';
import { renderMail } from './layout.ts';
import { createMailer, isReservedAddress, linksIn } from './mailer.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('outbox mailer', () => {
  it('writes an .eml file with both parts and logs its links', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'h4-mailer-'));
    dirs.push(dataDir);
    const lines: { obj: object; msg: string }[] = [];
    const mailer = createMailer({
      from: 'Openings <no-reply@example.com>',
      dataDir,
      log: { info: (obj, msg) => lines.push({ obj, msg }) },
    });
    const url = 'https://jobs.example.com/verify-email?token=abc.def-ghi_jkl';
    const content = renderMail({
      appName: 'Openings',
      intro: ['Hello <there> & welcome.'],
      action: { label: 'Confirm', url },
    });
    const sent = await mailer.send({
      to: 'asha@example.com',
      subject: 'Confirm your address',
      ...content,
    });

    expect(await readdir(path.join(dataDir, 'outbox'))).toEqual([path.basename(sent.file!)]);
    expect(sent.file).toMatch(/outbox\/\d{4}-\d\d-\d\dT[\d-]+Z-\d{3}-confirm-your-address\.eml$/);
    const mail = parseMail(await readFile(sent.file!, 'utf8'));
    expect(mail.subject).toBe('Confirm your address');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Hello <there> & welcome.');
    expect(mail.html).toContain('Hello &lt;there&gt; &amp; welcome.');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).not.toMatch(/<img|src=/i);
    expect(lines).toEqual([
      {
        msg: 'mail written to the outbox',
        obj: {
          mail: {
            to: 'asha@example.com',
            subject: 'Confirm your address',
            file: sent.file,
            links: [url],
          },
        },
      },
    ]);
    mailer.close();
  });

  it('finds every link once', () => {
    expect(
      linksIn('a https://x.example/a, then (https://x.example/b) and https://x.example/a'),
    ).toEqual(['https://x.example/a', 'https://x.example/b']);
  });
});

describe('SMTP mailer and reserved domains', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());
  const message = {
    subject: 'Your job closes soon',
    text: 'Extend it.',
    html: '<p>Extend it.</p>',
  };

  it('knows the RFC 2606 and RFC 6761 names', () => {
    for (const address of [
      'hiring@paysetutechnologies.example',
      'a@b.test',
      'a@nowhere.invalid',
      'a@localhost',
      'a@app.localhost.',
      'a@example.com',
      'a@jobs.EXAMPLE.org',
      'a@example.net',
      'Asha <asha@x.example>',
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
    for (const address of [
      'a@gmail.com',
      'a@example.co.uk',
      'a@myexample.com',
      'a@example.company',
      'a@test.de',
      'a@examples.com',
    ]) {
      expect(isReservedAddress(address), address).toBe(false);
    }
  });

  it('logs mail to a reserved domain instead of sending it, and sends the rest', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Openings <no-reply@openings.dev>',
      dataDir: '/nonexistent',
      log: { info: (obj, msg) => lines.push({ obj, msg }) },
    });
    const skipped = await mailer.send({ to: 'hiring@paysetutechnologies.example', ...message });
    await mailer.send({ to: 'asha@openings.dev', ...message });
    mailer.close();

    expect(skipped).toEqual({ messageId: '', skipped: true });
    expect(smtp.received.map((m) => m.to)).toEqual([['asha@openings.dev']]);
    expect(lines).toEqual([
      {
        msg: 'mail not sent: reserved domain',
        obj: { mail: { to: 'hiring@paysetutechnologies.example', subject: message.subject } },
      },
      { msg: 'mail sent', obj: { mail: expect.objectContaining({ to: 'asha@openings.dev' }) } },
    ]);
  });

  it('sends to reserved domains when SMTP_URL is a test catcher', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      smtpAllowReserved: true,
      from: 'Openings <no-reply@openings.dev>',
      dataDir: '/nonexistent',
      log: { info: () => {} },
    });
    await mailer.send({ to: 'asha@example.com', ...message });
    mailer.close();
    expect((await smtp.waitFor('asha@example.com', /closes soon/)).to).toEqual([
      'asha@example.com',
    ]);
  });
});

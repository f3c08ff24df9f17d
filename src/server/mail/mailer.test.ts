// The mailer without SMTP_URL (the embedded default): each message becomes an .eml file in
// DATA_DIR/outbox with a text and an HTML part, and its links are logged as one JSON line.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../../test/support/smtp.ts';
import { renderMail } from './layout.ts';
import { createMailer, linksIn } from './mailer.ts';

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
